/**
 * How many projects dashboard users may make: each project costs the operator render work, mail and
 * storage, and anyone may sign up to the internal project. A user creates at most
 * `projectQuotas.perUser` projects (those they created and that still exist), a team owns at most
 * `projectQuotas.perTeam` (LATCHKEY_PROJECTS_PER_USER / _PER_TEAM), and one user creates at most
 * `CREATIONS_PER_MINUTE` a minute. Counted inside the creating transaction; two creations racing at
 * the edge may pass one over, which the rate limit keeps to a few.
 */
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { enforceLimit } from "./rate-limits.js";

export const CREATIONS_PER_MINUTE = 10;

/** Counts the attempt against the user's creation rate (429 past it); call before the transaction. */
export async function guardProjectCreationRate(deps: AppDeps, userId: string): Promise<void> {
  await enforceLimit(deps, `user:create-project:${userId}`, { max: CREATIONS_PER_MINUTE, windowMs: 60_000 });
}

/** Refuses a new project past the user's or the owner team's quota. */
export async function checkProjectQuotas(deps: AppDeps, userId: string, ownerTeamId: string, tx: Db): Promise<void> {
  const { perUser, perTeam } = deps.config.projectQuotas;
  if ((await deps.queries.projects.countCreatedBy(userId, tx)) >= perUser) throw statusError("projectQuotaPerUser", { limit: perUser });
  if ((await deps.queries.projects.countOwnedBy(ownerTeamId, tx)) >= perTeam) throw statusError("projectQuotaPerTeam", { limit: perTeam });
}
