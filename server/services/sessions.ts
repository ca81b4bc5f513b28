/**
 * Sessions: one refresh token each (stored as a hash), from which short-lived access tokens are
 * minted. Refresh tokens are not rotated, so many tabs and server renders can share one. Starting
 * and ending sessions records `session.created` / `session.deleted`.
 */
import { randomUUID } from "node:crypto";
import { knownError } from "../../contract/known-error.js";
import { utcDay } from "../db/queries/project-metrics.js";
import type { UserRecord } from "../db/queries/users.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { deletedSessionToJson, sessionEventToJson } from "../views/sessions.js";
import { recordEvent, type EventActor } from "./events.js";
import { newPrefixedSecret, prefixedSecretWorthLookup, REFRESH_TOKEN_PREFIX } from "./recognisable-secrets.js";
import { hashSecret } from "./secrets.js";
import type { TokenUser } from "./tokens/access-tokens.js";

export const DEFAULT_SESSION_LIFETIME_MS = 365 * 24 * 3600 * 1000;
/** How stale last_used_at may get before a refresh writes it again. */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/** Where a session was started from, kept with it and shown in session lists. */
export interface SessionOrigin {
  userAgent: string | null;
  ipAddress: string | null;
}

/** User agents longer than this are cut (a header may be long; a list needs the start). */
const MAX_USER_AGENT_LENGTH = 512;

/** The origin of a request: its User-Agent header and the client's address (see `effectiveClientIp`). */
export function sessionOriginOf(request: { header(name: string): string | undefined; clientIp: string | null }): SessionOrigin {
  const userAgent = request.header("user-agent")?.trim().slice(0, MAX_USER_AGENT_LENGTH);
  return { userAgent: userAgent || null, ipAddress: request.clientIp };
}

export interface NewSession {
  projectId: string;
  userId: string;
  expiresInMs?: number;
  isImpersonation?: boolean;
  /** Written in the session's own insert; never updated (refreshes stay free of writes for it). */
  origin?: SessionOrigin;
}

/** What access tokens say about the user. */
export function tokenUserOf({ user, primaryEmail, selectedTeam }: UserRecord): TokenUser {
  return {
    id: user.id,
    displayName: user.displayName,
    primaryEmail: primaryEmail?.value ?? null,
    primaryEmailVerified: primaryEmail?.isVerified ?? false,
    selectedTeamId: selectedTeam ? user.selectedTeamId : null,
    isAnonymous: user.isAnonymous,
  };
}

/** Inserts the session in `db`'s unit of work and records `session.created`. */
export async function createSession(deps: AppDeps, db: Db, session: NewSession, actor: EventActor | null = null): Promise<{ sessionId: string; refreshToken: string }> {
  const now = deps.clock.now();
  const refreshToken = newPrefixedSecret(REFRESH_TOKEN_PREFIX);
  const row = {
    id: randomUUID(),
    projectId: session.projectId,
    userId: session.userId,
    refreshTokenHash: hashSecret(refreshToken),
    isImpersonation: session.isImpersonation ?? false,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (session.expiresInMs ?? DEFAULT_SESSION_LIFETIME_MS)),
    lastUsedAt: now,
    userAgent: session.origin?.userAgent ?? null,
    ipAddress: session.origin?.ipAddress ?? null,
  };
  await deps.queries.sessions.insert(row, db);
  await recordEvent(deps, db, "session.created", () => sessionEventToJson(row), { projectId: session.projectId, actor });
  return { sessionId: row.id, refreshToken };
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

/** A new session for the user and its first access token. */
export async function startSession(deps: AppDeps, db: Db, projectId: string, record: UserRecord, options: Omit<NewSession, "projectId" | "userId"> = {}): Promise<TokenPair> {
  const { sessionId, refreshToken } = await createSession(deps, db, { projectId, userId: record.user.id, ...options });
  const accessToken = await deps.accessTokens.issue(projectId, tokenUserOf(record), sessionId, db);
  return { access_token: accessToken, refresh_token: refreshToken };
}

