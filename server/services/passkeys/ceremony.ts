/**
 * What the passkey flows share: the challenge stored as a verification code, and the origin and
 * relying-party id read from the client data the browser signed.
 */
import { decodeClientDataJSON } from "@simplewebauthn/server/helpers";
import { knownError } from "../../../contract/known-error.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { AppDeps } from "../../deps.js";
import { renderProjectConfig } from "../config/project-config.js";
import { isTrustedUrl, redirectPolicy } from "../redirect-urls.js";

export const PASSKEY_REGISTRATION = "passkey-registration";
export const PASSKEY_AUTHENTICATION = "passkey-authentication";
/** How long a challenge code lives: the browser's 60-second ceremony timeout and some slack. */
export const CHALLENGE_TTL_MS = 65_000;
export const CEREMONY_TIMEOUT_MS = 60_000;

/** What a challenge code carries (`user_id` for registrations only). */
export interface ChallengeData {
  [key: string]: unknown;
  challenge: string;
  user_id?: string;
}

export type CeremonyFailure = (message: string) => Error;

export const registrationFailed: CeremonyFailure = (message) => knownError("PASSKEY_REGISTRATION_FAILED", { message });
export const authenticationFailed: CeremonyFailure = (message) => knownError("PASSKEY_AUTHENTICATION_FAILED", { message });

/** Throws PASSKEY_AUTHENTICATION_NOT_ENABLED unless the project allows passkeys (sign-in and registration). */
export function assertPasskeysEnabled(project: ProjectRow): void {
  if (!renderProjectConfig(project).auth.passkey.allowSignIn) throw knownError("PASSKEY_AUTHENTICATION_NOT_ENABLED");
}

export interface CeremonyOrigin {
  /** The page's origin, e.g. `https://app.example.com`; the expected origin. */
  origin: string;
  /** Its hostname: the relying-party id the SDK put in place of the placeholder. */
  rpId: string;
}

/**
 * The origin the browser wrote into the client data, when the project trusts it (and, for a page
 * framed by another origin, trusts the top origin too). Signature checks come later; an origin that
 * was tampered with fails them.
 */
export function ceremonyOrigin(deps: Pick<AppDeps, "config">, project: ProjectRow, clientDataJSON: string, fail: CeremonyFailure, what: string): CeremonyOrigin {
  let clientData: ReturnType<typeof decodeClientDataJSON>;
  try {
    clientData = decodeClientDataJSON(clientDataJSON);
  } catch {
    throw fail(`${what} failed because the client data is not valid JSON`);
  }
  const policy = redirectPolicy(deps, project);
  const isTrustedOrigin = (value: unknown): value is string =>
    typeof value === "string" && URL.canParse(value) && new URL(value).origin === value && isTrustedUrl(value, policy);
  const { origin } = clientData;
  if (!isTrustedOrigin(origin) || (clientData.crossOrigin === true && !isTrustedOrigin(clientData.topOrigin))) {
    throw fail(`${what} failed because the origin is not allowed`);
  }
  return { origin, rpId: new URL(origin).hostname };
}

/**
 * A message for a response the WebAuthn library rejected: its reason, with quoted values (challenges,
 * origins) left out.
 */
export function rejectionMessage(what: string, error: unknown): string {
  const reason = error instanceof Error ? error.message.replace(/"[^"]*"/g, '"…"').slice(0, 300) : "unknown error";
  return `${what} failed because the response is invalid: ${reason}`;
}
