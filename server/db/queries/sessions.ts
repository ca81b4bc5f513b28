import { and, desc, eq, gt, lt, ne } from "drizzle-orm";
import { preparedInsert } from "../prepared-insert.js";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type SessionRow = (typeof pgTables)["sessions"]["$inferSelect"];

export function sessionQueries(store: Store) {
  const { sessions } = store.t;
  const insertSession = preparedInsert(store, sessions, { returning: false });
  return {
    async insert(row: typeof sessions.$inferInsert, db: Db = store.db) {
      await insertSession(row, db);
    },
    /** A live session of this project with this refresh-token hash. */
    async findLiveByTokenHash(projectId: string, hash: string, now: Date) {
      const [row] = await store.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.refreshTokenHash, hash), eq(sessions.projectId, projectId), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },
    async get(projectId: string, id: string) {
      const [row] = await store.db.select().from(sessions).where(and(eq(sessions.projectId, projectId), eq(sessions.id, id))).limit(1);
      return row;
    },
    async listLiveForUser(projectId: string, userId: string, now: Date) {
      return store.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.projectId, projectId), eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.createdAt), desc(sessions.id));
    },
    /** Records use, at most once per `minIntervalMs` (so reads do not write on every request). */
    async touch(projectId: string, id: string, now: Date, minIntervalMs: number) {
      await store.db
        .update(sessions)
        .set({ lastUsedAt: now })
        .where(and(eq(sessions.projectId, projectId), eq(sessions.id, id), lt(sessions.lastUsedAt, new Date(now.getTime() - minIntervalMs))));
    },
    async delete(projectId: string, id: string, db: Db = store.db) {
      const deleted = await db.delete(sessions).where(and(eq(sessions.projectId, projectId), eq(sessions.id, id))).returning({ id: sessions.id });
      return deleted.length > 0;
    },
    /** Deletes all of a user's sessions, except one when given; returns the ids of those that ended. */
    async deleteForUser(projectId: string, userId: string, exceptId: string | null, db: Db = store.db): Promise<string[]> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.projectId, projectId), eq(sessions.userId, userId), exceptId ? ne(sessions.id, exceptId) : undefined))
        .returning({ id: sessions.id });
      return deleted.map((row) => row.id);
    },
  };
}
