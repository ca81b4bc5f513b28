import { and, asc, count, desc, eq, inArray, isNull, lt, lte, min, or, sql } from "drizzle-orm";
import { preparedInsert } from "../prepared-insert.js";
import { statementsByShape } from "../statements-by-shape.js";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type OutboxRow = (typeof pgTables)["outbox"]["$inferSelect"];
export type NewOutboxRow = (typeof pgTables)["outbox"]["$inferInsert"];
export type OutboxKind = OutboxRow["kind"];

/**
 * The outbox: side effects written in the caller's transaction and delivered after commit. Claiming
 * is one portable UPDATE … RETURNING, so any number of runners (threads of one process or many
 * processes on one PostgreSQL) can share the work without sending a row twice within a lease.
 */
export function outboxQueries(store: Store) {
  const { outbox } = store.t;
  const insertRow = preparedInsert<OutboxRow>(store, outbox, { returning: true });
  // Claims and status marks run for every batch of mails, so they are prepared (building them with
  // drizzle cost more than running them): one statement per batch size. Times go through the
  // columns' encoders (integer milliseconds on SQLite).
  const time = (name: string) => sql`${sql.param(sql.placeholder(name), outbox.lockedUntil)}`;
  const unlocked = or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, time("now")));
  const claimUpTo = statementsByShape<number, OutboxRow[]>(store, "outbox_claim", String, (limit, db) => {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, time("now")), unlocked))
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(limit);
    return db
      .update(outbox)
      .set({ lockedUntil: time("leaseUntil") })
      .where(and(inArray(outbox.id, due), eq(outbox.status, "pending"), unlocked))
      .returning();
  });
  // A request delivering the mail it just queued leases that one row, whatever its `nextAttemptAt`.
  const claimOne = store.prepare("outbox_claim_id", (db) =>
    db
      .update(outbox)
      .set({ lockedUntil: time("leaseUntil") })
      .where(and(eq(outbox.id, sql.placeholder("id")), eq(outbox.status, "pending"), unlocked))
      .returning(),
  );
  const markSentOf = statementsByShape<number, { id: string }[]>(store, "outbox_mark_sent", String, (count, db) =>
    db
      .update(outbox)
      .set({ status: "sent", attempts: incremented(outbox.attempts), doneAt: time("now"), lockedUntil: null, lastError: null })
      .where(inArray(outbox.id, idPlaceholders(count)))
      .returning({ id: outbox.id }),
  );
  const markUndeliverableOf = statementsByShape<number, { id: string }[]>(store, "outbox_mark_undeliverable", String, (count, db) =>
    db
      .update(outbox)
      .set({ status: "undeliverable", doneAt: time("now"), lastError: sql`${sql.placeholder("lastError")}`, lockedUntil: null })
      .where(inArray(outbox.id, idPlaceholders(count)))
      .returning({ id: outbox.id }),
  );

  return {
    /** Writes a row; pass the transaction so the row commits (or rolls back) with the change that caused it. */
    async insert(row: NewOutboxRow, db: Db = store.db) {
      const [created] = await insertRow(row, db);
      return created!;
    },
    /** Writes several rows in one statement (through `db`, as `insert`). */
    async insertMany(rows: NewOutboxRow[], db: Db = store.db): Promise<void> {
      await db.insert(outbox).values(rows);
    },

    /**
     * Leases up to `limit` due rows until `leaseUntil` and returns them. The lock condition is repeated
     * outside the subquery on purpose: on PostgreSQL (READ COMMITTED) a concurrent claimer that picked
     * the same ids waits for the first one's row locks and then re-checks only the outer WHERE, which
     * now sees the fresh lease and skips the row.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
      // Concurrent claimers may lock the same rows in different orders; PostgreSQL then aborts one of
      // them with a deadlock error. That claimer simply tries again (and claims nothing if it keeps losing).
      for (let attempt = 1; ; attempt++) {
        try {
          return await claim(now, leaseUntil, limit);
        } catch (error) {
          if (!isDeadlock(error)) throw error;
          if (attempt === 3) return [];
        }
      }
    },

    /**
     * Leases one row by id until `leaseUntil` when it is pending and no other runner holds it (due or not:
     * the request that queued it delivers it now). Answers the row, or undefined when it is not free.
     */
    async claimById(id: string, now: Date, leaseUntil: Date): Promise<OutboxRow | undefined> {
      const [row] = await claimOne.execute({ id, now, leaseUntil });
      return row;
    },

    /** Counts a failed attempt on a row its runner keeps leased (until `leaseUntil`) to try again at once. */
    async recordAttempt(id: string, attempts: number, lastError: string, leaseUntil: Date) {
      await store.db.update(outbox).set({ attempts, lastError, lockedUntil: leaseUntil }).where(eq(outbox.id, id));
    },

    /** Marks rows sent, one statement per MAX_IDS_PER_STATEMENT ids; returns the ids it changed. */
    async markSent(ids: string[], now: Date): Promise<string[]> {
      return byChunks(ids, (chunk) => markSentOf(chunk.length).execute({ now, ...idParams(chunk) }));
    },

    /** Records a failed attempt and releases the lease; the row is claimed again at `nextAttemptAt`. */
    async scheduleRetry(id: string, attempts: number, nextAttemptAt: Date, lastError: string) {
      await store.db.update(outbox).set({ attempts, nextAttemptAt, lastError, lockedUntil: null }).where(eq(outbox.id, id));
    },

    /** Puts a row back without counting an attempt; it is claimed again at `nextAttemptAt`. */
    async defer(id: string, nextAttemptAt: Date) {
      await store.db.update(outbox).set({ nextAttemptAt, lockedUntil: null }).where(eq(outbox.id, id));
    },

    /** Gives up after the last attempt; `attempts` is the number of attempts made. */
    async markFailed(id: string, now: Date, lastError: string, attempts: number) {
      await store.db.update(outbox).set({ status: "failed", doneAt: now, lastError, lockedUntil: null, attempts }).where(eq(outbox.id, id));
    },

    /** No way to deliver (e.g. no e-mail server configured), kept for admins to see; one statement per MAX_IDS_PER_STATEMENT ids. */
    /** Rows waiting for delivery (due or retrying later), by kind, with the creation time of the oldest (metrics). */
    async pendingByKind(): Promise<{ kind: OutboxKind; count: number; oldest: Date | null }[]> {
      return store.db
        .select({ kind: outbox.kind, count: count(), oldest: min(outbox.createdAt) })
        .from(outbox)
        .where(eq(outbox.status, "pending"))
        .groupBy(outbox.kind);
    },

    async markUndeliverable(ids: string[], now: Date, lastError: string): Promise<string[]> {
      return byChunks(ids, (chunk) => markUndeliverableOf(chunk.length).execute({ now, lastError, ...idParams(chunk) }));
    },

    /** A project's rows of one kind, newest first. */
    async listForProject(projectId: string, kind: OutboxKind, limit = 100) {
      return store.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.projectId, projectId), eq(outbox.kind, kind)))
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit);
    },

    async get(projectId: string, id: string) {
      const [row] = await store.db.select().from(outbox).where(and(eq(outbox.projectId, projectId), eq(outbox.id, id))).limit(1);
      return row;
    },
  };

  async function claim(now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
    const rows = await claimUpTo(limit).execute({ now, leaseUntil });
    return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime());
  }

}

export type OutboxQueries = ReturnType<typeof outboxQueries>;

/** Ids per status-marking statement: the number of prepared shapes stays bounded whatever a batch holds. */
const MAX_IDS_PER_STATEMENT = 16;

function idPlaceholders(count: number) {
  return Array.from({ length: count }, (_, i) => sql.placeholder(`id${i}`));
}

function idParams(ids: string[]): Record<string, string> {
  return Object.fromEntries(ids.map((id, i) => [`id${i}`, id]));
}

async function byChunks(ids: string[], mark: (chunk: string[]) => Promise<{ id: string }[]>): Promise<string[]> {
  const changed: string[] = [];
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_STATEMENT) {
    for (const row of await mark(ids.slice(start, start + MAX_IDS_PER_STATEMENT))) changed.push(row.id);
  }
  return changed;
}

/** `attempts + 1`, computed by the database so the value never depends on a stale read. */
function incremented(column: OutboxColumn) {
  return sql`${column} + 1`;
}

type OutboxColumn = Store["t"]["outbox"]["attempts"];

function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "40P01") return true;
  }
  return false;
}
