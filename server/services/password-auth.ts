/** Password sign-up, sign-in, reset and change. */
import { knownError } from "../../contract/known-error.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { UserRecord } from "../db/queries/users.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { userToJson } from "../views/users.js";
import { enqueueEmail } from "./email/outbox.js";
import { sendQueuedEmailNow } from "./email/send-now.js";
import { recordEvent } from "./events.js";
import { passwordResetEmail } from "./email/templates.js";
import { hostedPageUrl, sendEmailVerification } from "./email-verification.js";
import { recordSignInFailure } from "./audit/security-events.js";
import { clearSignInFailures, releaseSignInAttempt, reserveSignInAttempt } from "./lockout.js";
import { requireNoSecondFactor } from "./mfa/second-factor.js";
import { assertPasswordPolicy, checkPassword, hashPassword } from "./passwords.js";
import { assertPasswordStrength } from "./passwords/strength.js";
import { renderProjectConfig } from "./config/project-config.js";
import { enforceLimit } from "./rate-limits.js";
import { assertTrustedUrl, withQueryParam } from "./redirect-urls.js";
import { endUserSessionsIn } from "./sessions.js";
import type { SessionOrigin } from "./sessions.js";
import { completeSignIn, stampLastActive, startSignedInSession, type SignInResult } from "./sign-in.js";
import { queueSecurityAlert } from "./security-alerts.js";
import { namePersonalTeamsOnUpgrade, writeNewUser } from "./users/new-user.js";
import { assertAuthEmailFree, changePrimaryEmail, guardAuthEmail, normalizeEmail } from "./users/primary-email.js";
import { createVerificationCode, useVerificationCode } from "./verification-codes.js";

export const PASSWORD_RESET = "password-reset";
/** Reset mails per address: enough to retry, too few to flood someone's inbox. */
const MAILS_PER_ADDRESS = { max: 3, windowMs: 10 * 60 * 1000 };
const RESET_CODE_TTL_MS = 60 * 60 * 1000;

/**
 * Revokes the user's outstanding reset codes: a new password (reset, change, set, or by a server) makes
 * every reset link mailed before it worthless, so a stolen one cannot undo the change.
 */
export async function revokePasswordResetCodes(deps: AppDeps, db: Db, projectId: string, userId: string, exceptUsedId: string | null = null): Promise<void> {
  await deps.queries.verificationCodes.deleteForUser(projectId, userId, PASSWORD_RESET, exceptUsedId, db);
}

export function assertPasswordSignInEnabled(project: ProjectRow): void {
  if (!renderProjectConfig(project).auth.password.allowSignIn) throw knownError("PASSWORD_AUTHENTICATION_NOT_ENABLED");
}

export interface SignUpInput {
  email: string;
  password: string;
  verificationCallbackUrl?: string;
  /** The caller's anonymous user, upgraded in place instead of creating a new one. */
  anonymousUser: UserRecord | null;
  origin?: SessionOrigin;
}

