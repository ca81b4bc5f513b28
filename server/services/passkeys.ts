/**
 * Passkeys (oauth-and-passkeys-and-mfa.md §4): registering WebAuthn credentials for a signed-in user
 * and signing in with them, on @simplewebauthn/server.
 *
 * - Options carry the placeholder RP id; the RP id that counts is the hostname of the origin in the
 *   signed client data, and that origin must be trusted by the project (redirect-urls.ts).
 * - Registration asks for a discoverable credential (`residentKey: "required"`), so sign-in needs no
 *   e-mail: `allowCredentials` is always empty and the credential id names the passkey. There is
 *   deliberately no e-mail parameter (the SDK sends none, and listing a user's credentials for an
 *   e-mail would tell anyone which e-mails have passkeys).
 * - A user may have several passkeys; each authenticator once (`excludeCredentials`).
 * - Sign-in rejects a signature counter that does not increase, unless the authenticator keeps none (0).
 */
import { randomUUID } from "node:crypto";
import { generateAuthenticationOptions, generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { z } from "zod";
import { knownError } from "../../contract/known-error.js";
import {
  PASSKEY_RP_ID_PLACEHOLDER,
  type passkeyCreationOptions,
  type passkeyRegistrationResponse,
  type passkeyRequestOptions,
} from "../../contract/passkeys.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { UserRecord } from "../db/queries/users.js";
import type { AppDeps } from "../deps.js";
import { assertionOrigin, AUTHENTICATION, checkAssertion, userHandleOf, type AuthenticationResponse } from "./passkeys/assertion.js";
import {
  assertPasskeysEnabled,
  authenticationFailed,
  CEREMONY_TIMEOUT_MS,
  ceremonyOrigin,
  CHALLENGE_TTL_MS,
  PASSKEY_AUTHENTICATION,
  PASSKEY_REGISTRATION,
  registrationFailed,
  rejectionMessage,
  type ChallengeData,
} from "./passkeys/ceremony.js";
import { renderProjectConfig } from "./config/project-config.js";
import { requireNoSecondFactor } from "./mfa/second-factor.js";
import type { SessionOrigin } from "./sessions.js";
import { completeSignIn, type SignInResult } from "./sign-in.js";
import { queueSecurityAlert } from "./security-alerts.js";
import { createVerificationCode, useVerificationCode } from "./verification-codes.js";

export type RegistrationResponse = z.output<typeof passkeyRegistrationResponse>;
export type { AuthenticationResponse };
type Initiated<O extends z.ZodType> = Promise<{ options_json: z.input<O>; code: string }>;

const REGISTRATION = "Passkey registration";
/** The name authenticators show for a user with neither a display name nor an e-mail (as the reference does). */
const FALLBACK_USER_NAME = "Stack Auth User";

export async function initiatePasskeyRegistration(deps: AppDeps, project: ProjectRow, record: UserRecord): Initiated<typeof passkeyCreationOptions> {
  assertPasskeysEnabled(project);
  const { user, primaryEmail } = record;
  const existing = await deps.queries.passkeys.listForUser(project.id, user.id);
  const name = user.displayName || primaryEmail?.value || FALLBACK_USER_NAME;
  // Without `hints`, which Stack's backend does not send (browsers treat a missing member as none).
  const { hints: _hints, ...options } = await generateRegistrationOptions({
    rpName: project.displayName,
    rpID: PASSKEY_RP_ID_PLACEHOLDER,
    userID: userHandleOf(user.id),
    userName: name,
    userDisplayName: name,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const data: ChallengeData = { challenge: options.challenge, user_id: user.id };
  const { code } = await createVerificationCode(deps, { projectId: project.id, purpose: PASSKEY_REGISTRATION, userId: user.id, data, ttlMs: CHALLENGE_TTL_MS });
  return { options_json: { ...options, rp: { ...options.rp, id: PASSKEY_RP_ID_PLACEHOLDER } }, code };
}

/** Verifies a new credential and stores it; answers its credential id. */
export async function registerPasskey(deps: AppDeps, project: ProjectRow, record: UserRecord, credential: RegistrationResponse, code: string) {
  assertPasskeysEnabled(project);
  const stored = await useVerificationCode<ChallengeData>(deps, { projectId: project.id, purpose: PASSKEY_REGISTRATION, code, consume: false });
  if (stored.data.user_id !== record.user.id) throw knownError("VERIFICATION_CODE_NOT_FOUND");
  const { origin, rpId } = ceremonyOrigin(deps, project, credential.response.clientDataJSON, registrationFailed, REGISTRATION);

  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      // The contract checked the shape; the library checks the rest (transport names included).
      response: credential as RegistrationResponseJSON,
      expectedChallenge: stored.data.challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: false,
    });
  } catch (error) {
    throw registrationFailed(rejectionMessage(REGISTRATION, error));
  }
  if (!verification.verified) throw registrationFailed(`${REGISTRATION} failed because the response could not be verified`);
  const { credential: verified } = verification.registrationInfo;

  await deps.store.transaction(async (tx) => {
    await useVerificationCode(deps, { projectId: project.id, purpose: PASSKEY_REGISTRATION, code, db: tx });
    if (await deps.queries.passkeys.findByCredentialId(project.id, verified.id, tx)) {
      throw registrationFailed(`${REGISTRATION} failed because this passkey is already registered`);
    }
    await deps.queries.passkeys.insert(
      {
        id: randomUUID(),
        projectId: project.id,
        userId: record.user.id,
        credentialId: verified.id,
        publicKey: isoBase64URL.fromBuffer(verified.publicKey),
        counter: verified.counter,
        transports: verified.transports ?? credential.response.transports ?? [],
        createdAt: deps.clock.now(),
        lastUsedAt: null,
      },
      tx,
    );
    await queueSecurityAlert(deps, tx, project.id, record.primaryEmail, "passkeyAdded");
  });
  return { user_handle: verified.id };
}