/**
 * A session a server starts for one of its users (server-side sign-in, impersonation), with its first
 * access token; USER_ID_DOES_NOT_EXIST when the project has no such user. One insert, one statement.
 */
export async function startSessionForUser(
  deps: AppDeps,
  projectId: string,
  userId: string,
  options: Omit<NewSession, "projectId" | "userId">,
  actor: EventActor | null = null,
): Promise<TokenPair> {
  const record = await deps.queries.users.find(projectId, userId);
  if (!record) throw knownError("USER_ID_DOES_NOT_EXIST", { user_id: userId });
  // The batch cannot read: the signing key is loaded before it (no query when this process holds it).
  await deps.signingKeys.current(projectId);
  return deps.store.insertBatch(async (batch) => {
    const { sessionId, refreshToken } = await createSession(deps, batch, { projectId, userId, ...options }, actor);
    return { access_token: await deps.accessTokens.issue(projectId, tokenUserOf(record), sessionId, batch), refresh_token: refreshToken };
  });
}

/** Ends one session of the user; false when it had already ended. */
export async function endSession(deps: AppDeps, projectId: string, session: { id: string; userId: string }, actor: EventActor | null = null): Promise<boolean> {
  return deps.store.transaction(async (tx) => {
    if (!(await deps.queries.sessions.delete(projectId, session.id, tx))) return false;
    await recordEvent(deps, tx, "session.deleted", () => deletedSessionToJson(session.id, session.userId), { projectId, actor });
    return true;
  });
}

/** Ends every session of the user but `keepId` (when given); returns how many ended. */
export async function endUserSessions(deps: AppDeps, projectId: string, userId: string, keepId: string | null, actor: EventActor | null = null): Promise<number> {
  return deps.store.transaction(async (tx) => (await endUserSessionsIn(deps, tx, projectId, userId, keepId, actor)).length);
}

/** `endUserSessions` inside the caller's transaction (password changes); returns the ended sessions' ids. */
export async function endUserSessionsIn(deps: AppDeps, tx: Db, projectId: string, userId: string, keepId: string | null, actor: EventActor | null = null): Promise<string[]> {
  const ended = await deps.queries.sessions.deleteForUser(projectId, userId, keepId, tx);
  for (const id of ended) await recordEvent(deps, tx, "session.deleted", () => deletedSessionToJson(id, userId), { projectId, actor });
  return ended;
}

/**
 * Whether the user already has today's activity row: active earlier on the same UTC day, after their
 * sign-up (a user never active since being created has no row yet).
 */
export function activeToday(user: { lastActiveAt: Date; signedUpAt: Date }, now: Date): boolean {
  return user.lastActiveAt.getTime() !== user.signedUpAt.getTime() && utcDay(user.lastActiveAt) === utcDay(now);
}

/** A fresh access token for a live refresh token of this project. */
export async function refreshAccessToken(deps: AppDeps, projectId: string, refreshToken: string): Promise<string> {
  const now = deps.clock.now();
  if (!prefixedSecretWorthLookup(refreshToken)) throw knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  const found = await deps.queries.users.findByRefreshTokenHash(projectId, hashSecret(refreshToken), now);
  if (!found) throw knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  // Refreshes stand for activity: an active client refreshes every few minutes. Writing at most once a
  // minute keeps last-used and last-active times current without a write per request.
  if (now.getTime() - found.session.lastUsedAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await deps.queries.sessions.touch(projectId, found.session.id, now, ACTIVITY_WRITE_INTERVAL_MS);
    await deps.queries.users.update(projectId, found.user.id, { lastActiveAt: now });
    if (!activeToday(found.user, now)) await deps.queries.projectMetrics.markActive(projectId, found.user, now);
  }
  return deps.accessTokens.issue(projectId, tokenUserOf(found), found.session.id);
}
