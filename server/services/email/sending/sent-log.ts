/**
 * The sent log: one row per recipient of each outbox e-mail row, written by the deliverer after every
 * attempt (so a retried delivery updates its row, and a batch that is claimed again skips the
 * recipients already done).
 */
import { createHash } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { SenderConfigRecord, sentEmailStatuses } from "../../../db/tables/emails.js";
import type { AppDeps } from "../../../deps.js";
import type { pgTables } from "../../../db/schema.pg.js";

export type SentEmailRow = (typeof pgTables)["sentEmails"]["$inferSelect"];
export type SentEmailStatus = (typeof sentEmailStatuses)[number];

export interface SentLogEntry {
  projectId: string;
  outboxId: string;
  userId: string | null;
  to: string[];
  subject: string;
  notificationCategory: string | null;
  status: SentEmailStatus;
  error: Record<string, unknown> | null;
  senderConfig: SenderConfigRecord;
}

/** The log row of one recipient of one outbox row: the same id on every attempt. */
export function sentLogId(outboxId: string, userId: string | null): string {
  if (userId === null) return outboxId;
  const hex = createHash("sha256").update(`${outboxId}\n${userId}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Writes (or overwrites) the log rows of several recipients in one statement. */
export async function recordSent(deps: Pick<AppDeps, "store" | "clock">, entries: readonly SentLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const t = deps.store.t.sentEmails;
  const now = deps.clock.now();
  const rows = entries.map((e) => ({ id: sentLogId(e.outboxId, e.userId), ...e, createdAt: now, updatedAt: now }));
  await deps.store.db
    .insert(t)
    .values(rows)
    .onConflictDoUpdate({
      target: t.id,
      set: {
        to: excluded("to"),
        subject: excluded("subject"),
        status: excluded("status"),
        error: excluded("error"),
        senderConfig: excluded("sender_config"),
        updatedAt: now,
      },
    });
}

/** The value the conflicting insert proposed (same syntax on SQLite and PostgreSQL). */
function excluded(column: string) {
  return sql.raw(`excluded."${column}"`);
}

/** The recipients of an outbox row that need nothing more (sent, or skipped on purpose). */
export async function finishedRecipients(deps: Pick<AppDeps, "store">, projectId: string, outboxId: string): Promise<Set<string>> {
  const t = deps.store.t.sentEmails;
  const rows = await deps.store.db
    .select({ userId: t.userId })
    .from(t)
    .where(and(eq(t.projectId, projectId), eq(t.outboxId, outboxId), inArray(t.status, ["sent", "skipped"])));
  return new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])));
}

/**
 * A project's latest log rows, newest first. A recipient still marked `retrying` whose outbox row has
 * given up (failed, undeliverable) is answered as `failed`.
 */
export async function latestSent(deps: Pick<AppDeps, "store">, projectId: string, limit = 100): Promise<SentEmailRow[]> {
  const { sentEmails: t, outbox } = deps.store.t;
  const rows = await deps.store.db
    .select({ row: t, outboxStatus: outbox.status })
    .from(t)
    .leftJoin(outbox, eq(outbox.id, t.outboxId))
    .where(eq(t.projectId, projectId))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(limit);
  return rows.map(({ row, outboxStatus }) =>
    row.status === "retrying" && (outboxStatus === "failed" || outboxStatus === "undeliverable") ? { ...row, status: "failed" } : row,
  );
}
