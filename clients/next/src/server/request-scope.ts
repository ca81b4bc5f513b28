/**
 * The visitor's session on the Next.js server: the `nextjs-cookie` token store read from the request's
 * cookies (`next/headers`), and tokens the SDK refreshes written back where Next.js lets a response set
 * cookies (route handlers and server actions; server components may only read them).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { isIP } from "node:net";
import { cookies, headers } from "next/headers";
import type { RequestLike, TokenStoreInit } from "@latchkey/js";
import { requestPathHeader } from "../request-path.js";
import { accessTokenCookieMaxAgeSeconds, accessTokenCookieName, httpsFlagCookieName, refreshTokenCookieMaxAgeSeconds, refreshTokenCookieName, type Tokens } from "@latchkey/js/internal";


export interface RequestScope {
  /** The token store of this request's cookies. */
  tokenStore: TokenStoreInit;
  /** The path and query the visitor asked for, when the middleware helper passed it on. */
  requestPath: string | null;
  /** The visitor's address, as the proxy in front of Next.js (or Next.js itself) names it; null when unknown. */
  visitorAddress: string | null;
}

/**
 * The visitor's address: the first of X-Forwarded-For (the client, as the proxy in front of Next.js or
 * `next start` records it), else X-Real-IP. Only a well-formed IPv4 or IPv6 address is passed on (the
 * server refuses anything else); a visitor who forges the header only moves their own requests to
 * another address's per-address allowance, never past the per-account limits.
 */
function visitorAddressOf(requestHeaders: Headers): string | null {
  const candidate = (requestHeaders.get("x-forwarded-for")?.split(",")[0] ?? requestHeaders.get("x-real-ip") ?? "").trim();
  return isIP(candidate) !== 0 ? candidate : null;
}

type CookieJar = Awaited<ReturnType<typeof cookies>>;
/** Called once per request with its token store and the function writing the store's changes back. */
export type WatchStore = (tokenStore: TokenStoreInit, write: (tokens: Tokens) => void) => void;

const scopes = new AsyncLocalStorage<RequestScope>();
/** One scope per request's cookie jar, so every call in a request shares one session. */
const byJar = new WeakMap<CookieJar, RequestScope>();

/** The scope of the running call, if it was started by `inRequestScope`. */
export function currentScope(): RequestScope | undefined {
  return scopes.getStore();
}

/** The request scope of the current Next.js request (from `cookies()`), made once per request. */
async function requestScope(projectId: string, watch: WatchStore): Promise<RequestScope> {
  const jar = await cookies();
  const existing = byJar.get(jar);
  if (existing) return existing;
  const cookieHeader = jar.getAll().map(({ name, value }) => `${name}=${encodeURIComponent(value)}`).join("; ");
  const tokenStore: RequestLike = { headers: { get: (name) => (name.toLowerCase() === "cookie" ? cookieHeader : null) } };
  const requestHeaders = await headers();
  const scope: RequestScope = { tokenStore, requestPath: requestHeaders.get(requestPathHeader), visitorAddress: visitorAddressOf(requestHeaders) };
  byJar.set(jar, scope);
  watch(tokenStore, (tokens) => writeTokens(jar, projectId, tokens));
  return scope;
}

/** Runs `call` with the current request's scope (for calls that use the app's own token store). */
export async function inRequestScope<T>(projectId: string, watch: WatchStore, call: () => Promise<T>): Promise<T> {
  if (scopes.getStore()) return call();
  const scope = await requestScope(projectId, watch);
  return scopes.run(scope, call);
}

/**
 * Writes the tokens into the response's cookies, as the browser store names and shapes them. Server
 * components cannot set cookies: there the new access token lives for this render only, and the browser
 * (or the next action or route handler) refreshes it again.
 */
function writeTokens(jar: CookieJar, projectId: string, tokens: Tokens): void {
  const attributes = { path: "/", sameSite: "lax" as const, secure: jar.get(httpsFlagCookieName)?.value === "true" };
  try {
    if (tokens.refreshToken === null) {
      jar.set(refreshTokenCookieName(projectId), "", { ...attributes, maxAge: 0 });
      jar.set(accessTokenCookieName, "", { ...attributes, maxAge: 0 });
      return;
    }
    jar.set(refreshTokenCookieName(projectId), tokens.refreshToken, { ...attributes, maxAge: refreshTokenCookieMaxAgeSeconds });
    if (tokens.accessToken) jar.set(accessTokenCookieName, JSON.stringify([tokens.refreshToken, tokens.accessToken]), { ...attributes, maxAge: accessTokenCookieMaxAgeSeconds });
  } catch {
    // A server component: Next.js refuses cookie writes while rendering (see above).
  }
}
