/**
 * Dashboard seats (teams-and-permissions.md §5): a team of the internal project owns projects, and each
 * of its members is a dashboard admin of them. The team's `dashboard_admins` item counts its seats, as
 * the items API reads it (what the internal project's default `free` plan includes, one seat, counted
 * in). A team may not grow past its seats. Without the item in the internal project's config there is
 * no limit (internal projects made before the item existed keep inviting freely).
 */
import { knownError } from "../../contract/known-error.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { renderProjectConfig } from "./config/project-config.js";
import { readItem } from "./payments/items.js";

export const DASHBOARD_ADMINS_ITEM = "dashboard_admins";

/** The team's dashboard seats, or null when the project defines no `dashboard_admins` item. */
export async function dashboardSeats(deps: AppDeps, project: ProjectRow, teamId: string): Promise<number | null> {
  if (!Object.hasOwn(renderProjectConfig(project).payments.items, DASHBOARD_ADMINS_ITEM)) return null;
  return (await readItem(deps, project, { type: "team", id: teamId }, DASHBOARD_ADMINS_ITEM)).quantity;
}

/**
 * Throws ITEM_QUANTITY_INSUFFICIENT_AMOUNT (as Stack does: `quantity: -1`, the one seat asked for) when
 * one more member would take the team past its seats. `seats` comes from `dashboardSeats`; `db` is the
 * transaction that then adds the member, which must follow in it: the team stays locked until it
 * commits, so concurrent additions count one another instead of each taking the last seat (on PostgreSQL
 * the second waits at the lock; its serialisable snapshot, taken before the wait, then conflicts with the
 * first's membership and it is retried, pg-store.ts, counting that member).
 */
export async function assertSeatForOneMore(deps: AppDeps, project: ProjectRow, teamId: string, seats: number | null, db: Db): Promise<void> {
  if (seats === null) return;
  await deps.queries.teams.lock(project.id, teamId, db);
  const members = await deps.queries.teams.memberCount(project.id, teamId, db);
  if (members + 1 > seats) {
    throw knownError("ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: DASHBOARD_ADMINS_ITEM, customer_id: teamId, quantity: -1 });
  }
}
