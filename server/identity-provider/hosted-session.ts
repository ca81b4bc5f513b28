/**
 * The hosted pages' session as the identity provider sees it: the refresh-token cookie of the project on
 * this origin (SPEC section 9, the name Stack's SDK uses). Ending it (RP-initiated logout, or a request
 * whose prompt=login or max_age the session does not meet) deletes the session and clears the cookies,
 * so the hosted sign-in page asks for a sign-in instead of offering to continue as the old user.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import type { UserRecord } from "../db/queries/users.js";
import type { AppDeps } from "../deps.js";
import { hashSecret } from "../services/secrets.js";

export type SignedIn = UserRecord & { session: { id: string; createdAt: Date } };

const refreshCookieOf = (projectId: string) => `stack-refresh-${projectId}`;

async function sessionOfCookie(deps: AppDeps, c: Context, projectId: string) {
  const token = getCookie(c, refreshCookieOf(projectId));
  if (!token || token.length > 500) return null;
  return (await deps.queries.users.findByRefreshTokenHash(projectId, hashSecret(token), deps.clock.now())) ?? null;
}

/** The signed-in (non-anonymous) user of this browser, or null. */
export async function signedInUser(deps: AppDeps, c: Context, projectId: string): Promise<SignedIn | null> {
  const found = await sessionOfCookie(deps, c, projectId);
  return found && !found.user.isAnonymous ? found : null;
}

/** Ends this browser's hosted session: the session row goes and the cookies are cleared on `c`'s answer. */
export async function endHostedSession(deps: AppDeps, c: Context, projectId: string, known?: SignedIn | null): Promise<void> {
  const found = known ?? (await sessionOfCookie(deps, c, projectId));
  if (found) await deps.queries.sessions.delete(projectId, found.session.id);
  deleteCookie(c, refreshCookieOf(projectId), { path: "/" });
  deleteCookie(c, "stack-access", { path: "/" });
}

/** `response` with the cookies `c` set (Set-Cookie headers from deleteCookie) added. */
export function withCookiesOf(c: Context, response: Response): Response {
  for (const cookie of c.res.headers.getSetCookie()) response.headers.append("set-cookie", cookie);
  return response;
}
