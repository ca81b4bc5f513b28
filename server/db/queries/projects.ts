import { asc, eq, inArray } from "drizzle-orm";
import type { Db, Store } from "../store.js";

export type ProjectRow = Awaited<ReturnType<ReturnType<typeof projectQueries>["find"]>> & {};

export function projectQueries(store: Store) {
  const { projects } = store.t;
  return {
    async find(id: string, db: Db = store.db) {
      const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
      return row;
    },
    async listOwnedBy(teamIds: string[]) {
      if (teamIds.length === 0) return [];
      return store.db.select().from(projects).where(inArray(projects.ownerTeamId, teamIds)).orderBy(asc(projects.createdAt), asc(projects.id));
    },
    async insert(row: typeof projects.$inferInsert, db: Db = store.db) {
      const [created] = await db.insert(projects).values(row).returning();
      return created!;
    },
    async update(id: string, patch: Partial<typeof projects.$inferInsert>, db: Db = store.db) {
      const [updated] = await db.update(projects).set(patch).where(eq(projects.id, id)).returning();
      return updated;
    },
    async delete(id: string, db: Db = store.db) {
      const deleted = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
      return deleted.length > 0;
    },
  };
}
