/**
 * Sending e-mail to users (custom HTML, a template or a draft), the sent log, the SMTP test mail, the
 * sign-in invitation, notification preferences, one-click unsubscribe and the local inbox. Templates,
 * themes, drafts and the render preview are in contract/email-templates.ts.
 */
import { z } from "zod";
import { email, jsonValue, listOf, millis, urlString, userIdOrMe, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const tags = ["E-mails"];

/** The fixed notification categories (ids as Stack's). Transactional mail cannot be turned off. */
export const notificationCategories = [
  { id: "7bb82d33-2f54-4a3d-9d23-82739e0d66ef", name: "Transactional", defaultEnabled: true, canDisable: false },
  { id: "4f6f8873-3d04-46bd-8bef-18338b1a1b4c", name: "Marketing", defaultEnabled: true, canDisable: true },
] as const;

export type NotificationCategory = (typeof notificationCategories)[number];

/** A theme reference: a theme id, `false` for no theme, null (or absent) for the project's selected theme. */
export const themeReference = z
  .union([uuid, z.literal(false)])
  .nullable()
  .meta({ description: "A theme id; `false`: no theme; null or absent: the project's selected theme.", example: false });

export const sendEmailBody = z
  .strictObject({
    user_ids: z.array(uuid).max(10_000, "must have at most 10000 items").optional().meta({ description: "The recipients (exactly one of `user_ids` and `all_users`)." }),
    all_users: z.literal(true).optional().meta({ description: "Send to every user of the project." }),
    subject: z.string().max(1000, "must be at most 1000 characters").optional(),
    notification_category_name: z.string().max(100, "must be at most 100 characters").optional().meta({ description: "`Transactional` (default) or `Marketing`.", example: "Marketing" }),
    theme_id: themeReference.optional(),
    html: z.string().max(1_000_000, "must be at most 1000000 characters").optional().meta({ description: "Variant 1: the body as HTML." }),
    template_id: uuid.optional().meta({ description: "Variant 2: a template of the project." }),
    variables: z.record(z.string(), jsonValue).optional().meta({ description: "Variant 2: the template's variables." }),
    draft_id: z.string().max(100, "must be at most 100 characters").optional().meta({ description: "Variant 3: a draft, marked sent." }),
  })
  .meta({ id: "SendEmailRequest" });

export const sendEmailResult = z.object({ user_id: z.string(), user_email: z.string().optional() }).meta({ id: "SendEmailResult" });

export const senderConfig = z
  .object({
    type: z.enum(["shared", "standard"]),
    host: z.string().optional(),
    port: z.number().int().optional(),
    username: z.string().optional(),
    sender_name: z.string().optional(),
    sender_email: z.string().optional(),
  })
  .meta({ id: "EmailSenderConfig", description: "Where the mail went (never a password)." });

export const sentEmail = z
  .object({
    id: z.string(),
    subject: z.string(),
    sent_at_millis: millis,
    to: z.array(z.string()),
    sender_config: senderConfig,
    error: jsonValue.nullable().optional().meta({ description: "Why the mail was not sent (or is being retried); null once sent." }),
  })
  .meta({ id: "SentEmail" });

const required = (message: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined) });

/** A project's own SMTP server to try; the messages of missing fields are the dashboard's. */
export const testEmailConfig = z.strictObject({
  host: z.string(required("Email host is missing")).min(1, "Email host is missing"),
  port: z.number(required("Email port is missing")).int().min(1).max(65535),
  username: z.string(required("Email username is missing")),
  password: z.string(required("Email password is missing")),
  sender_email: z.string(required("Email sender email is missing")).min(1, "Email sender email is missing"),
  sender_name: z.string(required("Email sender name is missing")),
});

export const notificationPreference = z
  .object({
    notification_category_id: z.string(),
    notification_category_name: z.string(),
    enabled: z.boolean(),
    can_disable: z.boolean(),
  })
  .meta({ id: "NotificationPreference" });

export const sendEmail = defineProcedure({
  rateLimit: "email-render",
  method: "POST",
  path: "/emails/send-email",
  access: "server",
  summary: "Send an e-mail (custom HTML, a template or a draft) to some or all users; delivery is queued",
  tags,
  successStatus: 200,
  errors: ["REQUIRES_CUSTOM_EMAIL_SERVER", "USER_ID_DOES_NOT_EXIST", "notificationCategoryNameNotFound", "sendEmailTemplateNotFound", "sendEmailDraftNotFound", "tooManyRequests"],
  body: sendEmailBody,
  output: z.object({ results: z.array(sendEmailResult) }),
});

export const listSentEmails = defineProcedure({
  method: "GET",
  path: "/internal/emails",
  access: "admin",
  summary: "The sent log: the project's latest 100 e-mails, newest first",
  tags,
  successStatus: 200,
  errors: [],
  output: listOf(sentEmail),
});

export const localInboxEmail = z
  .object({
    id: uuid,
    to: z.array(z.string()),
    subject: z.string(),
    created_at_millis: millis,
  })
  .meta({ id: "LocalInboxEmail", description: "A mail the project had nowhere to send, kept for its admins." });

