/** Who a send goes to: users by id, or every user of a project read page by page. */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import { primaryEmailOf } from "../../../db/queries/users.js";
import type { AppDeps } from "../../../deps.js";

export interface Recipient {
  userId: string;
  displayName: string | null;
  /** The primary e-mail address; null: the user has none (and is skipped). */
  email: string | null;
}

/** Ids per `IN (…)` list: well below both dialects' parameter limits. */
const IDS_PER_QUERY = 500;

/** The users with these ids (in no particular order); ids of no user of the project are absent. */
export async function loadRecipients(deps: Pick<AppDeps, "store">, projectId: string, userIds: readonly string[]): Promise<Recipient[]> {
  const { users, contactChannels } = deps.store.t;
  const found: Recipient[] = [];
  for (let start = 0; start < userIds.length; start += IDS_PER_QUERY) {
    const chunk = userIds.slice(start, start + IDS_PER_QUERY);
    const rows = await deps.store.db
      .select({ userId: users.id, displayName: users.displayName, email: contactChannels.value })
      .from(users)
      .leftJoin(contactChannels, primaryEmailOf(deps.store.t))
      .where(and(eq(users.projectId, projectId), inArray(users.id, chunk)));
    found.push(...rows);
  }
  return found;
}

/**
 * One page of a project's users (without anonymous ones, who have no e-mail), in id order after
 * `afterId`. Keyset paging: each page costs the same however far in it is.
 */
export async function userIdPage(deps: Pick<AppDeps, "store">, projectId: string, afterId: string | null, limit: number): Promise<string[]> {
  const { users } = deps.store.t;
  const rows = await deps.store.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.projectId, projectId), eq(users.isAnonymous, false), afterId === null ? undefined : gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
