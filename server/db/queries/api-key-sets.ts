import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db, Store } from "../store.js";

export type KeyKind = "publishableClientKey" | "secretServerKey" | "superSecretAdminKey";
export type ApiKeySetRow = typeof import("../schema.pg.js").apiKeySets.$inferSelect;

export function apiKeySetQueries(store: Store) {
  const { apiKeySets: sets } = store.t;
  const hashColumn = {
    publishableClientKey: sets.publishableClientKeyHash,
    secretServerKey: sets.secretServerKeyHash,
    superSecretAdminKey: sets.superSecretAdminKeyHash,
  } as const;

  return {
    /** A key set of this project holding a key of this kind with this hash, not revoked and not expired. */
    async findLiveByKeyHash(projectId: string, kind: KeyKind, hash: string, now: Date) {
      const [row] = await store.db
        .select({ id: sets.id })
        .from(sets)
        .where(and(eq(hashColumn[kind], hash), eq(sets.projectId, projectId), isNull(sets.revokedAt), gt(sets.expiresAt, now)))
        .limit(1);
      return row;
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
      return created!;
    },
    async upsert(row: typeof sets.$inferInsert, db: Db = store.db) {
      const { id: _id, ...changes } = row;
      const [saved] = await db.insert(sets).values(row).onConflictDoUpdate({ target: sets.id, set: changes }).returning();
      return saved!;
    },
    async update(projectId: string, id: string, patch: Partial<typeof sets.$inferInsert>, db: Db = store.db) {
      const [updated] = await db
        .update(sets)
        .set(patch)
        .where(and(eq(sets.projectId, projectId), eq(sets.id, id)))
        .returning();
      return updated;
    },
    async anyForProject(projectId: string, db: Db = store.db) {
      const rows = await db.select({ id: sets.id }).from(sets).where(eq(sets.projectId, projectId)).limit(1);
      return rows.length > 0;
    },
  };
}
