import type * as c from "../../contract/email-templates.js";
import { knownError, statusError } from "../errors.js";
import type { Handler, HandlerMap, RequestContext } from "../http/handler.js";
import { createDraft, getDraft, listDrafts, updateDraft } from "../services/email/catalogue/drafts.js";
import { previewEmail, previewTemplateForSaving, previewThemeForSaving } from "../services/email/catalogue/preview.js";
import {
  createTemplate,
  createTheme,
  findTemplate,
  findTheme,
  listTemplates,
  listThemes,
  updateTemplate,
  updateThemeSource,
} from "../services/email/catalogue/themes.js";
import type { EmailProject } from "../services/email/compose.js";
import { emailDraftToJson, emailTemplateToJson, emailThemeSummaryToJson, emailThemeToJson } from "../views/email-templates.js";
import { actorOf } from "./actor.js";

function emailProject(ctx: RequestContext): EmailProject {
  return { id: ctx.auth.project.id, displayName: ctx.auth.project.displayName, logoUrl: ctx.auth.project.logoUrl, config: ctx.projectConfig };
}

const listEmailTemplates: Handler<typeof c.listEmailTemplates> = async (ctx) => ({ templates: listTemplates(ctx.projectConfig).map(emailTemplateToJson) });

const createEmailTemplate: Handler<typeof c.createEmailTemplate> = async (ctx, { body }) => ({
  id: await createTemplate(ctx.deps, ctx.auth.project.id, body.display_name, actorOf(ctx.auth)),
});

const updateEmailTemplate: Handler<typeof c.updateEmailTemplate> = async (ctx, { params, body }) => {
  if (ctx.projectConfig.emails.server.isShared) throw knownError("REQUIRES_CUSTOM_EMAIL_SERVER");
  const template = findTemplate(ctx.projectConfig, params.id);
  if (!template) throw statusError("emailTemplateNotFound");
  const themeId = body.theme_id === undefined || body.theme_id === null ? template.themeId : body.theme_id;
  const rendered = await previewTemplateForSaving(ctx.deps, emailProject(ctx), body.tsx_source, themeId);
  await updateTemplate(ctx.deps, ctx.auth.project.id, params.id, { tsxSource: body.tsx_source, ...(body.theme_id !== undefined && { themeId: body.theme_id }) }, actorOf(ctx.auth));
  return { rendered_html: rendered.html };
};

const listEmailThemes: Handler<typeof c.listEmailThemes> = async (ctx) => ({ themes: listThemes(ctx.projectConfig).map(emailThemeSummaryToJson) });

const createEmailTheme: Handler<typeof c.createEmailTheme> = async (ctx, { body }) => ({
  id: await createTheme(ctx.deps, ctx.auth.project.id, body.display_name, actorOf(ctx.auth)),
});

const getEmailTheme: Handler<typeof c.getEmailTheme> = async (ctx, { params }) => {
  const theme = findTheme(ctx.projectConfig, params.id);
  if (!theme) throw statusError("emailThemeNotFound");
  return emailThemeToJson(theme);
};

const updateEmailTheme: Handler<typeof c.updateEmailTheme> = async (ctx, { params, body }) => {
  if (!findTheme(ctx.projectConfig, params.id)) throw statusError("emailThemeNotFound");
  await previewThemeForSaving(ctx.deps, emailProject(ctx), body.tsx_source);
  const theme = await updateThemeSource(ctx.deps, ctx.auth.project.id, ctx.projectConfig, params.id, body.tsx_source, actorOf(ctx.auth));
  return { display_name: theme.displayName };
};

const listEmailDrafts: Handler<typeof c.listEmailDrafts> = async (ctx) => ({
  drafts: (await listDrafts(ctx.deps, ctx.auth.project.id)).map(emailDraftToJson),
});

const createEmailDraft: Handler<typeof c.createEmailDraft> = async (ctx, { body }) => {
  const draft = await createDraft(ctx.deps, ctx.auth.project.id, {
    displayName: body.display_name,
    ...(body.tsx_source !== undefined && { tsxSource: body.tsx_source }),
    ...(body.theme_id !== undefined && { themeId: body.theme_id }),
  });
  return { id: draft.id };
};

const getEmailDraft: Handler<typeof c.getEmailDraft> = async (ctx, { params }) => emailDraftToJson(await getDraft(ctx.deps, ctx.auth.project.id, params.id));

const updateEmailDraft: Handler<typeof c.updateEmailDraft> = async (ctx, { params, body }) => {
  await updateDraft(ctx.deps, ctx.auth.project.id, params.id, {
    ...(body.display_name !== undefined && { displayName: body.display_name }),
    ...(body.tsx_source !== undefined && { tsxSource: body.tsx_source }),
    ...(body.theme_id !== undefined && { themeId: body.theme_id }),
  });
  return { ok: "ok" as const };
};

const renderEmail: Handler<typeof c.renderEmail> = async (ctx, { body }) => {
  if ((body.template_id === undefined) === (body.template_tsx_source === undefined)) {
    throw knownError("SCHEMA_ERROR", { message: "Exactly one of template_id or template_tsx_source must be provided" });
  }
  if (body.theme_id !== undefined && body.theme_tsx_source !== undefined) {
    throw knownError("SCHEMA_ERROR", { message: "At most one of theme_id or theme_tsx_source may be provided" });
  }
  let templateTsx = body.template_tsx_source;
  let themeId = body.theme_id === null ? undefined : body.theme_id;
  if (body.template_id !== undefined) {
    const template = findTemplate(ctx.projectConfig, body.template_id);
    if (!template) throw statusError("renderTemplateNotFound");
    templateTsx = template.tsxSource;
    if (themeId === undefined) themeId = template.themeId;
  }
  if (typeof themeId === "string" && !findTheme(ctx.projectConfig, themeId)) throw statusError("renderThemeNotFound");
  const rendered = await previewEmail(ctx.deps, emailProject(ctx), {
    templateTsx: templateTsx!,
    ...(body.theme_tsx_source !== undefined && { themeTsx: body.theme_tsx_source }),
    ...(themeId !== undefined && { themeId }),
  });
  return {
    html: rendered.html,
    ...(rendered.subject !== undefined && { subject: rendered.subject }),
    ...(rendered.notificationCategory !== undefined && { notification_category: rendered.notificationCategory }),
  };
};

export const emailTemplateHandlers = {
  listEmailTemplates,
  createEmailTemplate,
  updateEmailTemplate,
  listEmailThemes,
  createEmailTheme,
  getEmailTheme,
  updateEmailTheme,
  listEmailDrafts,
  createEmailDraft,
  getEmailDraft,
  updateEmailDraft,
  renderEmail,
} satisfies HandlerMap<typeof c.emailTemplateProcedures>;
