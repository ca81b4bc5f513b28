import { oauthVerifierCookieMaxAgeSeconds, oauthVerifierCookieName } from "../core/tokens/cookie-names.js";
import { readCookie, writeCookie, type CookieJar } from "../core/tokens/cookie-store.js";
import { toBase64 } from "../core/crypto/base64.js";

/** base64url without padding (RFC 7636 appendix A). */
export function base64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

/** A random string of `bytes` random bytes, base64url (43 characters for 32 bytes). */
export function randomUrlSafe(bytes = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** The S256 code challenge of a PKCE verifier: base64url(SHA-256(verifier)). */
export async function codeChallengeOf(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/**
 * Starts an outer OAuth flow: a fresh PKCE verifier and state; the verifier is kept in the cookie
 * `stack-oauth-outer-<state>` for one hour (SPEC section 9), so only the page that gets this state back can
 * finish the flow.
 */
export async function saveVerifier(jar: CookieJar, secure: boolean): Promise<{ state: string; codeChallenge: string }> {
  const verifier = randomUrlSafe(32);
  const state = randomUrlSafe(24);
  writeCookie(jar, oauthVerifierCookieName(state), verifier, oauthVerifierCookieMaxAgeSeconds, secure);
  return { state, codeChallenge: await codeChallengeOf(verifier) };
}

/** The verifier stored for `state`, deleted as it is read (each flow finishes once); null when there is none. */
export function consumeVerifier(jar: CookieJar, state: string): string | null {
  const name = oauthVerifierCookieName(state);
  const verifier = readCookie(jar, name);
  if (verifier === null) return null;
  writeCookie(jar, name, null, 0);
  return verifier;
}

export interface AuthorizeUrlOptions {
  apiUrl: string;
  projectId: string;
  publishableClientKey: string;
  provider: string;
  redirectUri: string;
  errorRedirectUrl: string;
  state: string;
  codeChallenge: string;
  type: "authenticate" | "link";
  /** The signed-in user's access token: upgrades an anonymous user, or is the user a link is for. */
  accessToken?: string | null;
  afterCallbackRedirectUrl?: string;
  providerScope?: string;
}

/** The authorize URL of the outer flow, with the query parameters the wire reference lists. */
export function authorizeUrl(options: AuthorizeUrlOptions): string {
  const redirect = new URL(options.redirectUri);
  redirect.searchParams.delete("code");
  redirect.searchParams.delete("state");
  const url = new URL(`${options.apiUrl}/auth/oauth/authorize/${encodeURIComponent(options.provider.toLowerCase())}`);
  const params: Record<string, string | null | undefined> = {
    client_id: options.projectId,
    client_secret: options.publishableClientKey,
    redirect_uri: redirect.toString(),
    scope: "legacy",
    state: options.state,
    grant_type: "authorization_code",
    code_challenge: options.codeChallenge,
    code_challenge_method: "S256",
    response_type: "code",
    type: options.type,
    error_redirect_url: options.errorRedirectUrl,
    token: options.accessToken,
    after_callback_redirect_url: options.afterCallbackRedirectUrl,
    provider_scope: options.providerScope,
  };
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

/**
 * An absolute URL for `target` relative to the current page, keeping the page's `after_auth_return_to`
 * and dropping the fragment (how redirect URIs are built, so the authorize and token calls agree).
 */
export function absoluteRedirectUrl(target: string, currentHref: string): string {
  const current = new URL(currentHref);
  const url = new URL(target, current);
  const returnTo = current.searchParams.get("after_auth_return_to");
  if (returnTo !== null) url.searchParams.set("after_auth_return_to", returnTo);
  url.hash = "";
  return url.toString();
}

/** Space-separated scopes, each once. */
export function mergeScopes(...lists: (string | undefined)[]): string {
  return [...new Set(lists.flatMap((list) => (list ?? "").split(" ")).filter((scope) => scope !== ""))].join(" ");
}
