/**
 * Checking a passkey's signature over a challenge (a WebAuthn assertion): shared by passkey sign-in and
 * by a passkey given as the second factor. The caller finds the passkey, knows the challenge it issued
 * and records the new signature counter.
 */
import { verifyAuthenticationResponse, type AuthenticationResponseJSON } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { z } from "zod";
import type { passkeyAuthenticationResponse } from "../../../contract/passkeys.js";
import type { PasskeyRow } from "../../db/queries/passkeys.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { AppDeps } from "../../deps.js";
import { authenticationFailed, ceremonyOrigin, rejectionMessage, type CeremonyOrigin } from "./ceremony.js";

export type AuthenticationResponse = z.output<typeof passkeyAuthenticationResponse>;

export const AUTHENTICATION = "Passkey authentication";

/** The WebAuthn user handle of a user: the UTF-8 bytes of the user id (1 to 64 bytes). */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  const bytes = Uint8Array.from(Buffer.from(userId, "utf8"));
  if (bytes.length < 1 || bytes.length > 64) throw new Error(`A WebAuthn user handle must be 1 to 64 bytes, not ${bytes.length}`);
  return bytes;
}

export interface CheckedAssertion {
  newCounter: number;
  /** The device checked its PIN or biometric. */
  userVerified: boolean;
}

/**
 * The page the assertion was made on, refused (PASSKEY_AUTHENTICATION_FAILED) unless the project trusts it.
 * Callers check it first, before looking the credential up: an untrusted origin is refused for what it is,
 * whether or not the server knows the credential its authenticator offered.
 */
export function assertionOrigin(deps: Pick<AppDeps, "config">, project: ProjectRow, response: AuthenticationResponse): CeremonyOrigin {
  return ceremonyOrigin(deps, project, response.response.clientDataJSON, authenticationFailed, AUTHENTICATION);
}

/**
 * Throws PASSKEY_AUTHENTICATION_FAILED unless `response` is `passkey`'s signature over `expectedChallenge`
 * (base64url), made on `page` (from `assertionOrigin`), by its owner's credential.
 */
export async function checkAssertion(page: CeremonyOrigin, response: AuthenticationResponse, passkey: PasskeyRow, expectedChallenge: string): Promise<CheckedAssertion> {
  const { origin, rpId } = page;
  const { userHandle } = response.response;
  if (userHandle !== undefined && userHandle !== isoBase64URL.fromBuffer(userHandleOf(passkey.userId))) {
    throw authenticationFailed(`${AUTHENTICATION} failed because the passkey belongs to another user`);
  }
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: false,
    });
  } catch (error) {
    throw authenticationFailed(rejectionMessage(AUTHENTICATION, error));
  }
  if (!verification.verified) throw authenticationFailed(`${AUTHENTICATION} failed because the signature is invalid`);
  return { newCounter: verification.authenticationInfo.newCounter, userVerified: verification.authenticationInfo.userVerified };
}
