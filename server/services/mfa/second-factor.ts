/**
 * The second factor: a user with a TOTP secret finishes every first-factor sign-in with a TOTP code
 * (or a single-use recovery code, or one of their passkeys) sent together with the attempt code the
 * first factor produced.
 */
import { randomUUID } from "node:crypto";
import { knownError } from "../../../contract/known-error.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { UserRecord } from "../../db/queries/users.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { recordSignInFailure } from "../audit/security-events.js";
import { clearSignInFailures, reserveSignInAttempt } from "../lockout.js";
import { enforceLimit, TooManyRequestsError } from "../rate-limits.js";
import { hashSecret, randomCode } from "../secrets.js";
import { queueSecurityAlert } from "../security-alerts.js";
import type { SessionOrigin } from "../sessions.js";
import { completeSignIn, type SignInResult } from "../sign-in.js";
import { createVerificationCode, useVerificationCode } from "../verification-codes.js";
import type { AuthenticationResponse } from "../passkeys/assertion.js";
import { checkPasskeyFactor, passkeyFactorOptions, recordPasskeyFactorUse, type PasskeyFactorUse } from "./passkey-factor.js";
import { matchTotp } from "./totp.js";

export const MFA_ATTEMPT = "mfa-attempt";
const ATTEMPT_TTL_MS = 5 * 60 * 1000;
/** Second factors checked per attempt (wrong ones answer INVALID_TOTP_CODE); the next submission spends it. */
const MAX_WRONG_SECOND_FACTORS = 5;
const RECOVERY_CODE_COUNT = 10;

type AttemptData = {
  is_new_user: boolean;
};

/**
 * When the user needs a second factor: records an attempt (committed) and throws
 * MULTI_FACTOR_AUTHENTICATION_REQUIRED with its code. Call it outside any transaction, after the first
 * factor is proven and before a session is created.
 */
export async function requireNoSecondFactor(deps: AppDeps, project: ProjectRow, record: UserRecord, isNewUser = false): Promise<void> {
  if (!record.user.totpSecret) return;
  const { code } = await createVerificationCode(deps, {
    projectId: project.id,
    purpose: MFA_ATTEMPT,
    userId: record.user.id,
    data: { is_new_user: isNewUser } satisfies AttemptData,
    ttlMs: ATTEMPT_TTL_MS,
  });
  throw knownError("MULTI_FACTOR_AUTHENTICATION_REQUIRED", { attempt_code: code });
}

export type SecondFactor = { totp: string } | { recoveryCode: string } | { passkey: AuthenticationResponse };

/**
 * Completes a sign-in that was waiting for its second factor. A recovery code works once: a used one is
 * refused as `recoveryCodeAlreadyUsed`, and the answer to a good one says how many unused codes remain
 * (`recovery_codes_remaining`, a Latchkey field).
 */
