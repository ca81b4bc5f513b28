import { accessTokenCookieName, accessTokenFromCookie, legacyRefreshTokenCookieName, parseCookieHeader, refreshTokenCookieName } from "./cookie-names.js";
import type { Tokens } from "./session.js";
import type { RequestLike } from "./token-store.js";

/**
 * The tokens a request carries: the `x-stack-auth` header (JSON `{accessToken, refreshToken}`, what
 * `getAuthHeaders()` produces) or else the cookies the browser store writes.
 */
export function tokensFromRequest(request: RequestLike, projectId: string): Tokens {
  const header = request.headers.get("x-stack-auth");
  if (header) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(header);
    } catch (cause) {
      throw new Error("Invalid x-stack-auth header: it must be a JSON object", { cause });
    }
    if (typeof parsed !== "object" || parsed === null) throw new Error("Invalid x-stack-auth header: it must be a JSON object");
    const { accessToken, refreshToken } = parsed as Partial<Tokens>;
    return { accessToken: accessToken ?? null, refreshToken: refreshToken ?? null };
  }
  const cookies = parseCookieHeader(request.headers.get("cookie") ?? "");
  const refreshToken = cookies.get(refreshTokenCookieName(projectId)) ?? cookies.get(legacyRefreshTokenCookieName) ?? null;
  const accessCookie = cookies.get(accessTokenCookieName);
  return { refreshToken, accessToken: accessTokenFromCookie(accessCookie, refreshToken) };
}
