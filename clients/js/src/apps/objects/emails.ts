import type { AdminComponents, ServerComponents } from "../../generated.js";

/** A theme choice: a theme id, `false` for no theme, null or absent for the project's selected theme. */
export type ThemeChoice = string | null | false;

/** Recipients, exactly one of: some users by id, or every user of the project. */
type Recipients = { userIds: string[]; allUsers?: undefined } | { allUsers: true; userIds?: undefined };
/** Content, exactly one of: HTML, a template with its variables, or a draft (marked sent). */
type Content =
  | { html: string; templateId?: undefined; draftId?: undefined }
  | { templateId: string; variables?: Record<string, unknown>; html?: undefined; draftId?: undefined }
  | { draftId: string; html?: undefined; templateId?: undefined };

/** What `sendEmail` takes. Stack's `SendEmailOptions`. */
export type SendEmailOptions = { themeId?: ThemeChoice; subject?: string; notificationCategoryName?: string } & Recipients & Content;

/** The request body of `POST /emails/send-email`. */
export function sendEmailBody(options: SendEmailOptions): ServerComponents["schemas"]["SendEmailRequest"] {
  return {
    user_ids: options.userIds,
    ...(options.allUsers === true && { all_users: true as const }),
    subject: options.subject,
    notification_category_name: options.notificationCategoryName,
    theme_id: options.themeId,
    html: options.html,
    template_id: options.templateId,
    ...("variables" in options && options.variables !== undefined && { variables: options.variables as Record<string, ServerComponents["schemas"]["JsonValue"]> }),
    draft_id: options.draftId,
  };
}

/** An e-mail of the project's sent log. Stack's `AdminSentEmail`. */
export interface AdminSentEmail {
  id: string;
  to: string[];
  subject: string;
  /** The first recipient ("" without one). */
  recipient: string;
  sentAt: Date;
  /** Why the mail was not sent (or is being retried); absent once sent. */
  error?: unknown;
}

export function sentEmailOf(json: AdminComponents["schemas"]["SentEmail"]): AdminSentEmail {
  return {
    id: json.id,
    to: json.to,
    subject: json.subject,
    recipient: json.to[0] ?? "",
    sentAt: new Date(json.sent_at_millis),
    ...(json.error !== undefined && json.error !== null && { error: json.error }),
  };
}

export interface EmailTheme {
  id: string;
  displayName: string;
}

export interface EmailTemplate {
  id: string;
  displayName: string;
  /** A theme id, `false` for none; absent: the project's selected theme. */
  themeId?: string | false;
  tsxSource: string;
}

export interface EmailDraft {
  id: string;
  displayName: string;
  /** A theme id, `false` for none; undefined: the project's selected theme. */
  themeId: string | undefined | false;
  tsxSource: string;
  sentAt: Date | null;
}

export function templateOf(json: AdminComponents["schemas"]["EmailTemplate"]): EmailTemplate {
  return { id: json.id, displayName: json.display_name, ...(json.theme_id !== undefined && { themeId: json.theme_id }), tsxSource: json.tsx_source };
}

export function draftOf(json: AdminComponents["schemas"]["EmailDraft"]): EmailDraft {
  return {
    id: json.id,
    displayName: json.display_name,
    themeId: json.theme_id,
    tsxSource: json.tsx_source,
    sentAt: json.sent_at_millis === undefined || json.sent_at_millis === null ? null : new Date(json.sent_at_millis),
  };
}

/** A draft's fields as the API takes them (`themeId: undefined` means the project's selected theme). */
export function draftBody(data: { displayName?: string; themeId?: string | undefined | false; tsxSource?: string }) {
  return {
    display_name: data.displayName,
    ...("themeId" in data && { theme_id: data.themeId ?? null }),
    tsx_source: data.tsxSource,
  };
}

/** What `getEmailPreview` takes: a template (by id or source) in a theme (by id or source). */
export interface EmailPreviewOptions {
  themeId?: ThemeChoice;
  themeTsxSource?: string;
  templateId?: string;
  templateTsxSource?: string;
}

export function previewBody(options: EmailPreviewOptions) {
  return {
    theme_id: options.themeId,
    theme_tsx_source: options.themeTsxSource,
    template_id: options.templateId,
    template_tsx_source: options.templateTsxSource,
  };
}
