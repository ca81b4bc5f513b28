/**
 * Magic link / one-time code sign-in. The mailed link carries the whole 45-character code; the mail
 * also shows its first six characters (the OTP), and the requester gets the other 39 (the nonce), so
 * either the link or OTP + nonce signs in. Codes are short-lived, single use and attempt-limited.
 */
import { knownError } from "../../contract/known-error.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { UserRecord } from "../db/queries/users.js";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { userToJson } from "../views/users.js";
import { enqueueEmail } from "./email/outbox.js";
import { sendQueuedEmailNow } from "./email/send-now.js";
import { recordEvent } from "./events.js";
import { magicLinkEmail } from "./email/templates.js";
import { requireNoSecondFactor } from "./mfa/second-factor.js";
import { renderProjectConfig } from "./config/project-config.js";
import { enforceLimit } from "./rate-limits.js";
import { assertTrustedUrl, withQueryParam } from "./redirect-urls.js";
import type { SessionOrigin } from "./sessions.js";
import { completeSignIn, type SignInResult } from "./sign-in.js";
import { namePersonalTeamsOnUpgrade, writeNewUser } from "./users/new-user.js";
import { assertAuthEmailFree, changePrimaryEmail, guardAuthEmail, normalizeEmail } from "./users/primary-email.js";
import { createVerificationCode, useVerificationCode } from "./verification-codes.js";

export const OTP_SIGN_IN = "otp-sign-in";
/** Out-of-band codes expire within 10 minutes (ASVS 2.7.2). */
const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes one mailed code tolerates ("the 6th wrong attempt locks the code"). */
export const OTP_MAX_ATTEMPTS = 5;
/** Mails per address: enough to retry, too few to spam someone. */
const SEND_LIMIT = { max: 3, windowMs: 10 * 60 * 1000 };

type CodeData = { email: string };

function assertOtpEnabled(project: ProjectRow): void {
  if (!renderProjectConfig(project).auth.otp.allowSignIn) throw statusError("otpSignInDisabled");
}

export async function sendSignInCode(deps: AppDeps, project: ProjectRow, emailInput: string, callbackUrl: string): Promise<{ nonce: string }> {
  assertOtpEnabled(project);
  assertTrustedUrl(deps, project, callbackUrl);
  const email = normalizeEmail(emailInput);
  const owner = await deps.queries.users.findByAuthEmail(project.id, email);
  refuseUnverifiedOwner(owner, email);
  if (!owner && !renderProjectConfig(project).auth.allowSignUp) throw knownError("SIGN_UP_NOT_ENABLED");
  await enforceLimit(deps, `otp-send:${project.id}:${email}`, SEND_LIMIT);
  const { nonce, outboxId } = await deps.store.transaction(async (tx) => {
    const created = await createVerificationCode(deps, { projectId: project.id, purpose: OTP_SIGN_IN, data: { email } satisfies CodeData, ttlMs: CODE_TTL_MS, db: tx });
    const mail = await magicLinkEmail(deps, project, { link: withQueryParam(callbackUrl, "code", created.code), otp: created.otp, recipient: { displayName: owner?.user.displayName ?? null, email } });
    return { nonce: created.nonce, outboxId: await enqueueEmail(deps, tx, { projectId: project.id, to: [email], ...mail }) };
  });
  deps.jobs.wake();
  // The client reads the code from the mailbox as soon as this answers.
  await sendQueuedEmailNow(deps, project, outboxId, "required");
  return { nonce };
}

/**
 * Signing in by mail to an unverified address would let whoever added it take the account: a user found
 * through an unverified primary e-mail must verify it first. (Unverified secondary channels are only
 * claims: `findByAuthEmail` never returns their user, and a code sign-up takes the address over.)
 */
function refuseUnverifiedOwner(owner: UserRecord | undefined, email: string): void {
  if (owner && !owner.primaryEmail?.isVerified && owner.primaryEmail?.value === email) {
    throw knownError("USER_EMAIL_ALREADY_EXISTS", { email, would_work_if_email_was_verified: true });
  }
}

export async function checkSignInCode(deps: AppDeps, project: ProjectRow, code: string): Promise<CodeData> {
  const used = await useVerificationCode<CodeData>(deps, { projectId: project.id, purpose: OTP_SIGN_IN, code, consume: false, maxAttempts: OTP_MAX_ATTEMPTS });
  return used.data;
}

/** Signs in the owner of the address, or creates them (upgrading the caller's anonymous user) when sign-up is allowed. */
export async function signInWithCode(
  deps: AppDeps,
  project: ProjectRow,
  code: string,
  anonymousUser: UserRecord | null,
  origin?: SessionOrigin,
): Promise<SignInResult & { is_new_user: boolean }> {
  assertOtpEnabled(project);
  const { email } = await checkSignInCode(deps, project, code);
  const owner = await deps.queries.users.findByAuthEmail(project.id, email);
  // Again at sign-in: someone may have signed up with the address after the code was mailed.
  refuseUnverifiedOwner(owner, email);
  if (!owner && !renderProjectConfig(project).auth.allowSignUp) throw knownError("SIGN_UP_NOT_ENABLED");
  if (owner?.user.totpSecret) {
    await useVerificationCode(deps, { projectId: project.id, purpose: OTP_SIGN_IN, code, maxAttempts: OTP_MAX_ATTEMPTS });
    await requireNoSecondFactor(deps, project, owner);
  }
  return deps.store.transaction(async (tx) => {
    await useVerificationCode(deps, { projectId: project.id, purpose: OTP_SIGN_IN, code, maxAttempts: OTP_MAX_ATTEMPTS, db: tx });
    let record: UserRecord;
    if (owner) {
      // The address is verified (refuseUnverifiedOwner): allow code sign-in from now on.
      const recorded = { projectId: project.id };
      const enablesOtp = !owner.user.otpAuthEnabled;
      if (enablesOtp) await deps.queries.users.update(project.id, owner.user.id, { otpAuthEnabled: true }, tx);
      const current = (await deps.queries.users.find(project.id, owner.user.id, tx))!;
      if (enablesOtp) await recordEvent(deps, tx, "user.updated", () => userToJson(current), recorded);
      record = current;
    } else if (anonymousUser?.user.isAnonymous) {
      const id = anonymousUser.user.id;
      await guardAuthEmail(email, () => changePrimaryEmail(deps, tx, project.id, id, { value: email, verified: true, usedForAuth: true }));
      await deps.queries.users.update(project.id, id, { isAnonymous: false, otpAuthEnabled: true }, tx);
      await namePersonalTeamsOnUpgrade(deps, tx, project.id, id, { displayName: anonymousUser.user.displayName, primaryEmail: email });
      const upgraded = (await deps.queries.users.find(project.id, id, tx))!;
      await recordEvent(deps, tx, "user.updated", () => userToJson(upgraded), { projectId: project.id });
      record = upgraded;
    } else {
      // Receiving the code proves the address: another user's pending claim on it is released.
      await assertAuthEmailFree(deps, tx, project.id, email, null);
      record = await writeNewUser(deps, tx, project, { primaryEmail: email, primaryEmailVerified: true, primaryEmailAuthEnabled: true, otpAuthEnabled: true });
    }
    return { ...(await completeSignIn(deps, tx, project.id, record, origin)), is_new_user: !owner };
  });
}
