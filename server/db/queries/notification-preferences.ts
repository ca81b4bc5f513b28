/** Each user's stored choice per notification category (services/email/preferences.ts). */
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Store } from "../store.js";

export function notificationPreferenceQueries(store: Store) {
  const t = store.t.notificationPreferences;
  return {
    /** The user's stored choices. */
    async ofUser(projectId: string, userId: string): Promise<{ categoryId: string; enabled: boolean }[]> {
      return store.db
        .select({ categoryId: t.categoryId, enabled: t.enabled })
        .from(t)
        .where(and(eq(t.projectId, projectId), eq(t.userId, userId)));
    },
    async set(row: { projectId: string; userId: string; categoryId: string; enabled: boolean; updatedAt: Date }, db: Db = store.db): Promise<void> {
      await db
        .insert(t)
        .values(row)
        .onConflictDoUpdate({ target: [t.userId, t.categoryId], set: { enabled: row.enabled, updatedAt: row.updatedAt } });
    },
    /** The stored choices for one category of the users in `userIds` (keep the list to a few hundred ids). */
    async ofCategory(projectId: string, categoryId: string, userIds: string[]): Promise<{ userId: string; enabled: boolean }[]> {
      return store.db
        .select({ userId: t.userId, enabled: t.enabled })
        .from(t)
        .where(and(eq(t.projectId, projectId), eq(t.categoryId, categoryId), inArray(t.userId, userIds)));
    },
  };
}
