import { and, asc, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import type { InsertBatch } from "../insert-batch.js";
import { preparedInsert } from "../prepared-insert.js";
import type { Db, Store } from "../store.js";
import type { TtlCache } from "../ttl-cache.js";
import type { pgTables } from "../schema.pg.js";

export type WebhookEndpointRow = (typeof pgTables)["webhookEndpoints"]["$inferSelect"];
export type WebhookDeliveryRow = (typeof pgTables)["webhookDeliveries"]["$inferSelect"];
export type WebhookAttemptRow = (typeof pgTables)["webhookAttempts"]["$inferSelect"];

/** What the event sink needs of a project's enabled endpoints. */
export interface EnabledEndpoint {
  id: string;
  eventTypes: string[] | null;
}

/** A `webhook_fanout` outbox row: the event's type in its summary and the sealed event as its payload. */
export interface FanoutRow {
  id: string;
  projectId: string;
  summary: { event_type: string };
  payload: string;
  createdAt: Date;
}

/**
 * Webhook endpoints, deliveries and attempts. The enabled endpoints of a project are read by the event
 * sink for every event, so they go through a short-lived cache (most projects have none, and then an
 * event costs no query); writes here invalidate it, other processes see changes within its TTL.
 */
export function webhookQueries(store: Store, cache: TtlCache<readonly EnabledEndpoint[]>) {
  const { webhookEndpoints: endpoints, webhookDeliveries: deliveries, webhookAttempts: attempts, outbox } = store.t;
  const insertDeliveryRow = preparedInsert<WebhookDeliveryRow>(store, deliveries, { returning: false });
  const forget = (projectId: string, db: Db) => {
    cache.delete(projectId);
    store.afterCommit(() => cache.delete(projectId), db);
  };

  return {
    /** The cached enabled endpoints of a project, or undefined when they are not cached (then `loadEnabled`). */
    cachedEnabled(projectId: string): readonly EnabledEndpoint[] | undefined {
      return cache.get(projectId);
    },
    /** Reads the enabled endpoints (through `db`: a transaction's, or the root db) and caches them. */
    async loadEnabled(projectId: string, db: Db = store.db): Promise<readonly EnabledEndpoint[]> {
      const rows = await db
        .select({ id: endpoints.id, eventTypes: endpoints.eventTypes })
        .from(endpoints)
        .where(and(eq(endpoints.projectId, projectId), eq(endpoints.enabled, true)));
      // Read in a transaction too: the endpoints' own changes (which invalidate the cache after commit)
      // are never made in a transaction that records webhook events.
      cache.set(projectId, rows);
      return rows;
    },

    async listEndpoints(projectId: string) {
      return store.db.select().from(endpoints).where(eq(endpoints.projectId, projectId)).orderBy(asc(endpoints.createdAt), asc(endpoints.id));
    },
    async findEndpoint(projectId: string, id: string, db: Db = store.db) {
      const [row] = await db.select().from(endpoints).where(and(eq(endpoints.projectId, projectId), eq(endpoints.id, id))).limit(1);
      return row;
    },
    async insertEndpoint(row: typeof endpoints.$inferInsert, db: Db) {
      const [created] = await db.insert(endpoints).values(row).returning();
      forget(row.projectId, db);
      return created!;
    },
    async updateEndpoint(projectId: string, id: string, patch: Partial<typeof endpoints.$inferInsert>, db: Db) {
      const [updated] = await db.update(endpoints).set(patch).where(and(eq(endpoints.projectId, projectId), eq(endpoints.id, id))).returning();
      forget(projectId, db);
      return updated;
    },
    async deleteEndpoint(projectId: string, id: string, db: Db) {
      // Its pending outbox rows stay behind and are marked undeliverable when their turn comes.
      await db.delete(deliveries).where(and(eq(deliveries.projectId, projectId), eq(deliveries.endpointId, id)));
      const deleted = await db.delete(endpoints).where(and(eq(endpoints.projectId, projectId), eq(endpoints.id, id))).returning({ id: endpoints.id });
      forget(projectId, db);
      return deleted.length > 0;
    },

    /** Records a delivery (in a transaction, an insert batch or on the root db). */
    async insertDelivery(row: WebhookDeliveryRow, db: Db) {
      await insertDeliveryRow(row, db);
    },
    async findDelivery(projectId: string, id: string) {
      const [row] = await store.db.select().from(deliveries).where(and(eq(deliveries.projectId, projectId), eq(deliveries.id, id))).limit(1);
      return row;
    },
    /**
     * The earliest delivery of the same object to the same endpoint that was recorded before `delivery`
     * and is still pending: `delivery` waits for it (deliveries of one object go out in order).
     */
    async pendingPredecessor(delivery: WebhookDeliveryRow) {
      const [row] = await store.db
        .select({ id: deliveries.id, nextAttemptAt: outbox.nextAttemptAt })
        .from(deliveries)
        .innerJoin(outbox, eq(outbox.id, deliveries.id))
        .where(
          and(
            eq(deliveries.projectId, delivery.projectId),
            eq(deliveries.endpointId, delivery.endpointId),
            eq(deliveries.objectKey, delivery.objectKey),
            lt(deliveries.sequence, delivery.sequence),
            eq(outbox.status, "pending"),
          ),
        )
        .orderBy(asc(deliveries.sequence))
        .limit(1);
      return row;
    },
    /** A pending fan-out row of the project recorded no later than `createdAt` (its deliveries come first). */
    async pendingFanoutBefore(projectId: string, createdAt: Date) {
      const [row] = await store.db
        .select({ id: outbox.id, nextAttemptAt: outbox.nextAttemptAt })
        .from(outbox)
        .where(and(eq(outbox.projectId, projectId), eq(outbox.kind, "webhook_fanout"), eq(outbox.status, "pending"), lte(outbox.createdAt, createdAt)))
        .limit(1);
      return row;
    },
    /** Marks a row sent inside `db`'s transaction, unless it is no longer pending (then false: someone else did the work). */
    async claimFanout(id: string, now: Date, db: Db): Promise<boolean> {
      const rows = await db
        .update(outbox)
        .set({ status: "sent", doneAt: now, lockedUntil: null })
        .where(and(eq(outbox.id, id), eq(outbox.status, "pending")))
        .returning({ id: outbox.id });
      return rows.length > 0;
    },
    /** An endpoint's deliveries with their outbox state, newest first. */
    async listDeliveries(projectId: string, endpointId: string, options: { status?: "pending" | "sent" | "failed" | "undeliverable"; limit: number }) {
      return store.db
        .select({ delivery: deliveries, state: outbox })
        .from(deliveries)
        .innerJoin(outbox, eq(outbox.id, deliveries.id))
        .where(
          and(
            eq(deliveries.projectId, projectId),
            eq(deliveries.endpointId, endpointId),
            options.status ? eq(outbox.status, options.status) : undefined,
          ),
        )
        .orderBy(desc(deliveries.sequence))
        .limit(options.limit);
    },
    async insertAttempt(row: WebhookAttemptRow) {
      await store.db.insert(attempts).values(row);
    },
    async listAttempts(projectId: string, deliveryIds: string[]) {
      if (deliveryIds.length === 0) return [];
      return store.db
        .select()
        .from(attempts)
        .where(and(eq(attempts.projectId, projectId), inArray(attempts.deliveryId, deliveryIds)))
        .orderBy(asc(attempts.attemptedAt), asc(attempts.id));
    },
    /**
     * Records, in an insert batch, a `webhook_fanout` outbox row (pending, due at once) that is written only
     * if the project has an enabled endpoint when the batch is written (INSERT … SELECT … WHERE EXISTS):
     * a project without endpoints gets no row, and no query runs before the batch.
     */
    recordFanout(batch: InsertBatch, row: FanoutRow): void {
      const value = <T>(v: T, column: Parameters<typeof sql.param>[1]) => sql`${sql.param(v, column)}`;
      const build = (db: Db) =>
        db.insert(outbox).select(
          db
            .select({
              id: value(row.id, outbox.id).as("id"),
              projectId: value(row.projectId, outbox.projectId).as("project_id"),
              kind: value("webhook_fanout", outbox.kind).as("kind"),
              summary: value(row.summary, outbox.summary).as("summary"),
              payload: value(row.payload, outbox.payload).as("payload"),
              status: value("pending", outbox.status).as("status"),
              attempts: value(0, outbox.attempts).as("attempts"),
              nextAttemptAt: value(row.createdAt, outbox.nextAttemptAt).as("next_attempt_at"),
              lockedUntil: sql`null`.as("locked_until"),
              lastError: sql`null`.as("last_error"),
              createdAt: value(row.createdAt, outbox.createdAt).as("created_at"),
              doneAt: sql`null`.as("done_at"),
            })
            .from(endpoints)
            .where(and(eq(endpoints.projectId, row.projectId), eq(endpoints.enabled, true)))
            .limit(1) as never,
        );
      batch.record({
        run: (db) => build(db),
        statement() {
          const query = build(store.db).toSQL();
          return { text: query.sql, values: query.params };
        },
      });
    },
  };
}

export type WebhookQueries = ReturnType<typeof webhookQueries>;