export async function signInWithSecondFactor(
  deps: AppDeps,
  project: ProjectRow,
  attemptCode: string,
  factor: SecondFactor,
  origin?: SessionOrigin,
): Promise<SignInResult & { is_new_user: boolean; recovery_codes_remaining?: number }> {
  const attempt = await useVerificationCode<AttemptData>(deps, { projectId: project.id, purpose: MFA_ATTEMPT, code: attemptCode, consume: false });
  const record = attempt.userId ? await deps.queries.users.find(project.id, attempt.userId) : undefined;
  if (!record?.user.totpSecret) throw knownError("VERIFICATION_CODE_NOT_FOUND");
  const lockoutEmail = record.primaryEmail?.value ?? `user:${record.user.id}`;
  // Both counted before the factor is checked, atomically: of a burst of guesses on one attempt, at most
  // MAX_WRONG_SECOND_FACTORS are checked, and every guess counts towards the account lockout.
  await reserveFactorCheck(deps, project, attempt.id, attemptCode);
  await reserveSignInAttempt(deps, project.id, lockoutEmail, "mfa");
  const now = deps.clock.now().getTime();

  let step: number | null = null;
  let recoveryCodeId: string | null = null;
  let passkeyUse: PasskeyFactorUse | null = null;
  if ("totp" in factor) {
    step = matchTotp(deps.secrets.decrypt(record.user.totpSecret, "totp"), factor.totp, now);
    if (step !== null && record.user.totpLastUsedStep !== null && step <= record.user.totpLastUsedStep) step = null;
  } else if ("passkey" in factor) {
    passkeyUse = await checkPasskeyFactor(deps, project, { id: attempt.id, userId: record.user.id }, factor.passkey).catch(async (error: unknown) => {
      await recordSignInFailure(deps, project.id, { method: "mfa", email: record.primaryEmail?.value ?? null, userId: record.user.id, reason: "wrong passkey" });
      throw error;
    });
  } else {
    const found = await deps.queries.mfa.findRecoveryCode(project.id, record.user.id, hashSecret(normalizeRecoveryCode(factor.recoveryCode)));
    if (found?.usedAt) {
      await recordSignInFailure(deps, project.id, { method: "mfa", email: record.primaryEmail?.value ?? null, userId: record.user.id, reason: "used recovery code" });
      throw statusError("recoveryCodeAlreadyUsed");
    }
    recoveryCodeId = found?.id ?? null;
  }
  if (step === null && recoveryCodeId === null && passkeyUse === null) {
    await recordSignInFailure(deps, project.id, { method: "mfa", email: record.primaryEmail?.value ?? null, userId: record.user.id, reason: "wrong second factor" });
    throw knownError("INVALID_TOTP_CODE");
  }

  await clearSignInFailures(deps, project.id, lockoutEmail);
  return deps.store.transaction(async (tx) => {
    await useVerificationCode(deps, { projectId: project.id, purpose: MFA_ATTEMPT, code: attemptCode, db: tx });
    if (step !== null) {
      // Conditional update: two concurrent uses of one TOTP code cannot both pass.
      if (!(await deps.queries.mfa.advanceTotpStep(project.id, record.user.id, step, tx))) throw knownError("INVALID_TOTP_CODE");
    }
    if (passkeyUse !== null) await recordPasskeyFactorUse(deps, project, passkeyUse, tx);
    let remaining: { recovery_codes_remaining?: number } = {};
    if (recoveryCodeId !== null) {
      // Conditional update: two concurrent uses of one recovery code cannot both pass.
      if (!(await deps.queries.mfa.useRecoveryCode(recoveryCodeId, deps.clock.now(), tx))) throw statusError("recoveryCodeAlreadyUsed");
      remaining = { recovery_codes_remaining: await deps.queries.mfa.countUnusedRecoveryCodes(project.id, record.user.id, tx) };
    }
    const result = await completeSignIn(deps, tx, project.id, record, origin);
    await queueSecurityAlert(deps, tx, project.id, record.primaryEmail, "signInWithMfa");
    return { ...result, is_new_user: attempt.data.is_new_user, ...remaining };
  });
}

/** Passkey request options for the attempt's user (Latchkey only; `noPasskeyForSecondFactor` when they have none). */
export async function initiatePasskeySecondFactor(deps: AppDeps, project: ProjectRow, attemptCode: string) {
  const attempt = await useVerificationCode<AttemptData>(deps, { projectId: project.id, purpose: MFA_ATTEMPT, code: attemptCode, consume: false });
  if (!attempt.userId) throw knownError("VERIFICATION_CODE_NOT_FOUND");
  return { options_json: await passkeyFactorOptions(deps, project, { id: attempt.id, userId: attempt.userId }) };
}

/** Counts one second-factor check on the attempt; past the allowance, spends the attempt instead. */
async function reserveFactorCheck(deps: AppDeps, project: ProjectRow, attemptId: string, attemptCode: string): Promise<void> {
  try {
    await enforceLimit(deps, `mfa-wrong:${attemptId}`, { max: MAX_WRONG_SECOND_FACTORS, windowMs: ATTEMPT_TTL_MS });
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
    await useVerificationCode(deps, { projectId: project.id, purpose: MFA_ATTEMPT, code: attemptCode }).catch(() => undefined);
    throw knownError("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  }
}

const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, "");

/** New recovery codes for a user with TOTP (replacing any earlier ones); shown once, stored as hashes. */
export async function createRecoveryCodes(deps: AppDeps, project: ProjectRow, record: UserRecord): Promise<string[]> {
  // 120 bits each (ASVS 2.6.2 asks for at least 112 when the hash is unsalted).
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => randomCode(120));
  const now = deps.clock.now();
  await deps.store.transaction(async (tx) => {
    await deps.queries.mfa.deleteRecoveryCodes(project.id, record.user.id, tx);
    for (const code of codes) {
      await deps.queries.mfa.insertRecoveryCode({ id: randomUUID(), projectId: project.id, userId: record.user.id, codeHash: hashSecret(code), createdAt: now }, tx);
    }
  });
  return codes.map((c) => c.match(/.{6}/g)!.join("-"));
}
