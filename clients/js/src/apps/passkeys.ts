/**
 * The browser's side of passkeys (SPEC section 8): the relying-party id, the authenticator ceremonies
 * and their failures. Loaded on first use (like @simplewebauthn/browser itself), so apps that never
 * touch a passkey do not ship it.
 */
import type { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type { KnownError } from "../core/errors/known-error.js";
import { KnownErrors } from "../core/errors/known-errors.js";
import { error, ok, type Result } from "../result.js";

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
const webAuthn = () => import("@simplewebauthn/browser");

type Failure<N extends "PasskeyAuthenticationFailed" | "PasskeyRegistrationFailed"> = KnownErrors["PasskeyWebAuthnError"] | KnownErrors[N];

/** Runs an authenticator ceremony: its answer, or an authenticator failure (else `fallback`) as an error result. */
async function ceremony<T, N extends "PasskeyAuthenticationFailed" | "PasskeyRegistrationFailed">(
  run: (browser: Awaited<ReturnType<typeof webAuthn>>) => Promise<T>,
  fallback: () => KnownErrors[N],
): Promise<Result<T, Failure<N>>> {
  const browser = await webAuthn();
  try {
    return ok(await run(browser));
  } catch (caught) {
    return error((webAuthnFailure(caught, browser.WebAuthnError) ?? fallback()) as Failure<N>);
  }
}

/**
 * The browser's step of a passkey sign-in, first factor or second: the server's request options get
 * `hostname` (the page's) as relying-party id and the authenticator signs the challenge. An
 * authenticator failure is a `PasskeyWebAuthnError` result (its `details.code` says which), anything
 * else the browser throws a `PasskeyAuthenticationFailed` result.
 */
export function passkeyAssertion(optionsJson: unknown, hostname: string): Promise<Result<Awaited<ReturnType<typeof startAuthentication>>, Failure<"PasskeyAuthenticationFailed">>> {
  const optionsJSON = withHostname(optionsJson as Record<string, unknown>, "rpId", hostname) as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"];
  const message = "Failed to sign in with passkey";
  return ceremony((browser) => browser.startAuthentication({ optionsJSON }), () => new KnownErrors.PasskeyAuthenticationFailed({ message }, message));
}

/**
 * The browser's step of a passkey registration: the server's creation options get `hostname` as
 * relying-party id and the authenticator makes the credential. An authenticator failure is a
 * `PasskeyWebAuthnError` result, anything else the browser throws a `PasskeyRegistrationFailed` result.
 */
export function passkeyRegistration(optionsJson: unknown, hostname: string): Promise<Result<Awaited<ReturnType<typeof startRegistration>>, Failure<"PasskeyRegistrationFailed">>> {
  const optionsJSON = withHostname(optionsJson as { rp: { id?: string } }, "rp", hostname) as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"];
  const message = "Failed to start passkey registration";
  return ceremony((browser) => browser.startRegistration({ optionsJSON }), () => new KnownErrors.PasskeyRegistrationFailed({ message }, message));
}
