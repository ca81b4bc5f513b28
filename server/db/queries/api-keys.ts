import { and, desc, eq } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type ApiKeyRow = (typeof pgTables)["apiKeys"]["$inferSelect"];
export type ApiKeyKind = ApiKeyRow["type"];

/** Whose keys a query is about: every key of a kind, or one user's or one team's. */
export interface ApiKeyOwnerFilter {
  type: ApiKeyKind;
  /** A user id for user keys, a team id for team keys; undefined: any owner. */
  ownerId?: string;
}

/** User and team API keys (stored as hashes). Every query is scoped to one project. */
export function apiKeyQueries(store: Store) {
  const { apiKeys: keys } = store.t;
  const ownedBy = (filter: ApiKeyOwnerFilter) => {
    if (filter.ownerId === undefined) return undefined;
    return filter.type === "user" ? eq(keys.userId, filter.ownerId) : eq(keys.teamId, filter.ownerId);
  };

  return {
    /** Newest first. */
    async list(projectId: string, filter: ApiKeyOwnerFilter, db: Db = store.db) {
      return db
        .select()
        .from(keys)
        .where(and(eq(keys.projectId, projectId), eq(keys.type, filter.type), ownedBy(filter)))
        .orderBy(desc(keys.createdAt), desc(keys.id));
    },
    async get(projectId: string, id: string, filter: ApiKeyOwnerFilter, db: Db = store.db) {
      const [row] = await db
        .select()
        .from(keys)
        .where(and(eq(keys.projectId, projectId), eq(keys.id, id), eq(keys.type, filter.type), ownedBy(filter)))
        .limit(1);
      return row;
    },
    /** A key of this project by the hash of its value, of either kind. */
    async findByValueHash(projectId: string, valueHash: string, db: Db = store.db) {
      const [row] = await db
        .select()
        .from(keys)
        .where(and(eq(keys.projectId, projectId), eq(keys.valueHash, valueHash)))
        .limit(1);
      return row;
    },
    /**
     * A key of any project by the hash of its value: only for leak reports from secret scanners, where
     * the value itself is what names the project (value hashes are unique across projects).
     */
    async findByValueHashInAnyProject(valueHash: string, db: Db = store.db) {
      const [row] = await db.select().from(keys).where(eq(keys.valueHash, valueHash)).limit(1);
      return row;
    },
    async insert(row: typeof keys.$inferInsert, db: Db = store.db) {
      const [created] = await db.insert(keys).values(row).returning();
      return created!;
    },
    async update(projectId: string, id: string, patch: Partial<Pick<ApiKeyRow, "description" | "expiresAt" | "revokedAt">>, db: Db = store.db) {
      const [updated] = await db
        .update(keys)
        .set(patch)
        .where(and(eq(keys.projectId, projectId), eq(keys.id, id)))
        .returning();
      return updated;
    },
  };
}
