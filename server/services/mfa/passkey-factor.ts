/**
 * A passkey as the second factor (Latchkey only): after a first factor, a user with TOTP may sign the
 * challenge of their sign-in attempt with one of their passkeys instead of typing a code. The challenge
 * is itself a single-use verification code (its UTF-8 bytes are what the browser signs), bound to the
 * attempt, so the sign-in answer needs no second code: the signed client data names it.
 */
import { generateAuthenticationOptions } from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL } from "@simplewebauthn/server/helpers";
import type { z } from "zod";
import { KnownError } from "../../../contract/known-error.js";
import { PASSKEY_RP_ID_PLACEHOLDER, type passkeyRequestOptions } from "../../../contract/passkeys.js";
import type { PasskeyRow } from "../../db/queries/passkeys.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { assertionOrigin, AUTHENTICATION, checkAssertion, type AuthenticationResponse } from "../passkeys/assertion.js";
import { assertPasskeysEnabled, authenticationFailed, CEREMONY_TIMEOUT_MS, CHALLENGE_TTL_MS } from "../passkeys/ceremony.js";
import { createVerificationCode, useVerificationCode } from "../verification-codes.js";

const MFA_PASSKEY_CHALLENGE = "mfa-passkey-challenge";
/** What a verification code looks like (45 lowercase base-32 characters); anything else is no challenge of ours. */
const CODE_SHAPE = /^[0-9a-z]{45}$/;

type ChallengeData = { attempt_id: string };

export interface SignInAttempt {
  id: string;
  userId: string;
}

/** Request options listing the user's passkeys, with a new challenge bound to the attempt. */
export async function passkeyFactorOptions(deps: AppDeps, project: ProjectRow, attempt: SignInAttempt): Promise<z.input<typeof passkeyRequestOptions>> {
  assertPasskeysEnabled(project);
  const passkeys = await deps.queries.passkeys.listForUser(project.id, attempt.userId);
  if (passkeys.length === 0) throw statusError("noPasskeyForSecondFactor");
  const { code } = await createVerificationCode(deps, {
    projectId: project.id,
    purpose: MFA_PASSKEY_CHALLENGE,
    userId: attempt.userId,
    data: { attempt_id: attempt.id } satisfies ChallengeData,
    ttlMs: CHALLENGE_TTL_MS,
  });
  const options = await generateAuthenticationOptions({
    rpID: PASSKEY_RP_ID_PLACEHOLDER,
    challenge: code,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    userVerification: "preferred",
    timeout: CEREMONY_TIMEOUT_MS,
  });
  return { ...options, rpId: PASSKEY_RP_ID_PLACEHOLDER };
}

export interface PasskeyFactorUse {
  passkey: PasskeyRow;
  newCounter: number;
}

/**
 * Checks a passkey answer for the attempt: the challenge it signed (spent here, right or wrong), that
 * challenge's attempt, the passkey's owner and the signature. Throws PASSKEY_AUTHENTICATION_FAILED.
 */
export async function checkPasskeyFactor(deps: AppDeps, project: ProjectRow, attempt: SignInAttempt, response: AuthenticationResponse): Promise<PasskeyFactorUse> {
  assertPasskeysEnabled(project);
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(response.response.clientDataJSON).challenge;
  } catch {
    throw authenticationFailed(`${AUTHENTICATION} failed because the client data is not valid JSON`);
  }
  const code = isoBase64URL.isBase64URL(challenge) ? isoBase64URL.toUTF8String(challenge) : "";
  const stale = authenticationFailed(`${AUTHENTICATION} failed because the challenge is unknown, expired or already used: ask for a new one`);
  if (!CODE_SHAPE.test(code)) throw stale;
  const stored = await useVerificationCode<ChallengeData>(deps, { projectId: project.id, purpose: MFA_PASSKEY_CHALLENGE, code }).catch((error: unknown) => {
    throw error instanceof KnownError && error.code.startsWith("VERIFICATION_CODE_") ? stale : error;
  });
  if (stored.data.attempt_id !== attempt.id) throw stale;
  const page = assertionOrigin(deps, project, response);
  const passkey = await deps.queries.passkeys.findByCredentialId(project.id, response.id);
  if (!passkey || passkey.userId !== attempt.userId) throw authenticationFailed(`${AUTHENTICATION} failed because this passkey does not belong to the account signing in`);
  const { newCounter } = await checkAssertion(page, response, passkey, challenge);
  return { passkey, newCounter };
}

/** Records the passkey's use (the signature counter) in the sign-in's unit of work; a concurrent use fails it. */
export async function recordPasskeyFactorUse(deps: AppDeps, project: ProjectRow, use: PasskeyFactorUse, tx: Db): Promise<void> {
  if (!(await deps.queries.passkeys.recordUse(project.id, use.passkey.id, use.passkey.counter, use.newCounter, deps.clock.now(), tx))) {
    throw authenticationFailed(`${AUTHENTICATION} failed because the passkey was used concurrently`);
  }
}
