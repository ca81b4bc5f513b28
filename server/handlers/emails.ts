import type * as c from "../../contract/emails.js";
import { knownError, statusError } from "../errors.js";
import type { Handler, HandlerMap, RequestContext } from "../http/handler.js";
import { requireCronSecret, sendFailedEmailsDigests } from "../services/email/failed-digest.js";
import { inboxState, listLocalInbox as listKept, readLocalInbox } from "../services/email/local-inbox.js";
import { categoryById, listPreferences, setPreference } from "../services/email/preferences.js";
import { contentOf, sendEmailToUsers } from "../services/email/sending/send.js";
import { latestSent } from "../services/email/sending/sent-log.js";
import { sendSignInInvitation as inviteToSignIn } from "../services/email/sending/sign-in-invitation.js";
import { trySmtpServer } from "../services/email/transport.js";
import { describeUnsubscribe, unsubscribe } from "../services/email/unsubscribe.js";
import { inboxEmailContentToJson, inboxEmailToJson, preferenceToJson, sentEmailToJson } from "../views/emails.js";

/** The SPEC's limit for the test mail: the answer comes within this time whatever the server does. */
const TEST_EMAIL_TIMEOUT_MS = 10_000;

const sendEmail: Handler<typeof c.sendEmail> = async (ctx, { body }) => {
  const { results } = await sendEmailToUsers(ctx.deps, ctx.auth.project, {
    userIds: body.user_ids,
    allUsers: body.all_users,
    content: contentOf(body),
    themeId: body.theme_id,
    subject: body.subject,
    notificationCategoryName: body.notification_category_name,
  });
  return { results: results.map((r) => ({ user_id: r.userId, ...(r.email !== null && { user_email: r.email }) })) };
};

const listSentEmails: Handler<typeof c.listSentEmails> = async (ctx) => {
  const rows = await latestSent(ctx.deps, ctx.auth.project.id, 100);
  return { items: rows.map(sentEmailToJson), is_paginated: false };
};

const listLocalInbox: Handler<typeof c.listLocalInbox> = async (ctx) => {
  const rows = await listKept(ctx.deps, ctx.auth.project);
  return { items: rows.map(inboxEmailToJson), is_paginated: false, state: inboxState(ctx.deps, ctx.auth.project) };
};

const getLocalInboxEmail: Handler<typeof c.getLocalInboxEmail> = async (ctx, { params }) => {
  const email = await readLocalInbox(ctx.deps, ctx.auth.project, params.email_id);
  if (!email) throw statusError("localInboxEmailNotFound");
  return inboxEmailContentToJson(email);
};

const sendTestEmail: Handler<typeof c.sendTestEmail> = async (ctx, { body }) => {
  const config = body.email_config;
  const project = ctx.auth.project.displayName;
  const error = await trySmtpServer(
    { host: config.host, port: config.port, username: config.username, password: config.password, senderName: config.sender_name, senderEmail: config.sender_email },
    {
      to: [body.recipient_email],
      subject: `Test e-mail from ${project}`,
      text: `This is a test e-mail from ${project}. Your e-mail server settings work.`,
      html: `<p>This is a test e-mail. Your e-mail server settings work.</p>`,
    },
    { allowPrivate: ctx.deps.config.allowPrivateOutbound, timeoutMs: TEST_EMAIL_TIMEOUT_MS },
  );
  return error === null ? { success: true } : { success: false, error_message: error || "Email test error not specified" };
};

const sendSignInInvitation: Handler<typeof c.sendSignInInvitation> = async (ctx, { body }) => {
  await inviteToSignIn(ctx.deps, ctx.auth.project, body.email, body.callback_url);
  return { success: true };
};

/** The user a preference route names: clients only themselves, servers anyone of the project. */
async function preferenceOwner(ctx: RequestContext, named: string, refusal: "notificationPreferencesViewOwnOnly" | "notificationPreferencesManageOwnOnly"): Promise<string> {
  const { auth, deps } = ctx;
  if (named === "me") {
    // Stack's answers without a user: reading says authentication is required, changing says there is no own user.
    if (!auth.user) throw knownError(refusal === "notificationPreferencesManageOwnOnly" ? "CANNOT_GET_OWN_USER_WITHOUT_USER" : "USER_AUTHENTICATION_REQUIRED");
    return auth.user.user.id;
  }
  if (auth.accessType === "client") {
    if (!auth.user) throw knownError("USER_AUTHENTICATION_REQUIRED");
    if (auth.user.user.id !== named) throw statusError(refusal);
    return named;
  }
  if (!(await deps.queries.users.find(auth.project.id, named))) throw knownError("USER_NOT_FOUND");
  return named;
}

const listNotificationPreferences: Handler<typeof c.listNotificationPreferences> = async (ctx, { params }) => {
  const userId = await preferenceOwner(ctx, params.user_id, "notificationPreferencesViewOwnOnly");
  const preferences = await listPreferences(ctx.deps, ctx.auth.project.id, userId);
  return { items: preferences.map(preferenceToJson), is_paginated: false };
};

const updateNotificationPreference: Handler<typeof c.updateNotificationPreference> = async (ctx, { params, body }) => {
  const userId = await preferenceOwner(ctx, params.user_id, "notificationPreferencesManageOwnOnly");
  const category = categoryById(params.notification_category_id);
  if (!category) throw statusError("notificationCategoryNotFound");
  return preferenceToJson(await setPreference(ctx.deps, ctx.auth.project.id, userId, category, body.enabled));
};

const failedEmailsDigest: Handler<typeof c.failedEmailsDigest> = async (ctx) => {
  requireCronSecret(ctx.deps, ctx.header("authorization"));
  await sendFailedEmailsDigests(ctx.deps);
  return { success: true as const };
};

const showUnsubscribe: Handler<typeof c.showUnsubscribe> = async (ctx, { query }) => describeUnsubscribe(ctx.deps, query.code);

const confirmUnsubscribe: Handler<typeof c.confirmUnsubscribe> = async (ctx, { query }) => unsubscribe(ctx.deps, query.code);

export const emailHandlers = {
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
} satisfies HandlerMap<typeof c.emailProcedures>;