export const localInboxEmailContent = localInboxEmail
  .extend({ html: z.string(), text: z.string() })
  .meta({ id: "LocalInboxEmailContent", description: "A kept mail with its bodies (they hold codes and links)." });

export const listLocalInbox = defineProcedure({
  method: "GET",
  path: "/internal/emails/inbox",
  access: "admin",
  summary: "The local inbox: mails of a project without a mail server, newest first (500 at most, for 7 days)",
  tags,
  successStatus: 200,
  errors: [],
  output: listOf(localInboxEmail).extend({
    state: z.enum(["kept", "production_mode", "mail_server"]).meta({
      description: "`kept`: the project has no mail server and is not in production mode, so its mails are kept here; `production_mode`: nothing is kept; `mail_server`: mails are sent, not kept.",
    }),
  }),
});

export const getLocalInboxEmail = defineProcedure({
  method: "GET",
  path: "/internal/emails/inbox/{email_id}",
  access: "admin",
  summary: "One mail of the local inbox with its HTML and plain text",
  tags,
  successStatus: 200,
  errors: ["localInboxEmailNotFound"],
  params: z.strictObject({ email_id: uuid }),
  output: localInboxEmailContent,
});

export const sendTestEmail = defineProcedure({
  rateLimit: "email-render",
  method: "POST",
  path: "/internal/send-test-email",
  access: "admin",
  summary: "Try an SMTP configuration by sending a test mail; failures are reported in the answer",
  tags,
  successStatus: 200,
  errors: ["tooManyRequests"],
  body: z.strictObject({ recipient_email: email, email_config: testEmailConfig }),
  output: z.object({ success: z.boolean(), error_message: z.string().optional() }),
});

export const failedEmailsDigest = defineProcedure({
  method: "POST",
  path: "/internal/failed-emails-digest",
  access: "public",
  summary: "Mail each project owner a digest of the project's failed e-mails of the last 24 hours",
  description:
    "For the operator's scheduler, once a day: needs `Authorization: Bearer «LATCHKEY_CRON_SECRET»` (without it 400; a wrong one, or no secret configured, 401 `Unauthorized`). Sent from the internal project to every member of each project's owner team.",
  tags,
  successStatus: 200,
  errors: ["cronAuthorizationMissing", "cronUnauthorized"],
  body: z.looseObject({}).optional(),
  output: z.object({ success: z.literal(true) }),
});

export const sendSignInInvitation = defineProcedure({
  method: "POST",
  path: "/internal/send-sign-in-invitation",
  access: "server",
  summary: "Invite someone by e-mail to sign in at `callback_url`",
  tags,
  successStatus: 200,
  errors: ["REDIRECT_URL_NOT_WHITELISTED"],
  body: z.strictObject({ email, callback_url: urlString }),
  output: z.object({ success: z.literal(true) }),
});

export const listNotificationPreferences = defineProcedure({
  method: "GET",
  path: "/emails/notification-preference/{user_id}",
  access: "client",
  summary: "A user's notification preferences, one per category",
  tags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "USER_NOT_FOUND", "notificationPreferencesViewOwnOnly"],
  params: z.strictObject({ user_id: userIdOrMe }),
  output: listOf(notificationPreference),
});

export const updateNotificationPreference = defineProcedure({
  method: "PATCH",
  path: "/emails/notification-preference/{user_id}/{notification_category_id}",
  access: "client",
  summary: "Turn a notification category on or off for a user",
  tags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "notificationPreferencesManageOwnOnly", "notificationCategoryNotFound"],
  params: z.strictObject({ user_id: userIdOrMe, notification_category_id: z.string().max(100) }),
  body: z.strictObject({ enabled: z.boolean() }),
  output: notificationPreference,
});

const unsubscribeCode = z.string().min(1).max(1000).meta({ description: "The signed code from the unsubscribe link." });

export const showUnsubscribe = defineProcedure({
  method: "GET",
  path: "/emails/unsubscribe-link",
  access: "public",
  summary: "The page behind an e-mail's unsubscribe link: asks to confirm (nothing changes on GET)",
  tags,
  successStatus: 200,
  errors: ["invalidUnsubscribeLink"],
  contentType: "text/plain",
  query: z.strictObject({ code: unsubscribeCode }),
  output: z.string(),
});

export const confirmUnsubscribe = defineProcedure({
  method: "POST",
  path: "/emails/unsubscribe-link",
  access: "public",
  summary: "One-click unsubscribe (RFC 8058): turns the link's notification category off for its user",
  tags,
  successStatus: 200,
  errors: ["invalidUnsubscribeLink"],
  contentType: "text/plain",
  query: z.strictObject({ code: unsubscribeCode }),
  // Mail providers post `List-Unsubscribe=One-Click` as a form; the confirmation page posts nothing else.
  body: z.looseObject({ "List-Unsubscribe": z.string().max(100).optional() }).optional(),
  output: z.string(),
});

export const emailProcedures = {
  sendEmail,
  listSentEmails,
  listLocalInbox,
  getLocalInboxEmail,
  sendTestEmail,
  sendSignInInvitation,
  failedEmailsDigest,
  listNotificationPreferences,
  updateNotificationPreference,
  showUnsubscribe,
  confirmUnsubscribe,
};
