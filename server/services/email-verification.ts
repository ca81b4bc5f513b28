/** Verifying that a user owns an e-mail address: a mailed link with a code, then the verify call. */
import { knownError } from "../../contract/known-error.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { channelToJson } from "../views/contact-channels.js";
import { enqueueEmail } from "./email/outbox.js";
import { sendQueuedEmailNow } from "./email/send-now.js";
import { recordEvent } from "./events.js";
import { enforceLimit } from "./rate-limits.js";
import { addedEmailVerificationEmail, verificationEmail } from "./email/templates.js";
import { assertTrustedUrl, withQueryParam } from "./redirect-urls.js";
import { createVerificationCode, useVerificationCode } from "./verification-codes.js";

export const EMAIL_VERIFICATION = "email-verification";
const SEVEN_DAYS = 7 * 24 * 3600 * 1000;
/** Verification mails per address: enough to resend a few times, too few to flood an inbox. */
const MAILS_PER_ADDRESS = { max: 5, windowMs: 10 * 60 * 1000 };

/** The hosted page a link opens when the client gives no callback URL. */
export function hostedPageUrl(deps: AppDeps, page: string): string {
  return `${deps.config.publicUrl}/handler/${page}`;
}

export interface EmailToVerify {
  userId: string;
  channelId: string;
  email: string;
  callbackUrl: string;
  /**
   * The address was added to an account that already existed: the mail says so (and what to do if it was
   * not the recipient who asked), and the link completes only in that account's signed-in session.
   */
  addedToAccount: boolean;
}

/**
 * Counts a resend of a verification mail to this address (at most 5 per 10 minutes). Call it before the
 * transaction that queues the mail: the counter is its own write.
 */
export async function limitVerificationMails(deps: AppDeps, project: ProjectRow, email: string): Promise<void> {
  await enforceLimit(deps, `verify-send:${project.id}:${email}`, MAILS_PER_ADDRESS);
}

/**
 * Queues the verification mail in `db`'s transaction and answers its outbox id (for
 * `sendQueuedEmailNow` once that transaction has committed). The callback URL must be trusted.
 */
export async function sendEmailVerification(deps: AppDeps, db: Db, project: ProjectRow, target: EmailToVerify): Promise<string> {
  assertTrustedUrl(deps, project, target.callbackUrl);
  const { code } = await createVerificationCode(deps, {
    projectId: project.id,
    purpose: EMAIL_VERIFICATION,
    userId: target.userId,
    data: { channel_id: target.channelId, email: target.email },
    ttlMs: SEVEN_DAYS,
    db,
  });
  const mailInput = { link: withQueryParam(target.callbackUrl, "code", code), recipient: { email: target.email } };
  const mail = await (target.addedToAccount ? addedEmailVerificationEmail : verificationEmail)(deps, project, mailInput);
  return enqueueEmail(deps, db, { projectId: project.id, to: [target.email], ...mail });
}

/**
 * Sends a verification mail on request (a resend): queued in its own transaction, then handed to SMTP
 * before the caller answers, which fails when the mail cannot be sent (email/send-now.ts).
 */
export async function mailEmailVerification(deps: AppDeps, project: ProjectRow, target: EmailToVerify): Promise<void> {
  const outboxId = await deps.store.transaction((tx) => sendEmailVerification(deps, tx, project, target));
  deps.jobs.wake();
  await sendQueuedEmailNow(deps, project, outboxId, "required");
}

/** Checks the code (without using it) and returns the channel it verifies. */
export async function checkEmailVerification(deps: AppDeps, project: ProjectRow, code: string) {
  return useVerificationCode<{ channel_id: string; email: string }>(deps, { projectId: project.id, purpose: EMAIL_VERIFICATION, code, consume: false });
}

/**
 * An address added to an existing account is confirmed only by that account's own session: whoever owns
 * the address may click the link, but only the account that asked can complete it, so the click cannot
 * hand the address to an account its owner never signed in to. The code stays usable after a refusal.
 */
function assertOwnerSessionForAddedAddress(channel: { addedToAccount: boolean; userId: string }, signedInUserId: string | null): void {
  if (!channel.addedToAccount) return;
  if (signedInUserId === null) throw statusError("addedEmailNeedsOwnerSession");
  if (signedInUserId !== channel.userId) throw statusError("addedEmailOtherAccount");
}

/**
 * Uses the code and marks the channel verified (when it still has the address the code was sent to).
 * `signedInUserId` is the user whose session made the request, if any.
 */
export async function completeEmailVerification(deps: AppDeps, project: ProjectRow, code: string, signedInUserId: string | null): Promise<void> {
  await checkEmailVerification(deps, project, code);
  await deps.store.transaction(async (tx) => {
    const used = await useVerificationCode<{ channel_id: string; email: string }>(deps, { projectId: project.id, purpose: EMAIL_VERIFICATION, code, db: tx });
    const channel = used.userId ? await deps.queries.contactChannels.get(project.id, used.userId, used.data.channel_id, tx) : undefined;
    if (!channel || channel.value !== used.data.email) throw statusError("contactChannelChangedSinceCode");
    if (channel.isVerified) throw knownError("EMAIL_ALREADY_VERIFIED");
    // Thrown inside the unit of work, so the code is not spent: the owner can sign in and open the link again.
    assertOwnerSessionForAddedAddress(channel, signedInUserId);
    const verified = await deps.queries.contactChannels.update(project.id, channel.id, { isVerified: true }, tx);
    await recordEvent(deps, tx, "contact_channel.updated", () => channelToJson(verified!), { projectId: project.id });
  });
}
