/**
 * E-mail templates, themes and drafts (admin), and the render preview. Templates and themes are TSX
 * modules kept in the project's configuration (`emails.templates`, `emails.themes`; the built-ins
 * included); drafts are TSX templates stored on their own, to send once. Rendering happens in the
 * server's sandbox; a source that fails to render answers EMAIL_RENDERING_ERROR with the reason.
 */
import { z } from "zod";
import { millis, nonEmptyString, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const tags = ["E-mail templates"];

const tsxSource = z.string().max(256 * 1024, "must be at most 262144 characters").meta({ description: "A TSX module (React Email components)." });
const displayName = nonEmptyString(256).meta({ example: "Welcome" });

/** Stored theme choice: a theme id or `false` for none (absent: the project's selected theme). */
const storedThemeId = z.union([uuid, z.literal(false)]).meta({ description: "A theme id, or `false` for no theme; absent: the project's selected theme." });
/** A theme reference in a request: as stored, or null for the project's selected theme. */
const themeReference = storedThemeId.nullable();

const idParams = z.strictObject({ id: uuid });
const created = z.object({ id: z.string() });

export const emailTemplate = z
  .object({ id: z.string(), display_name: z.string(), tsx_source: z.string(), theme_id: storedThemeId.optional() })
  .meta({ id: "EmailTemplate" });

export const emailDraft = z
  .object({
    id: z.string(),
    display_name: z.string(),
    tsx_source: z.string(),
    theme_id: storedThemeId.optional(),
    sent_at_millis: millis.nullable().optional(),
  })
  .meta({ id: "EmailDraft" });

export const listEmailTemplates = defineProcedure({
  method: "GET",
  path: "/internal/email-templates",
  access: "admin",
  summary: "List the project's e-mail templates, the built-ins included",
  tags,
  successStatus: 200,
  errors: [],
  output: z.object({ templates: z.array(emailTemplate) }),
});

export const createEmailTemplate = defineProcedure({
  method: "POST",
  path: "/internal/email-templates",
  access: "admin",
  summary: "Create an e-mail template from the starter template",
  tags,
  successStatus: 200,
  errors: [],
  body: z.strictObject({ display_name: displayName }),
  output: created,
});

export const updateEmailTemplate = defineProcedure({
  rateLimit: "email-render",
  method: "PATCH",
  path: "/internal/email-templates/{id}",
  access: "admin",
  summary: "Save a template's source (and theme) once it renders; answers the preview",
  description:
    "The source is rendered in preview mode first (its PreviewVariables, the chosen theme): it must render and set `<Subject>` and `<NotificationCategory>`. Needs the project's own e-mail server.",
  tags,
  successStatus: 200,
  errors: ["REQUIRES_CUSTOM_EMAIL_SERVER", "EMAIL_RENDERING_ERROR", "emailTemplateNotFound", "tooManyRequests"],
  params: idParams,
  body: z.strictObject({ tsx_source: tsxSource, theme_id: themeReference.optional() }),
  output: z.object({ rendered_html: z.string() }),
});

export const listEmailThemes = defineProcedure({
  method: "GET",
  path: "/internal/email-themes",
  access: "admin",
  summary: "List the project's e-mail themes, the built-ins included",
  tags,
  successStatus: 200,
  errors: [],
  output: z.object({ themes: z.array(z.object({ id: z.string(), display_name: z.string() })) }),
});

export const createEmailTheme = defineProcedure({
  method: "POST",
  path: "/internal/email-themes",
  access: "admin",
  summary: "Create an e-mail theme from the built-in light theme",
  tags,
  successStatus: 200,
  errors: [],
  body: z.strictObject({ display_name: displayName }),
  output: created,
});

export const getEmailTheme = defineProcedure({
  method: "GET",
  path: "/internal/email-themes/{id}",
  access: "admin",
  summary: "Read a theme's source",
  tags,
  successStatus: 200,
  errors: ["emailThemeNotFound"],
  params: idParams,
  output: z.object({ display_name: z.string(), tsx_source: z.string() }),
});

export const updateEmailTheme = defineProcedure({
  rateLimit: "email-render",
  method: "PATCH",
  path: "/internal/email-themes/{id}",
  access: "admin",
  summary: "Save a theme's source once it renders",
  tags,
  successStatus: 200,
  errors: ["EMAIL_RENDERING_ERROR", "emailThemeNotFound", "tooManyRequests"],
  params: idParams,
  body: z.strictObject({ tsx_source: tsxSource }),
  output: z.object({ display_name: z.string() }),
});

export const listEmailDrafts = defineProcedure({
  method: "GET",
  path: "/internal/email-drafts",
  access: "admin",
  summary: "List the project's e-mail drafts, newest first",
  tags,
  successStatus: 200,
  errors: [],
  output: z.object({ drafts: z.array(emailDraft) }),
});

export const createEmailDraft = defineProcedure({
  method: "POST",
  path: "/internal/email-drafts",
  access: "admin",
  summary: "Create an e-mail draft (from the starter template unless a source is given)",
  tags,
  successStatus: 200,
  errors: [],
  body: z.strictObject({ display_name: displayName, theme_id: themeReference.optional(), tsx_source: tsxSource.optional() }),
  output: created,
});

export const getEmailDraft = defineProcedure({
  method: "GET",
  path: "/internal/email-drafts/{id}",
  access: "admin",
  summary: "Read a draft",
  tags,
  successStatus: 200,
  errors: ["emailDraftNotFound"],
  params: idParams,
  output: emailDraft,
});

export const updateEmailDraft = defineProcedure({
  method: "PATCH",
  path: "/internal/email-drafts/{id}",
  access: "admin",
  summary: "Change a draft's name, source or theme",
  tags,
  successStatus: 200,
  errors: ["emailDraftNotFound"],
  params: idParams,
  body: z.strictObject({ display_name: displayName.optional(), theme_id: themeReference.optional(), tsx_source: tsxSource.optional() }),
  output: z.object({ ok: z.literal("ok") }),
});

export const renderEmail = defineProcedure({
  rateLimit: "email-render",
  method: "POST",
  path: "/emails/render-email",
  access: "admin",
  summary: "Preview a template (by id or source) in a theme (by id or source)",
  description:
    "Exactly one of `template_id` and `template_tsx_source`; at most one of `theme_id` and `theme_tsx_source`. Renders in preview mode (the template's PreviewVariables, the theme's PreviewProps).",
  tags,
  successStatus: 200,
  errors: ["EMAIL_RENDERING_ERROR", "renderTemplateNotFound", "renderThemeNotFound", "tooManyRequests"],
  body: z.strictObject({
    template_id: uuid.optional(),
    template_tsx_source: tsxSource.optional(),
    theme_id: themeReference.optional(),
    theme_tsx_source: tsxSource.optional(),
  }),
  output: z.object({ html: z.string(), subject: z.string().optional(), notification_category: z.string().optional() }),
});

/** This file's procedures, registered in contract/index.ts. */
export const emailTemplateProcedures = {
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
} as const;
