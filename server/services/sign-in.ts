/**
 * Where every first-factor sign-in ends (password, magic link, passkey, OAuth, anonymous): the place
 * for a second factor, then a new session.
 */
import type { UserRecord } from "../db/queries/users.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { activeToday, ACTIVITY_WRITE_INTERVAL_MS, startSession, type TokenPair } from "./sessions.js";

export interface SignInResult extends TokenPair {
  user_id: string;
}

export async function completeSignIn(deps: AppDeps, db: Db, projectId: string, record: UserRecord): Promise<SignInResult> {
  const now = deps.clock.now();
  // Activity times are kept to the minute (as refreshes do): a fresh sign-up needs no second write.
  if (now.getTime() - record.user.lastActiveAt.getTime() > ACTIVITY_WRITE_INTERVAL_MS) {
    await deps.queries.users.update(projectId, record.user.id, { lastActiveAt: now }, db);
  }
  // Every sign-in (sign-ups included) counts as activity on its day, for the metrics' daily active users:
  // written once per user and day (a user last active earlier today already has the day's row).
  if (!activeToday(record.user, now)) await deps.queries.projectMetrics.markActive(projectId, record.user, now, db);
  const tokens = await startSession(deps, db, projectId, record);
  return { ...tokens, user_id: record.user.id };
}
