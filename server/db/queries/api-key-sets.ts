import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { TtlCache } from "../ttl-cache.js";
import type { pgTables } from "../schema.pg.js";

export type KeyKind = "publishableClientKey" | "secretServerKey" | "superSecretAdminKey";
export type ApiKeySetRow = (typeof pgTables)["apiKeySets"]["$inferSelect"];

/** A cached key lookup: the key set's id and expiry, or null when no live set holds the key. */
export type CachedKeySet = { id: string; expiresAt: Date } | null;

/**
 * Project key sets. Key checks happen on every request, so their results are cached briefly per
 * (project, kind, hash); any write to a project's key sets in this process drops its entries, and the
 * expiry is re-checked on every hit. Other processes see a revocation within the cache's TTL.
 */
export function apiKeySetQueries(store: Store, cache: TtlCache<CachedKeySet>) {
  const { apiKeySets: sets } = store.t;
  /** Drops the project's entries now and again after commit. */
  const forget = (projectId: string, db: Db) => {
    cache.deletePrefix(`${projectId}:`);
    store.afterCommit(() => cache.deletePrefix(`${projectId}:`), db);
  };
  const hashColumn = {
    publishableClientKey: sets.publishableClientKeyHash,
    secretServerKey: sets.secretServerKeyHash,
    superSecretAdminKey: sets.superSecretAdminKeyHash,
  } as const;

  return {
    /** A key set of this project holding a key of this kind with this hash, not revoked and not expired. */
    async findLiveByKeyHash(projectId: string, kind: KeyKind, hash: string, now: Date): Promise<{ id: string } | undefined> {
      const key = `${projectId}:${kind}:${hash}`;
      let found = cache.get(key);
      if (found === undefined) {
        const [row] = await store.db
          .select({ id: sets.id, expiresAt: sets.expiresAt })
          .from(sets)
          .where(and(eq(hashColumn[kind], hash), eq(sets.projectId, projectId), isNull(sets.revokedAt), gt(sets.expiresAt, now)))
          .limit(1);
        found = row ?? null;
        cache.set(key, found);
      }
      return found && found.expiresAt > now ? { id: found.id } : undefined;
    },
    async list(projectId: string) {
      return store.db.select().from(sets).where(eq(sets.projectId, projectId)).orderBy(desc(sets.createdAt), desc(sets.id));
    },
    async get(projectId: string, id: string) {
      const [row] = await store.db.select().from(sets).where(and(eq(sets.projectId, projectId), eq(sets.id, id))).limit(1);
      return row;
    },
    async insert(row: typeof sets.$inferInsert, db: Db = store.db) {
      const [created] = await db.insert(sets).values(row).returning();
      forget(row.projectId, db);
      return created!;
    },
    async upsert(row: typeof sets.$inferInsert, db: Db = store.db) {
      const { id: _id, ...changes } = row;
      const [saved] = await db.insert(sets).values(row).onConflictDoUpdate({ target: sets.id, set: changes }).returning();
      forget(row.projectId, db);
      return saved!;
    },
    async update(projectId: string, id: string, patch: Partial<typeof sets.$inferInsert>, db: Db = store.db) {
      const [updated] = await db
        .update(sets)
        .set(patch)
        .where(and(eq(sets.projectId, projectId), eq(sets.id, id)))
        .returning();
      forget(projectId, db);
      return updated;
    },
    async anyForProject(projectId: string, db: Db = store.db) {
      const rows = await db.select({ id: sets.id }).from(sets).where(eq(sets.projectId, projectId)).limit(1);
      return rows.length > 0;
    },
  };
}
