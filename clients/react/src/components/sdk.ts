/**
 * What the handler pages add to the SDK's sign-in methods: the MFA attempt code and return target kept
 * across the MFA page, and the OAuth callback. OAuth and passkey sign-in start with the app's own methods
 * (`signInWithOAuth`, `signInWithPasskey`). The callback redeems its code with the SDK's token exchange
 * but answers instead of redirecting: the handler follows the project's trusted domains and shows its own
 * messages, where the app's `callOAuthCallback` follows relative targets only.
 */
import { KnownErrors, type StackClientApp } from "@latchkey/js";

type App = StackClientApp;

/** Where the SDK keeps the attempt code of a sign-in waiting for its second factor. */
export const MFA_ATTEMPT_KEY = "stack_mfa_attempt_code";
/** Where the components keep `after_auth_return_to` while the MFA page is shown. */
export const RETURN_TO_KEY = "latchkey_after_auth_return_to";
const OUTER_COOKIE = "stack-oauth-outer-";

/** Keeps the attempt code of an MFA challenge (as the SDK does); answers whether `error` was one. */
export function storeMfaAttempt(error: unknown): boolean {
  if (!(error instanceof KnownErrors.MultiFactorAuthenticationRequired)) return false;
  const code = error.details?.attempt_code;
  if (typeof code === "string") sessionStorage.setItem(MFA_ATTEMPT_KEY, code);
  return true;
}

/** Remembers the page's `after_auth_return_to` for the MFA page (the SDK's MFA redirect drops it). */
export function rememberReturnTo(): void {
  const returnTo = new URL(window.location.href).searchParams.get("after_auth_return_to");
  if (returnTo !== null) sessionStorage.setItem(RETURN_TO_KEY, returnTo);
  else sessionStorage.removeItem(RETURN_TO_KEY);
}

function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

function getCookie(name: string): string | null {
  for (const part of document.cookie.split(/;\s*/)) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at) === name) return decodeURIComponent(part.slice(at + 1));
  }
  return null;
}

/** An absolute address on this origin without `code`, `state` and the fragment (the OAuth redirect URI). */
function oauthRedirectUri(callbackUrl: string): string {
  const url = new URL(callbackUrl, window.location.href);
  url.searchParams.delete("code");
  url.searchParams.delete("state");
  url.hash = "";
  return url.toString();
}

export type OAuthCallbackResult =
  | { status: "ignored" }
  | { status: "signed-in"; isNewUser: boolean; afterCallbackRedirectUrl: string | null };

/**
 * Finishes an OAuth sign-in on the callback page: reads `code` and `state`, removes them from the address,
 * and redeems the code with the verifier `app.signInWithOAuth` stored for that state (the
 * `stack-oauth-outer-<state>` cookie). Without a stored verifier the callback is ignored with a warning
 * (SPEC section 2). Throws the server's known error (MFA challenges included).
 */
export async function callOAuthCallback(app: App): Promise<OAuthCallbackResult> {
  const url = new URL(window.location.href);
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  if (code === null || state === null) {
    console.warn("The OAuth callback page was opened without code and state; ignoring it.");
    return { status: "ignored" };
  }
  url.searchParams.delete("code");
  url.searchParams.delete("state");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  const verifier = getCookie(OUTER_COOKIE + state);
  if (verifier === null) {
    console.warn("No code verifier is stored for this OAuth state; the callback is ignored (was the page reloaded?).");
    return { status: "ignored" };
  }
  setCookie(OUTER_COOKIE + state, "", 0);
  const tokens = await app._transport.exchangeAuthorizationCode({ code, codeVerifier: verifier, redirectUri: oauthRedirectUri(url.toString()) });
  app._signIn(tokens);
  return { status: "signed-in", isNewUser: tokens.is_new_user, afterCallbackRedirectUrl: tokens.after_callback_redirect_url };
}
