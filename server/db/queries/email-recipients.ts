/** Who a send-email request goes to (services/email/sending/recipients.ts): users with their primary e-mail. */
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Store } from "../store.js";
import { primaryEmailOf } from "./users.js";

export function emailRecipientQueries(store: Store) {
  const { users, contactChannels } = store.t;
  return {
    /** The users of the project with these ids (keep the list to a few hundred ids), with their primary e-mail or null. */
    async withPrimaryEmail(projectId: string, userIds: readonly string[]): Promise<{ userId: string; displayName: string | null; email: string | null }[]> {
      return store.db
        .select({ userId: users.id, displayName: users.displayName, email: contactChannels.value })
        .from(users)
        .leftJoin(contactChannels, primaryEmailOf(store.t))
        .where(and(eq(users.projectId, projectId), inArray(users.id, userIds)));
    },
    /** One page of the project's user ids (without anonymous users) in id order after `afterId`. */
    async idPage(projectId: string, afterId: string | null, limit: number): Promise<string[]> {
      const rows = await store.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.projectId, projectId), eq(users.isAnonymous, false), afterId === null ? undefined : gt(users.id, afterId)))
        .orderBy(asc(users.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}
