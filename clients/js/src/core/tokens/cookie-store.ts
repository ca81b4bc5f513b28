import {
  accessTokenCookieMaxAgeSeconds,
  accessTokenCookieName,
  accessTokenFromCookie,
  cookiePollIntervalMs,
  httpsFlagCookieName,
  legacyRefreshTokenCookieName,
  parseCookieHeader,
  refreshTokenCookieMaxAgeSeconds,
  refreshTokenCookieName,
} from "./cookie-names.js";
import type { Tokens } from "./session.js";
import { memoryTokenStore, type TokenStore } from "./token-store.js";

/** The little of `document` the cookie store needs (a fake one in tests). */
export interface CookieJar {
  cookie: string;
}

/** Writes one cookie (deletes it when `value` is null). */
export function writeCookie(jar: CookieJar, name: string, value: string | null, maxAgeSeconds: number, secure = false): void {
  const attributes = `; path=/; samesite=lax${secure ? "; secure" : ""}`;
  jar.cookie = value === null ? `${name}=; max-age=0${attributes}` : `${name}=${encodeURIComponent(value)}; max-age=${maxAgeSeconds}${attributes}`;
}

/** Reads one cookie. */
export function readCookie(jar: CookieJar, name: string): string | null {
  return parseCookieHeader(jar.cookie).get(name) ?? null;
}

function readTokens(jar: CookieJar, projectId: string, previous: Tokens | null): Tokens {
  const refreshToken = readCookie(jar, refreshTokenCookieName(projectId)) ?? readCookie(jar, legacyRefreshTokenCookieName);
  const accessToken = accessTokenFromCookie(readCookie(jar, accessTokenCookieName), refreshToken)
    ?? (previous?.refreshToken === refreshToken ? previous.accessToken : null);
  return { refreshToken, accessToken };
}

/**
 * The browser token store: the refresh token in `stack-refresh-<projectId>` (1 year), the access token with
 * its refresh token in `stack-access` (1 day). Changes by other tabs are picked up every 100 ms.
 */
export function cookieTokenStore(projectId: string, jar: CookieJar, isHttps: boolean): TokenStore {
  if (isHttps) writeCookie(jar, httpsFlagCookieName, "true", refreshTokenCookieMaxAgeSeconds, true);
  const store = memoryTokenStore(readTokens(jar, projectId, null));
  let writing = false;
  store.onChange((tokens) => {
    if (writing) return;
    writeCookie(jar, refreshTokenCookieName(projectId), tokens.refreshToken, refreshTokenCookieMaxAgeSeconds, isHttps);
    writeCookie(jar, accessTokenCookieName, tokens.accessToken ? JSON.stringify([tokens.refreshToken, tokens.accessToken]) : null, accessTokenCookieMaxAgeSeconds, isHttps);
    writeCookie(jar, legacyRefreshTokenCookieName, null, 0, isHttps);
  });
  const timer = setInterval(() => {
    const current = readTokens(jar, projectId, store.get());
    const old = store.get();
    if (current.refreshToken !== old.refreshToken || current.accessToken !== old.accessToken) {
      writing = true;
      try {
        store.set(current);
      } finally {
        writing = false;
      }
    }
  }, cookiePollIntervalMs);
  (timer as { unref?: () => void }).unref?.();
  return store;
}
