/**
 * Where every first-factor sign-in ends (password, magic link, passkey, OAuth, anonymous): the place
 * for a second factor, then a new session.
 */
import type { UserRecord } from "../db/queries/users.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { activeToday, ACTIVITY_WRITE_INTERVAL_MS, startSession, type SessionOrigin, type TokenPair } from "./sessions.js";

export interface SignInResult extends TokenPair {
  user_id: string;
}

export async function completeSignIn(deps: AppDeps, db: Db, projectId: string, record: UserRecord, origin?: SessionOrigin): Promise<SignInResult> {
  const now = deps.clock.now();
  await stampLastActive(deps, db, projectId, record, now);
  return startSignedInSession(deps, db, projectId, record, now, origin);
}

/**
 * A sign-in's one write that is not an insert: the user's last-active time, kept to the minute (as
 * refreshes do), so a fresh sign-up or a user signing in again within the minute needs no write.
 * Callers that write the rest as an insert batch run this first, on their own.
 */
export async function stampLastActive(deps: AppDeps, db: Db, projectId: string, record: UserRecord, now: Date): Promise<void> {
  if (now.getTime() - record.user.lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await deps.queries.users.update(projectId, record.user.id, { lastActiveAt: now }, db);
  }
}

/** The inserts of a sign-in: the day's activity row (once per user and day) and the new session. */
export async function startSignedInSession(deps: AppDeps, db: Db, projectId: string, record: UserRecord, now: Date, origin: SessionOrigin | undefined): Promise<SignInResult> {
  // Every sign-in (sign-ups included) counts as activity on its day, for the metrics' daily active users:
  // written once per user and day (a user last active earlier today already has the day's row).
  if (!activeToday(record.user, now)) await deps.queries.projectMetrics.markActive(projectId, record.user, now, db);
  const tokens = await startSession(deps, db, projectId, record, { origin });
  return { ...tokens, user_id: record.user.id };
}
