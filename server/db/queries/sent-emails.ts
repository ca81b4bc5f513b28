/**
 * The sent log (services/email/sending/sent-log.ts): one row per recipient of each outbox e-mail row,
 * overwritten on every attempt.
 */
import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { sentEmailStatuses } from "../tables/emails.js";
import type { Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type SentEmailRow = (typeof pgTables)["sentEmails"]["$inferSelect"];
export type NewSentEmailRow = (typeof pgTables)["sentEmails"]["$inferInsert"];
export type SentEmailStatus = (typeof sentEmailStatuses)[number];

/** The value the conflicting insert proposed (same syntax on SQLite and PostgreSQL). */
function excluded(column: string) {
  return sql.raw(`excluded."${column}"`);
}

export function sentEmailQueries(store: Store) {
  const { sentEmails: t, outbox } = store.t;
  return {
    /** Writes (or overwrites, by id) several log rows in one statement. */
    async upsert(rows: NewSentEmailRow[], now: Date): Promise<void> {
      await store.db
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
    },
    /** The user ids of an outbox row's recipients whose log row has one of `statuses`. */
    async recipientsWithStatus(projectId: string, outboxId: string, statuses: SentEmailStatus[]): Promise<(string | null)[]> {
      const rows = await store.db
        .select({ userId: t.userId })
        .from(t)
        .where(and(eq(t.projectId, projectId), eq(t.outboxId, outboxId), inArray(t.status, statuses)));
      return rows.map((r) => r.userId);
    },
    /** A project's latest log rows, newest first, each with the status of its outbox row (null when that row is gone). */
    async latest(projectId: string, limit: number) {
      return store.db
        .select({ row: t, outboxStatus: outbox.status })
        .from(t)
        .leftJoin(outbox, eq(outbox.id, t.outboxId))
        .where(eq(t.projectId, projectId))
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(limit);
    },
    /** The mails of every project that failed after `since`, oldest first (the operator's daily digest). */
    async failedSince(since: Date, limit: number) {
      return store.db
        .select({ projectId: t.projectId, to: t.to, subject: t.subject, error: t.error, updatedAt: t.updatedAt })
        .from(t)
        .where(and(eq(t.status, "failed"), gt(t.updatedAt, since)))
        .orderBy(asc(t.updatedAt))
        .limit(limit);
    },
  };
}
