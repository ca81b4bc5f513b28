/** Who a send goes to: users by id, or every user of a project read page by page. */
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
export async function loadRecipients(deps: Pick<AppDeps, "queries">, projectId: string, userIds: readonly string[]): Promise<Recipient[]> {
  const found: Recipient[] = [];
  for (let start = 0; start < userIds.length; start += IDS_PER_QUERY) {
    const chunk = userIds.slice(start, start + IDS_PER_QUERY);
    const rows = await deps.queries.emailRecipients.withPrimaryEmail(projectId, chunk);
    found.push(...rows);
  }
  return found;
}

/**
 * One page of a project's users (without anonymous ones, who have no e-mail), in id order after
 * `afterId`. Keyset paging: each page costs the same however far in it is.
 */
export async function userIdPage(deps: Pick<AppDeps, "queries">, projectId: string, afterId: string | null, limit: number): Promise<string[]> {
  return deps.queries.emailRecipients.idPage(projectId, afterId, limit);
}
