/** Audit rows as admins read them. */
import type { z } from "zod";
import type { auditEntry } from "../../contract/audit.js";
import type { AuditRow } from "../db/queries/audit.js";

export function auditEntryToJson(row: AuditRow): z.input<typeof auditEntry> {
  return {
    id: row.id,
    seq: Number(row.seq),
    event: row.event,
    actor: { access_type: row.actorType as "client" | "server" | "admin" | null, user_id: row.actorUserId },
    object_key: row.objectKey,
    payload: row.payload as z.input<typeof auditEntry>["payload"],
    occurred_at_millis: row.occurredAt.getTime(),
    prev_hash: row.prevHash ?? "",
    hash: row.hash ?? "",
  };
}
