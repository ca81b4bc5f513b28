import { and, asc, eq, ne, sql } from "drizzle-orm";
import { preparedInsert } from "../prepared-insert.js";
import type { Db, Store } from "../store.js";
import type { ContactChannelRow } from "./users.js";

export function contactChannelQueries(store: Store) {
  const { contactChannels: channels } = store.t;
  const insertChannel = preparedInsert<ContactChannelRow>(store, channels, { returning: true });
  // Checked before every sign-up.
  const authOwnerOtherThan = store.prepare("auth_email_owner", (db) =>
    db
      .select()
      .from(channels)
      .where(
        and(
          eq(channels.projectId, sql.placeholder("projectId")),
          eq(channels.type, "email"),
          eq(channels.value, sql.placeholder("value")),
          eq(channels.usedForAuth, true),
          ne(channels.userId, sql.placeholder("exceptUserId")),
        ),
      )
      .limit(1),
  );
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
    async countOfUser(projectId: string, userId: string, db: Db = store.db): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)` })
        .from(channels)
        .where(and(eq(channels.projectId, projectId), eq(channels.userId, userId)));
      return Number(row?.count ?? 0);
    },
    /** Another user's channel using this address for sign-in, if any. */
    async authOwnerOtherThan(projectId: string, value: string, userId: string | null, db: Db = store.db) {
      // No user has the empty id, so "other than nobody" is "other than ''".
      const [row] = await authOwnerOtherThan.execute({ projectId, value, exceptUserId: userId ?? "" }, db);
      return row;
    },
    async insert(row: typeof channels.$inferInsert, db: Db = store.db) {
      const [created] = await insertChannel(row, db);
      return created!;
    },
    async update(projectId: string, id: string, patch: Partial<typeof channels.$inferInsert>, db: Db = store.db) {
      const [updated] = await db.update(channels).set(patch).where(and(eq(channels.projectId, projectId), eq(channels.id, id))).returning();
      return updated;
    },
    /** Clears the primary flag of the user's other e-mail channels; returns the channels it changed. */
    async clearPrimary(projectId: string, userId: string, exceptId: string | null, db: Db = store.db) {
      return db
        .update(channels)
        .set({ isPrimary: false })
        .where(and(eq(channels.projectId, projectId), eq(channels.userId, userId), eq(channels.isPrimary, true), exceptId ? ne(channels.id, exceptId) : undefined))
        .returning();
    },
    async delete(projectId: string, id: string, db: Db = store.db) {
      const deleted = await db.delete(channels).where(and(eq(channels.projectId, projectId), eq(channels.id, id))).returning({ id: channels.id });
      return deleted.length > 0;
    },
  };
}
