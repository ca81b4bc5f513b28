/**
 * Sessions: one refresh token each (stored as a hash), from which short-lived access tokens are
 * minted. Refresh tokens are not rotated, so many tabs and server renders can share one.
 */
import { randomUUID } from "node:crypto";
import { knownError } from "../../contract/known-error.js";
import type { UserRecord } from "../db/queries/users.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { hashSecret, randomCode } from "./secrets.js";
import { tokenUserOf } from "./users/json.js";

export const DEFAULT_SESSION_LIFETIME_MS = 365 * 24 * 3600 * 1000;
/** How stale last_used_at may get before a refresh writes it again. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

export interface NewSession {
  projectId: string;
  userId: string;
  expiresInMs?: number;
  isImpersonation?: boolean;
}

export async function createSession(deps: AppDeps, db: Db, session: NewSession): Promise<{ sessionId: string; refreshToken: string }> {
  const now = deps.clock.now();
  const refreshToken = randomCode();
  const sessionId = randomUUID();
  await deps.queries.sessions.insert(
    {
      id: sessionId,
      projectId: session.projectId,
      userId: session.userId,
      refreshTokenHash: hashSecret(refreshToken),
      isImpersonation: session.isImpersonation ?? false,
      createdAt: now,
      expiresAt: new Date(now.getTime() + (session.expiresInMs ?? DEFAULT_SESSION_LIFETIME_MS)),
      lastUsedAt: now,
    },
    db,
  );
  return { sessionId, refreshToken };
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** A new session for the user and its first access token. */
export async function startSession(deps: AppDeps, db: Db, projectId: string, record: UserRecord, options: Omit<NewSession, "projectId" | "userId"> = {}): Promise<TokenPair> {
  const { sessionId, refreshToken } = await createSession(deps, db, { projectId, userId: record.user.id, ...options });
  const accessToken = await deps.accessTokens.issue(projectId, tokenUserOf(record), sessionId);
  return { access_token: accessToken, refresh_token: refreshToken };
}

/** A fresh access token for a live refresh token of this project. */
export async function refreshAccessToken(deps: AppDeps, projectId: string, refreshToken: string): Promise<string> {
  const now = deps.clock.now();
  const found = await deps.queries.users.findByRefreshTokenHash(projectId, hashSecret(refreshToken), now);
  if (!found) throw knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  // Refreshes stand for activity: an active client refreshes every few minutes. Writing at most once a
  // minute keeps last-used and last-active times current without a write per request.
  if (now.getTime() - found.session.lastUsedAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await deps.queries.sessions.touch(projectId, found.session.id, now, ACTIVITY_WRITE_INTERVAL_MS);
    await deps.queries.users.update(projectId, found.user.id, { lastActiveAt: now });
  }
  return deps.accessTokens.issue(projectId, tokenUserOf(found), found.session.id);
}
