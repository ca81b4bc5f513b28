import type { KnownError } from "../core/errors/known-error.js";
import { KnownErrors } from "../core/errors/known-errors.js";

/** The relying-party id the server puts in passkey options; the SDK replaces it with the page's hostname. */
export const rpIdPlaceholder = "THIS_VALUE_WILL_BE_REPLACED.example.com";

/** The authenticator errors of SPEC section 8, as `@simplewebauthn/browser` codes them. */
export const webAuthnErrorCodes = [
  "ERROR_CEREMONY_ABORTED",
  "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED",
  "ERROR_INVALID_DOMAIN",
  "ERROR_INVALID_RP_ID",
  "ERROR_INVALID_USER_ID_LENGTH",
  "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT",
  "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT",
  "ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG",
  "ERROR_AUTHENTICATOR_GENERAL_ERROR",
] as const;
export type WebAuthnErrorCode = (typeof webAuthnErrorCodes)[number];

/**
 * A browser authenticator failure as `PasskeyWebAuthnError` (`details.code` one of the SPEC's list; other
 * codes count as a general authenticator error), or null when `error` is not an authenticator error.
 */
export function webAuthnFailure(error: unknown, WebAuthnError: abstract new (...args: never[]) => Error): KnownError | null {
  if (!(error instanceof WebAuthnError) || !("code" in error)) return null;
  const raw = String(error.code);
  const code: WebAuthnErrorCode = (webAuthnErrorCodes as readonly string[]).includes(raw) ? (raw as WebAuthnErrorCode) : "ERROR_AUTHENTICATOR_GENERAL_ERROR";
  return new KnownErrors.PasskeyWebAuthnError({ message: error.message, code }, error.message);
}

/** Replaces the placeholder relying-party id; any other value from the server is refused. */
export function withHostname<T extends Record<string, unknown>>(options: T, field: "rpId", hostname: string): T;
export function withHostname<T extends { rp: { id?: string } }>(options: T, field: "rp", hostname: string): T;
export function withHostname(options: Record<string, unknown>, field: "rpId" | "rp", hostname: string): Record<string, unknown> {
  if (!hostname) throw new Error("Passkeys need a hostname: call this in a browser, or pass { hostname }");
  if (field === "rpId") {
    if (options.rpId !== rpIdPlaceholder) throw new Error(`The server's passkey options carry the relying-party id ${String(options.rpId)} instead of the placeholder`);
    return { ...options, rpId: hostname };
  }
  const rp = options.rp as { id?: string };
  if (rp.id !== rpIdPlaceholder) throw new Error(`The server's passkey options carry the relying-party id ${String(rp.id)} instead of the placeholder`);
  return { ...options, rp: { ...rp, id: hostname } };
}

/** `@simplewebauthn/browser`, loaded on first use so apps without passkeys do not ship it. */
export const webAuthn = () => import("@simplewebauthn/browser");
