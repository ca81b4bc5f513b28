import { and, asc, eq, ne } from "drizzle-orm";
import type { Db, Store } from "../store.js";

export function contactChannelQueries(store: Store) {
  const { contactChannels: channels } = store.t;
  return {
    async listForUser(projectId: string, userId: string, db: Db = store.db) {
      return db
        .select()
        .from(channels)
        .where(and(eq(channels.projectId, projectId), eq(channels.userId, userId)))
        .orderBy(asc(channels.createdAt), asc(channels.id));
    },
    /** The project's channels, oldest first, optionally only one user's or one id. */
    async list(projectId: string, filter: { userId?: string; id?: string }, db: Db = store.db) {
      return db
        .select()
        .from(channels)
        .where(
          and(
            eq(channels.projectId, projectId),
            filter.userId === undefined ? undefined : eq(channels.userId, filter.userId),
            filter.id === undefined ? undefined : eq(channels.id, filter.id),
          ),
        )
        .orderBy(asc(channels.createdAt), asc(channels.id));
    },
    async get(projectId: string, userId: string, id: string, db: Db = store.db) {
      const [row] = await db
        .select()
        .from(channels)
        .where(and(eq(channels.projectId, projectId), eq(channels.userId, userId), eq(channels.id, id)))
        .limit(1);
      return row;
    },
    async findByValue(projectId: string, userId: string, value: string, db: Db = store.db) {
      const [row] = await db
        .select()
        .from(channels)
        .where(and(eq(channels.projectId, projectId), eq(channels.userId, userId), eq(channels.type, "email"), eq(channels.value, value)))
        .limit(1);
      return row;
    },
    /** Another user's channel using this address for sign-in, if any. */
    async authOwnerOtherThan(projectId: string, value: string, userId: string | null, db: Db = store.db) {
      const [row] = await db
        .select()
        .from(channels)
        .where(
          and(
            eq(channels.projectId, projectId),
            eq(channels.type, "email"),
            eq(channels.value, value),
            eq(channels.usedForAuth, true),
            userId === null ? undefined : ne(channels.userId, userId),
          ),
        )
        .limit(1);
      return row;
    },
    async insert(row: typeof channels.$inferInsert, db: Db = store.db) {
      const [created] = await db.insert(channels).values(row).returning();
      return created!;
    },
    async update(projectId: string, id: string, patch: Partial<typeof channels.$inferInsert>, db: Db = store.db) {
      const [updated] = await db.update(channels).set(patch).where(and(eq(channels.projectId, projectId), eq(channels.id, id))).returning();
      return updated;
    },
    /** Clears the primary flag of the user's other e-mail channels. */
    async clearPrimary(projectId: string, userId: string, exceptId: string | null, db: Db = store.db) {
      await db
        .update(channels)
        .set({ isPrimary: false })
        .where(and(eq(channels.projectId, projectId), eq(channels.userId, userId), eq(channels.isPrimary, true), exceptId ? ne(channels.id, exceptId) : undefined));
    },
    async delete(projectId: string, id: string, db: Db = store.db) {
      const deleted = await db.delete(channels).where(and(eq(channels.projectId, projectId), eq(channels.id, id))).returning({ id: channels.id });
      return deleted.length > 0;
    },
  };
}