export async function initiatePasskeyAuthentication(deps: AppDeps, project: ProjectRow): Initiated<typeof passkeyRequestOptions> {
  assertPasskeysEnabled(project);
  const options = await generateAuthenticationOptions({
    rpID: PASSKEY_RP_ID_PLACEHOLDER,
    allowCredentials: [],
    userVerification: "preferred",
    timeout: CEREMONY_TIMEOUT_MS,
  });
  const data: ChallengeData = { challenge: options.challenge };
  const { code } = await createVerificationCode(deps, { projectId: project.id, purpose: PASSKEY_AUTHENTICATION, data, ttlMs: CHALLENGE_TTL_MS });
  return { options_json: { ...options, rpId: PASSKEY_RP_ID_PLACEHOLDER }, code };
}

/** Checks an assertion, records the passkey's use, then signs its owner in. */
export async function signInWithPasskey(
  deps: AppDeps,
  project: ProjectRow,
  response: AuthenticationResponse,
  code: string,
  sessionOrigin?: SessionOrigin,
): Promise<SignInResult & { is_new_user: false }> {
  assertPasskeysEnabled(project);
  const stored = await useVerificationCode<ChallengeData>(deps, { projectId: project.id, purpose: PASSKEY_AUTHENTICATION, code, consume: false });
  const page = assertionOrigin(deps, project, response);
  const passkey = await deps.queries.passkeys.findByCredentialId(project.id, response.id);
  const record = passkey && (await deps.queries.users.find(project.id, passkey.userId));
  if (!passkey || !record) throw authenticationFailed("Passkey not found");
  const checked = await checkAssertion(page, response, passkey, stored.data.challenge);

  // Committed before the session is made, so that a second-factor answer from completeSignIn does not
  // roll back the spent challenge or the counter.
  await deps.store.transaction(async (tx) => {
    await useVerificationCode(deps, { projectId: project.id, purpose: PASSKEY_AUTHENTICATION, code, db: tx });
    if (!(await deps.queries.passkeys.recordUse(project.id, passkey.id, passkey.counter, checked.newCounter, deps.clock.now(), tx))) {
      throw authenticationFailed(`${AUTHENTICATION} failed because the passkey was used concurrently`);
    }
  });
  // A passkey the device unlocked with its PIN or biometric (user verification) is something the user has
  // and something they know or are: it stands in for the second factor unless the project asks for TOTP too.
  const bothFactors = checked.userVerified && renderProjectConfig(project).auth.passkey.requireSecondFactor !== true;
  if (!bothFactors) await requireNoSecondFactor(deps, project, record);
  const result = await deps.store.transaction((tx) => completeSignIn(deps, tx, project.id, record, sessionOrigin));
  return { ...result, is_new_user: false };
}