export async function passwordSignUp(deps: AppDeps, project: ProjectRow, input: SignUpInput): Promise<SignInResult> {
  assertPasswordSignInEnabled(project);
  const callbackUrl = input.verificationCallbackUrl ?? hostedPageUrl(deps, "email-verification");
  assertTrustedUrl(deps, project, callbackUrl);
  if (!renderProjectConfig(project).auth.allowSignUp) throw knownError("SIGN_UP_NOT_ENABLED");
  assertPasswordPolicy(input.password);
  await assertPasswordStrength(project, input.password);
  const email = normalizeEmail(input.email);
  await assertAuthEmailFree(deps, deps.store.db, project.id, email, null);
  const passwordHash = await hashPassword(input.password);
  const anonymous = input.anonymousUser?.user.isAnonymous ? input.anonymousUser : null;
  const finish = async (db: Db, record: UserRecord) => {
    const verificationMail = await sendEmailVerification(deps, db, project, { userId: record.user.id, channelId: record.primaryEmail!.id, email, callbackUrl, addedToAccount: false });
    return { verificationMail, signedIn: await completeSignIn(deps, db, project.id, record, input.origin) };
  };
  const { verificationMail, signedIn } = anonymous
    ? await deps.store.transaction(async (tx) => {
        await guardAuthEmail(email, () => changePrimaryEmail(deps, tx, project.id, anonymous.user.id, { value: email, verified: false, usedForAuth: true }));
        await deps.queries.users.update(project.id, anonymous.user.id, { isAnonymous: false, passwordHash }, tx);
        await namePersonalTeamsOnUpgrade(deps, tx, project.id, anonymous.user.id, { displayName: anonymous.user.displayName, primaryEmail: email });
        const upgraded = (await deps.queries.users.find(project.id, anonymous.user.id, tx))!;
        await recordEvent(deps, tx, "user.updated", () => userToJson(upgraded), { projectId: project.id });
        return finish(tx, upgraded);
      })
    : // Only inserts: one statement on PostgreSQL. The e-mail's unique index settles a race with another sign-up.
      await guardAuthEmail(email, () =>
        deps.store.insertBatch(async (batch) => finish(batch, await writeNewUser(deps, batch, project, { primaryEmail: email, primaryEmailAuthEnabled: true, passwordHash }))),
      );
  deps.jobs.wake();
  // The verification mail is in the mailbox when the client gets its tokens. The account exists by
  // now, so a mail that cannot be sent does not fail the sign-up: it stays with the runner's retries.
  await sendQueuedEmailNow(deps, project, verificationMail, "best-effort");
  return signedIn;
}

export async function passwordSignIn(deps: AppDeps, project: ProjectRow, emailInput: string, password: string, origin?: SessionOrigin): Promise<SignInResult> {
  assertPasswordSignInEnabled(project);
  const email = normalizeEmail(emailInput);
  // Counted as a failure before the check, so a burst of guesses checks no more than the lockout allows.
  await reserveSignInAttempt(deps, project.id, email);
  const record = await deps.queries.users.findByAuthEmail(project.id, email);
  const check = await checkPassword(record?.user.passwordHash, password).catch(async (error: unknown) => {
    await releaseSignInAttempt(deps, project.id, email); // never checked (e.g. the hashing queue is full)
    throw error;
  });
  if (!record || !check.ok) {
    await recordSignInFailure(deps, project.id, { method: "password", email, userId: record?.user.id ?? null, reason: record ? "wrong password" : "no user with this e-mail address" });
    throw knownError("EMAIL_PASSWORD_MISMATCH");
  }
  if (check.rehash) await deps.queries.users.update(project.id, record.user.id, { passwordHash: check.rehash });
  // With a second factor pending, earlier failures stay (wrong second factors keep adding to them);
  // this right password takes its own count back.
  if (record.user.totpSecret) await releaseSignInAttempt(deps, project.id, email);
  await requireNoSecondFactor(deps, project, record);
  // No transaction: clearing the failures and the session's inserts are one insert batch (on PostgreSQL
  // one statement), so a sign-in costs three round trips: the reservation, the lookup and this one.
  const now = deps.clock.now();
  await stampLastActive(deps, deps.store.db, project.id, record, now);
  return deps.store.insertBatch(async (batch) => {
    await clearSignInFailures(deps, project.id, email, batch);
    return startSignedInSession(deps, batch, project.id, record, now, origin);
  });
}

/**
 * Mails a reset link when the e-mail belongs to a user with a password; answers the same either way.
 * The mail goes through the background runner, not before the answer as verification and sign-in
 * mails do (email/send-now.ts): waiting for SMTP only when the address has an account would let the
 * answer's timing tell who has one.
 */
