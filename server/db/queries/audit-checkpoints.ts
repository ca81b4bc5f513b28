import { and, desc, eq } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type AuditCheckpointRow = (typeof pgTables)["auditCheckpoints"]["$inferSelect"];

/** Signed heads of a project's audit chain (services/audit/checkpoints.ts), kept apart from the chain. */
export function auditCheckpointQueries(store: Store) {
  const { auditCheckpoints: checkpoints } = store.t;
  return {
    /** Adds a checkpoint; one naming the same position already there (another process's) is kept instead. */
    async add(row: AuditCheckpointRow, db: Db = store.db) {
      await db.insert(checkpoints).values(row).onConflictDoNothing({ target: [checkpoints.projectId, checkpoints.seq] });
    },
    /** The newest checkpoint (highest position). */
    async latest(projectId: string, db: Db = store.db): Promise<AuditCheckpointRow | undefined> {
      const [row] = await db.select().from(checkpoints).where(eq(checkpoints.projectId, projectId)).orderBy(desc(checkpoints.seq)).limit(1);
      return row;
    },
    /** Checkpoints, highest position first; `limit` omitted: all of them. */
    async list(projectId: string, limit?: number) {
      const query = store.db.select().from(checkpoints).where(and(eq(checkpoints.projectId, projectId))).orderBy(desc(checkpoints.seq));
      return limit === undefined ? query : query.limit(limit);
    },
  };
}

export type AuditCheckpointQueries = ReturnType<typeof auditCheckpointQueries>;
