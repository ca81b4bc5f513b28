/**
 * The audit log: append-only rows, one per audited event (services/audit). Rows are written in the
 * change's unit of work unsealed (`seq` null), then sealed in order: each sealed row carries the
 * project-wide sequence number, the previous row's hash and its own hash (a keyed hash over its
 * content and the previous hash), so that a changed or removed row breaks the chain. Every row also
 * carries, from the statement that writes it, its write-time seal (a keyed hash over its content):
 * sealing into the chain refuses a row without a valid one (inserted behind the server's back).
 *
 * Checkpoints are kept apart from the chain: each names a chain position and its hash at a moment,
 * under a keyed hash of its own, so that a chain later found shorter shows that its newest rows were
 * removed.
 */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";

export function defineAuditTables(b: TableBuilders, { projects }: ProjectTables) {
  const auditLog = b.table(
    "audit_log",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      /** Recording order within this server (time, then a counter); sealing follows it. */
      sequence: b.text("sequence").notNull(),
      event: b.text("event").notNull(),
      actorType: b.text("actor_type"),
      actorUserId: b.text("actor_user_id"),
      /** The object the event is about, for filtering (`user:<id>`). */
      objectKey: b.text("object_key"),
      payload: b.json("payload").$type<unknown>().notNull(),
      occurredAt: b.time("occurred_at").notNull(),
      /** Position in the project's chain (1, 2, …); null until sealed. */
      seq: b.bigint("seq"),
      prevHash: b.text("prev_hash"),
      /** The chain hash once sealed; `rejected` (with `seq` null) for a row whose write-time seal was wrong. */
      hash: b.text("hash"),
      /** The write-time seal (keyed hash over the row's content); null only on rows written before it existed. */
      rowMac: b.text("row_mac"),
    },
    (t) => [
      b.uniqueIndex("audit_log_seq_idx").on(t.projectId, t.seq),
      b.index("audit_log_unsealed_idx").on(t.projectId, t.hash, t.sequence),
      b.index("audit_log_event_idx").on(t.projectId, t.event, t.occurredAt),
      b.index("audit_log_time_idx").on(t.projectId, t.occurredAt),
    ],
  );
  const auditCheckpoints = b.table(
    "audit_checkpoints",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      /** The chain position and hash this checkpoint vouches for. */
      seq: b.bigint("seq").notNull(),
      hash: b.text("hash").notNull(),
      createdAt: b.time("created_at").notNull(),
      /** Keyed hash over the project, position, hash and time. */
      mac: b.text("mac").notNull(),
    },
    (t) => [b.uniqueIndex("audit_checkpoints_seq_idx").on(t.projectId, t.seq)],
  );
  return { auditLog, auditCheckpoints };
}