export async function sendPasswordResetCode(deps: AppDeps, project: ProjectRow, emailInput: string, callbackUrl: string): Promise<void> {
  assertPasswordSignInEnabled(project);
  assertTrustedUrl(deps, project, callbackUrl);
  const email = normalizeEmail(emailInput);
  await enforceLimit(deps, `reset-send:${project.id}:${email}`, MAILS_PER_ADDRESS);
  const record = await deps.queries.users.findByAuthEmail(project.id, email);
  if (!record) return;
  await deps.store.transaction(async (tx) => {
    const { code } = await createVerificationCode(deps, { projectId: project.id, purpose: PASSWORD_RESET, userId: record.user.id, data: { email }, ttlMs: RESET_CODE_TTL_MS, db: tx });
    const mail = await passwordResetEmail(deps, project, { link: withQueryParam(callbackUrl, "code", code), recipient: { displayName: record.user.displayName, email } });
    await enqueueEmail(deps, tx, { projectId: project.id, to: [email], ...mail });
  });
  deps.jobs.wake();
}

export async function checkPasswordResetCode(deps: AppDeps, project: ProjectRow, code: string): Promise<void> {
  await useVerificationCode(deps, { projectId: project.id, purpose: PASSWORD_RESET, code, consume: false });
}

/** Sets the new password and ends every session of the user. */
export async function resetPassword(deps: AppDeps, project: ProjectRow, code: string, password: string): Promise<void> {
  assertPasswordSignInEnabled(project);
  assertPasswordPolicy(password);
  // The estimate only for a live code: without one, the request costs no estimator time.
  await checkPasswordResetCode(deps, project, code);
  await assertPasswordStrength(project, password);
  const passwordHash = await hashPassword(password);
  await deps.store.transaction(async (tx) => {
    const used = await useVerificationCode(deps, { projectId: project.id, purpose: PASSWORD_RESET, code, db: tx });
    if (!used.userId) throw knownError("VERIFICATION_CODE_NOT_FOUND");
    await deps.queries.users.update(project.id, used.userId, { passwordHash }, tx);
    await revokePasswordResetCodes(deps, tx, project.id, used.userId, used.id);
    await endUserSessionsIn(deps, tx, project.id, used.userId, null);
    const user = await deps.queries.users.find(project.id, used.userId, tx);
    await queueSecurityAlert(deps, tx, project.id, user?.primaryEmail, "passwordChanged");
  });
}

/** Changes the password after checking the old one; ends the user's other sessions. */
export async function updatePassword(deps: AppDeps, project: ProjectRow, record: UserRecord, keepSessionId: string | null, oldPassword: string, newPassword: string): Promise<void> {
  assertPasswordSignInEnabled(project);
  assertPasswordPolicy(newPassword);
  await assertPasswordStrength(project, newPassword);
  if (!record.user.passwordHash) throw knownError("USER_DOES_NOT_HAVE_PASSWORD");
  if (!(await checkPassword(record.user.passwordHash, oldPassword)).ok) throw knownError("PASSWORD_CONFIRMATION_MISMATCH");
  const passwordHash = await hashPassword(newPassword);
  await deps.store.transaction(async (tx) => {
    await deps.queries.users.update(project.id, record.user.id, { passwordHash }, tx);
    await revokePasswordResetCodes(deps, tx, project.id, record.user.id);
    await endUserSessionsIn(deps, tx, project.id, record.user.id, keepSessionId);
    await queueSecurityAlert(deps, tx, project.id, record.primaryEmail, "passwordChanged");
  });
}

export async function setPassword(deps: AppDeps, project: ProjectRow, record: UserRecord, password: string): Promise<void> {
  assertPasswordSignInEnabled(project);
  assertPasswordPolicy(password);
  await assertPasswordStrength(project, password);
  if (record.user.passwordHash) throw statusError("passwordAlreadySet");
  const passwordHash = await hashPassword(password);
  const { id } = record.user;
  await deps.store.transaction(async (tx) => {
    await deps.queries.users.update(project.id, id, { passwordHash }, tx);
    await revokePasswordResetCodes(deps, tx, project.id, id);
    await queueSecurityAlert(deps, tx, project.id, record.primaryEmail, "passwordChanged");
    // has_password changed: the user as it is now, read only when the event is.
    await recordEvent(deps, tx, "user.updated", async () => userToJson((await deps.queries.users.find(project.id, id, tx))!), { projectId: project.id });
  });
}
