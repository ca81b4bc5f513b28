/**
 * The owner's session in the internal project. Tokens live in the same cookies the Stack SDK and the
 * hosted pages use (`stack-refresh-internal` and `stack-access` holding `[refresh, access]`), so a
 * sign-in on the hosted pages signs the dashboard in too. Access tokens are refreshed shortly before
 * they expire through `POST /api/v1/auth/sessions/current/refresh`.
 */
import { apiOrigin, INTERNAL_PROJECT_ID, publishableClientKey } from "./config.js";

const REFRESH_COOKIE = `stack-refresh-${INTERNAL_PROJECT_ID}`;
const ACCESS_COOKIE = "stack-access";
const YEAR = 31_536_000;
const DAY = 86_400;

export interface Tokens {
  refreshToken: string;
  accessToken: string | null;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

function writeCookie(name: string, value: string | null, maxAge: number): void {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie =
    value === null ? `${name}=; path=/; max-age=0; samesite=lax${secure}` : `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; samesite=lax${secure}`;
}

export function readTokens(): Tokens | null {
  const refreshToken = readCookie(REFRESH_COOKIE);
  if (!refreshToken) return null;
  let accessToken: string | null = null;
  const pair = readCookie(ACCESS_COOKIE);
  if (pair?.startsWith('["')) {
    try {
      const parsed: unknown = JSON.parse(pair);
      if (Array.isArray(parsed) && parsed[0] === refreshToken && typeof parsed[1] === "string") accessToken = parsed[1];
    } catch {
      // an unreadable cookie counts as none
    }
  }
  return { refreshToken, accessToken };
}

export function writeTokens(tokens: Tokens | null): void {
  writeCookie(REFRESH_COOKIE, tokens?.refreshToken ?? null, YEAR);
  writeCookie(ACCESS_COOKIE, tokens?.accessToken ? JSON.stringify([tokens.refreshToken, tokens.accessToken]) : null, DAY);
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Seconds since the epoch at which a JWT expires (0 when unreadable). */
function expiresAt(jwt: string): number {
  try {
    const payload = jwt.split(".")[1] ?? "";
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/"));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp : 0;
  } catch {
    return 0;
  }
}

/** An error the server answered with: its known-error code when it has one, and a message for people. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
  }
}

export function clientHeaders(): Record<string, string> {
  const headers: Record<string, string> = { "x-stack-access-type": "client", "x-stack-project-id": INTERNAL_PROJECT_ID };
  const key = publishableClientKey();
  if (key) headers["x-stack-publishable-client-key"] = key;
  return headers;
}

/** Calls the internal project's REST API as a client (sign-in, sign-up, refresh, sign-out). */
export async function restCall<T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { ...clientHeaders(), ...extraHeaders };
  if (body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(`${apiOrigin()}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError("The server could not be reached. Check your connection and try again.", 0, null);
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (!response.ok) {
    const known = parsed as { code?: string; error?: string } | null;
    const message = typeof known?.error === "string" ? known.error : typeof parsed === "string" && parsed ? parsed : `The server answered ${response.status}.`;
    throw new ApiError(message, response.status, known?.code ?? response.headers.get("x-stack-known-error"));
  }
  return parsed as T;
}

let refreshing: Promise<string | null> | null = null;

/** A current access token for the owner, refreshed when it expires within 30 seconds; null when signed out. */
export async function currentAccessToken(): Promise<string | null> {
  const tokens = readTokens();
  if (!tokens) return null;
  if (tokens.accessToken && expiresAt(tokens.accessToken) * 1000 > Date.now() + 30_000) return tokens.accessToken;
  refreshing ??= (async () => {
    try {
      const { access_token } = await restCall<{ access_token: string }>("POST", "/auth/sessions/current/refresh", undefined, {
        "x-stack-refresh-token": tokens.refreshToken,
      });
      writeTokens({ refreshToken: tokens.refreshToken, accessToken: access_token });
      return access_token;
    } catch (error) {
      // A refresh token the server no longer knows ends the session; a network problem does not.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) writeTokens(null);
      throw error;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

interface SignInAnswer {
  refresh_token: string;
  access_token: string;
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const answer = await restCall<SignInAnswer>("POST", "/auth/password/sign-in", { email, password });
  writeTokens({ refreshToken: answer.refresh_token, accessToken: answer.access_token });
}

export async function signUpWithPassword(email: string, password: string): Promise<void> {
  const answer = await restCall<SignInAnswer>("POST", "/auth/password/sign-up", { email, password });
  writeTokens({ refreshToken: answer.refresh_token, accessToken: answer.access_token });
}

export async function signOut(): Promise<void> {
  const tokens = readTokens();
  try {
    const accessToken = tokens ? await currentAccessToken() : null;
    if (tokens && accessToken) {
      await restCall("DELETE", "/auth/sessions/current", undefined, { "x-stack-access-token": accessToken, "x-stack-refresh-token": tokens.refreshToken });
    }
  } catch {
    // signing out locally is what matters
  } finally {
    writeTokens(null);
  }
}
