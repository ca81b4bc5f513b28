/**
 * The sent log: one row per recipient of each outbox e-mail row, written by the deliverer after every
 * attempt (so a retried delivery updates its row, and a batch that is claimed again skips the
 * recipients already done).
 */
import { createHash } from "node:crypto";
import type { SentEmailRow, SentEmailStatus } from "../../../db/queries/sent-emails.js";
import type { SenderConfigRecord } from "../../../db/tables/emails.js";
import type { AppDeps } from "../../../deps.js";

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
export async function recordSent(deps: Pick<AppDeps, "queries" | "clock">, entries: readonly SentLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const now = deps.clock.now();
  const rows = entries.map((e) => ({ id: sentLogId(e.outboxId, e.userId), ...e, createdAt: now, updatedAt: now }));
  await deps.queries.sentEmails.upsert(rows, now);
}

/** The recipients of an outbox row that need nothing more (sent, or skipped on purpose). */
export async function finishedRecipients(deps: Pick<AppDeps, "queries">, projectId: string, outboxId: string): Promise<Set<string>> {
  const userIds = await deps.queries.sentEmails.recipientsWithStatus(projectId, outboxId, ["sent", "skipped"]);
  return new Set(userIds.flatMap((userId) => (userId ? [userId] : [])));
}

/**
 * A project's latest log rows, newest first. A recipient still marked `retrying` whose outbox row has
 * given up (failed, undeliverable) is answered as `failed`.
 */
export async function latestSent(deps: Pick<AppDeps, "queries">, projectId: string, limit = 100): Promise<SentEmailRow[]> {
  const rows = await deps.queries.sentEmails.latest(projectId, limit);
  return rows.map(({ row, outboxStatus }) =>
    row.status === "retrying" && (outboxStatus === "failed" || outboxStatus === "undeliverable") ? { ...row, status: "failed" } : row,
  );
}
