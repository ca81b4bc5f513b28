import { and, eq, notInArray } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type DataVaultRow = (typeof pgTables)["dataVaultEntries"]["$inferSelect"];

/** Data vault entries, by project, store and key digest. */
export function dataVaultQueries(store: Store) {
  const { dataVaultEntries: entries } = store.t;
  return {
    async get(projectId: string, storeId: string, keyDigest: string) {
      const [row] = await store.db
        .select()
        .from(entries)
        .where(and(eq(entries.projectId, projectId), eq(entries.storeId, storeId), eq(entries.keyDigest, keyDigest)))
        .limit(1);
      return row;
    },
    async upsert(row: DataVaultRow, db: Db = store.db) {
      await db
        .insert(entries)
        .values(row)
        .onConflictDoUpdate({ target: [entries.projectId, entries.storeId, entries.keyDigest], set: { valueSealed: row.valueSealed, updatedAt: row.updatedAt } });
    },
    /** Deletes every entry of the project's stores other than `keep`; returns how many went. */
    async deleteStoresExcept(projectId: string, keep: string[], db: Db) {
      const deleted = await db
        .delete(entries)
        .where(and(eq(entries.projectId, projectId), keep.length > 0 ? notInArray(entries.storeId, keep) : undefined))
        .returning({ storeId: entries.storeId });
      return deleted.length;
    },
  };
}
