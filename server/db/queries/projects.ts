import { asc, count, eq, inArray, type SQL } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { TtlCache } from "../ttl-cache.js";
import type { pgTables } from "../schema.pg.js";

export type ProjectRow = (typeof pgTables)["projects"]["$inferSelect"];

/**
 * Projects. Every request reads its project, so reads outside transactions go through a short-lived
 * cache; writes through these queries invalidate it (other processes see changes within its TTL).
 */
export function projectQueries(store: Store, cache: TtlCache<ProjectRow | null>) {
  const { projects } = store.t;
  /** Drops the entry now and again after commit, so no read of uncommitted or old data stays cached. */
  const forget = (id: string, db: Db) => {
    cache.delete(id);
    store.afterCommit(() => cache.delete(id), db);
  };
  const countWhere = async (where: SQL, db: Db) => Number((await db.select({ n: count() }).from(projects).where(where))[0]?.n ?? 0);
  return {
    async find(id: string, db: Db = store.db): Promise<ProjectRow | undefined> {
      const cacheable = db === store.db;
      const cached = cacheable ? cache.get(id) : undefined;
      if (cached !== undefined) return cached ?? undefined;
      const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
      if (cacheable) cache.set(id, row ?? null);
      return row;
    },
    /** The row as this process's cache holds it, without a query; undefined when it is not cached. */
    cached(id: string): ProjectRow | undefined {
      return cache.get(id) ?? undefined;
    },
    async listOwnedBy(teamIds: string[]) {
      if (teamIds.length === 0) return [];
      return store.db.select().from(projects).where(inArray(projects.ownerTeamId, teamIds)).orderBy(asc(projects.createdAt), asc(projects.id));
    },
    /** Projects a dashboard user created (the per-user quota). */
    async countCreatedBy(userId: string, db: Db = store.db): Promise<number> {
      return countWhere(eq(projects.creatorUserId, userId), db);
    },
    /** Projects a team of the internal project owns (the per-team quota). */
    async countOwnedBy(teamId: string, db: Db = store.db): Promise<number> {
      return countWhere(eq(projects.ownerTeamId, teamId), db);
    },
    /** Every project's id (for periodic work over all projects, e.g. audit checkpoints). */
    async ids(): Promise<string[]> {
      return (await store.db.select({ id: projects.id }).from(projects).orderBy(asc(projects.id))).map((r) => r.id);
    },
    async insert(row: typeof projects.$inferInsert, db: Db = store.db) {
      const [created] = await db.insert(projects).values(row).returning();
      forget(row.id, db);
      return created!;
    },
    async update(id: string, patch: Partial<typeof projects.$inferInsert>, db: Db = store.db) {
      const [updated] = await db.update(projects).set(patch).where(eq(projects.id, id)).returning();
      forget(id, db);
      return updated;
    },
    async delete(id: string, db: Db = store.db) {
      const deleted = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
      forget(id, db);
      return deleted.length > 0;
    },
  };
}
