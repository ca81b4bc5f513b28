import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lt, lte } from "drizzle-orm";
import { preparedInsert } from "../prepared-insert.js";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type AuditRow = (typeof pgTables)["auditLog"]["$inferSelect"];

/** The `hash` of a row that sealing refused (its write-time seal was missing or wrong); its `seq` stays null. */
export const REJECTED_HASH = "rejected";

export interface AuditFilter {
  event?: string;
  actorUserId?: string;
  objectKey?: string;
  since?: Date;
  until?: Date;
  /** Rows with a chain position below this one (the next page, newest first). */
  beforeSeq?: number;
  limit: number;
}

/** The audit log: appended in the change's unit of work, sealed into the project's hash chain, read by admins. */
export function auditQueries(store: Store) {
  const { auditLog: audit } = store.t;
  const insertRow = preparedInsert<AuditRow>(store, audit, { returning: false });
  return {
    /** Appends an unsealed row (in a transaction, an insert batch or on the root db). */
    async append(row: AuditRow, db: Db) {
      await insertRow(row, db);
    },
    /** The last sealed row of the project's chain. */
    async head(projectId: string, db: Db = store.db) {
      const [row] = await db
        .select({ seq: audit.seq, hash: audit.hash })
        .from(audit)
        .where(and(eq(audit.projectId, projectId), isNotNull(audit.seq)))
        .orderBy(desc(audit.seq))
        .limit(1);
      return row;
    },
    /** Unsealed rows in recording order. */
    async unsealed(projectId: string, limit: number, db: Db = store.db) {
      return db
        .select()
        .from(audit)
        .where(and(eq(audit.projectId, projectId), isNull(audit.hash)))
        .orderBy(asc(audit.sequence), asc(audit.id))
        .limit(limit);
    },
    async seal(projectId: string, id: string, link: { seq: number; prevHash: string; hash: string }, db: Db) {
      await db.update(audit).set(link).where(and(eq(audit.projectId, projectId), eq(audit.id, id), isNull(audit.hash)));
    },
    /** Marks an unsealed row as refused by sealing: it stays out of the chain and is counted by `rejectedCount`. */
    async reject(projectId: string, id: string, db: Db) {
      await db.update(audit).set({ hash: REJECTED_HASH }).where(and(eq(audit.projectId, projectId), eq(audit.id, id), isNull(audit.hash)));
    },
    /** Rows sealing refused. */
    async rejectedCount(projectId: string) {
      const [row] = await store.db
        .select({ n: count() })
        .from(audit)
        .where(and(eq(audit.projectId, projectId), isNull(audit.seq), eq(audit.hash, REJECTED_HASH)));
      return Number(row?.n ?? 0);
    },
    /** Sealed rows from chain position `afterSeq` on, in chain order. */
    async chainPage(projectId: string, afterSeq: number, limit: number) {
      return store.db
        .select()
        .from(audit)
        .where(and(eq(audit.projectId, projectId), isNotNull(audit.seq), gt(audit.seq, afterSeq)))
        .orderBy(asc(audit.seq))
        .limit(limit);
    },
    /** Sealed rows matching `filter`, newest first. */
    async list(projectId: string, filter: AuditFilter) {
      return store.db
        .select()
        .from(audit)
        .where(
          and(
            eq(audit.projectId, projectId),
            isNotNull(audit.seq),
            filter.event ? eq(audit.event, filter.event) : undefined,
            filter.actorUserId ? eq(audit.actorUserId, filter.actorUserId) : undefined,
            filter.objectKey ? eq(audit.objectKey, filter.objectKey) : undefined,
            filter.since ? gte(audit.occurredAt, filter.since) : undefined,
            filter.until ? lte(audit.occurredAt, filter.until) : undefined,
            filter.beforeSeq !== undefined ? lt(audit.seq, filter.beforeSeq) : undefined,
          ),
        )
        .orderBy(desc(audit.seq))
        .limit(filter.limit);
    },
  };
}

export type AuditQueries = ReturnType<typeof auditQueries>;
