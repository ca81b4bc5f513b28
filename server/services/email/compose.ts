/**
 * Composing one e-mail for one recipient: the content (a template of the project's config with its
 * variables, raw HTML, or a draft) rendered inside a theme in the sandbox, answering the subject, the
 * HTML and plain-text parts and the notification category. Every mail the server sends goes through
 * here: the product's own mails (product-mails.ts) and send-email.
 *
 * @example
 * const mail = await composeEmail(deps, project, {
 *   kind: "template", templateId, variables: { link },
 *   recipient: { displayName: "Ada", email: "ada@example.com", locale: "en" },
 * });
 * // mail: { subject, html, text, notificationCategory }
 *
 * Throws EMAIL_RENDERING_ERROR (known error) when the theme or content fails to render, and the
 * status errors `sendEmailTemplateNotFound` / `sendEmailDraftNotFound` for an id the project does not
 * have (send-email's answers; callers with other wording check first with findTemplate / findDraft).
 */
import type { ProjectRow } from "../../db/queries/projects.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { projectBranding } from "../branding/branding.js";
import { readableTextOn } from "../branding/colors.js";
import { renderProjectConfig } from "../config/project-config.js";
import type { RenderedConfig } from "../config/index.js";
import type { EmailRenderKind } from "../metrics.js";
import { renderEmail } from "./catalogue/renderer.js";
import { findDraft } from "./catalogue/drafts.js";
import { findTemplate, themeSource, type ThemeChoice } from "./catalogue/themes.js";
import { templateFromHtml } from "./render/defaults/index.js";

/** The category of a mail whose template names none (and of every built-in mail). */
export const DEFAULT_NOTIFICATION_CATEGORY = "Transactional";

export interface EmailRecipient {
  /** Shown by templates as `user.displayName`. */
  displayName?: string | null;
  email?: string;
  /** The recipient's locale (e.g. "de-CH"), given to the template as the `locale` variable. */
  locale?: string | null;
  /** The one-click unsubscribe link; give it for non-transactional mails (themes show it). */
  unsubscribeLink?: string;
}

export type EmailContent =
  | { kind: "template"; templateId: string; variables?: Record<string, unknown> }
  | { kind: "html"; html: string }
  | { kind: "draft"; draftId: string }
  /** TSX given inline (render-email previews). */
  | { kind: "source"; templateTsx: string; variables?: Record<string, unknown> };

export type ComposeInput = EmailContent & {
  /**
   * A theme id; `false` or `null`: no theme; undefined: the template's or draft's own theme choice,
   * else the project's selected theme. An id the project does not have means the selected theme. (On
   * the wire `theme_id: null` means the selected theme: handlers map it to undefined.)
   */
  themeId?: ThemeChoice;
  /** TSX of a theme given inline (render-email previews); wins over `themeId`. */
  themeTsx?: string;
  /** Overrides the template's `<Subject>` (and is the subject of `html` mails). */
  subject?: string;
  recipient?: EmailRecipient;
  /** Render with the template's preview variables and the theme's preview props (render-email). */
  previewMode?: boolean;
  /** Where drafts are read (the caller's transaction); default the root db. */
  db?: Db;
  /** One of the product's own mails (its built-in template or the project's copy): counted as kind `default`. */
  productMail?: boolean;
};

export interface ComposedEmail {
  subject: string;
  html: string;
  text: string;
  notificationCategory: string;
}

export interface EmailProject {
  id: string;
  displayName: string;
  /** The project's `logo_url`: themes show it (services/branding/branding.ts). */
  logoUrl?: string | null;
  config: RenderedConfig;
}

/** The project as composing needs it (its rendered config), from a row or as given. */
export function emailProject(project: ProjectRow | EmailProject): EmailProject {
  return "config" in project ? project : { id: project.id, displayName: project.displayName, logoUrl: project.logoUrl, config: renderProjectConfig(project) };
}

/**
 * The language a mail is written in: the recipient's when known, else the project's (`emails.locale`);
 * undefined means English (the built-in texts' fallback).
 */
export function mailLocale(project: EmailProject, recipient: EmailRecipient | undefined): string | undefined {
  return recipient?.locale ?? project.config.emails.locale;
}

/** What to render: the template source, its variables and the theme choice the content carries. */
async function resolveContent(deps: AppDeps, project: EmailProject, input: ComposeInput): Promise<{ templateTsx: string; variables: Record<string, unknown>; themeId: ThemeChoice }> {
  switch (input.kind) {
    case "template": {
      const template = findTemplate(project.config, input.templateId);
      if (!template) throw statusError("sendEmailTemplateNotFound");
      return { templateTsx: template.tsxSource, variables: input.variables ?? {}, themeId: template.themeId };
    }
    case "draft": {
      const draft = await findDraft(deps, project.id, input.draftId, input.db);
      if (!draft) throw statusError("sendEmailDraftNotFound");
      return { templateTsx: draft.tsxSource, variables: {}, themeId: draft.themeId };
    }
    case "html":
      return { templateTsx: templateFromHtml(input.html), variables: {}, themeId: undefined };
    case "source":
      return { templateTsx: input.templateTsx, variables: input.variables ?? {}, themeId: undefined };
  }
}

/** Renders the e-mail (see the module comment); the subject falls back to the project's name. */
export async function composeEmail(deps: AppDeps, projectInput: ProjectRow | EmailProject, input: ComposeInput): Promise<ComposedEmail> {
  const project = emailProject(projectInput);
  const content = await resolveContent(deps, project, input);
  const themeTsx = input.themeTsx ?? themeSource(project.config, input.themeId !== undefined ? input.themeId : content.themeId);
  const locale = mailLocale(project, input.recipient);
  const variables = locale && content.variables.locale === undefined ? { ...content.variables, locale } : content.variables;
  const rendered = await renderEmail(deps, renderKind(input), {
    projectId: project.id,
    themeTsx,
    templateTsx: content.templateTsx,
    variables,
    project: themeProject(deps, project),
    // A preview shows the template's placeholder user unless a recipient is given.
    ...((!input.previewMode || input.recipient) && { user: { displayName: input.recipient?.displayName ?? null } }),
    ...(input.recipient?.unsubscribeLink !== undefined && { unsubscribeLink: input.recipient.unsubscribeLink }),
    ...(input.previewMode && { previewMode: true }),
  });
  return {
    subject: oneLine(input.subject ?? rendered.subject ?? project.displayName),
    html: rendered.html,
    text: rendered.text,
    notificationCategory: rendered.notificationCategory ?? DEFAULT_NOTIFICATION_CATEGORY,
  };
}

/** The project as themes see it: its name, absolute logo URLs and colours (a null colour: the theme's own). */
function themeProject(deps: Pick<AppDeps, "config">, project: EmailProject) {
  const { name, logoUrl, darkLogoUrl, primaryColor } = projectBranding(deps, project);
  return { displayName: name, logoUrl, darkLogoUrl, primaryColor, onPrimaryColor: primaryColor && readableTextOn(primaryColor) };
}

/** The kind the render metric counts this mail under (a fixed set). */
function renderKind(input: ComposeInput): EmailRenderKind {
  if (input.productMail) return "default";
  switch (input.kind) {
    case "template":
    case "source":
      return "template";
    case "draft":
      return "draft";
    case "html":
      return "html";
  }
}

/** Header values must not carry line breaks. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, " ").trim();
}
