/** Cookie names and lifetimes of SPEC section 9 (the same as Stack's SDK, so either SDK reads the other's). */
export const refreshTokenCookieName = (projectId: string) => `stack-refresh-${projectId}`;
/** The pre-project-id refresh cookie name, still read and then deleted. */
export const legacyRefreshTokenCookieName = "stack-refresh";
/** Holds JSON `[refreshToken, accessToken]`, so an access token is only used with its own refresh token. */
export const accessTokenCookieName = "stack-access";
export const httpsFlagCookieName = "stack-is-https";
export const oauthVerifierCookieName = (state: string) => `stack-oauth-outer-${state}`;

export const refreshTokenCookieMaxAgeSeconds = 31_536_000;
export const accessTokenCookieMaxAgeSeconds = 86_400;
export const oauthVerifierCookieMaxAgeSeconds = 3_600;
/** How often the browser cookie store looks for changes made by other tabs. */
export const cookiePollIntervalMs = 100;

/** Reads the access token out of the `stack-access` cookie, if it belongs to `refreshToken`. */
export function accessTokenFromCookie(cookieValue: string | null | undefined, refreshToken: string | null): string | null {
  if (!cookieValue?.startsWith('["')) return null;
  try {
    const parsed: unknown = JSON.parse(cookieValue);
    if (Array.isArray(parsed) && parsed[0] === refreshToken && typeof parsed[1] === "string") return parsed[1];
  } catch {
    // an unreadable cookie is the same as none
  }
  return null;
}

/** Parses a `Cookie` header into name -> value (the first value wins). */
export function parseCookieHeader(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(index + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}
