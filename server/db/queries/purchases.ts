/**
 * Purchases, their grants in the item ledger, and the list of transactions (services/payments/). The
 * rules (what a purchase grants, when, what ends it) live in the services; this file only reads and
 * writes the rows. Every read names its project; writes by id touch rows a project-scoped read found.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";
import type { Customer, CustomerType, ItemQuantityChangeRow } from "./items.js";

export type PurchaseRow = (typeof pgTables)["purchases"]["$inferSelect"];
export type NewItemGrant = (typeof pgTables)["itemQuantityChanges"]["$inferInsert"];
export type PurchaseKind = PurchaseRow["kind"];

/** Which page of the transaction list to read: rows strictly before the cursor, newest first. */
export interface TransactionPageQuery {
  limit: number;
  before: { at: Date; id: string } | null;
  kind?: PurchaseKind;
  customerType?: CustomerType;
  wantPurchases: boolean;
  wantChanges: boolean;
}

export function purchaseQueries(store: Store) {
  const { purchases: t, itemQuantityChanges: changes } = store.t;
  const ofCustomer = (projectId: string, customer: Customer) =>
    and(eq(t.projectId, projectId), eq(t.customerType, customer.type), eq(t.customerId, customer.id));
  return {
    /** The customer's purchases in force, oldest first. */
    async active(projectId: string, customer: Customer, db: Db = store.db): Promise<PurchaseRow[]> {
      return db.select().from(t).where(and(ofCustomer(projectId, customer), isNull(t.endedAt))).orderBy(t.createdAt, t.id);
    },
    /** Which of `groups` the customer holds a purchase in force of. */
    async heldGroups(projectId: string, customer: Customer, groups: string[], db: Db = store.db): Promise<Set<string>> {
      const rows = await db
        .select({ groupId: t.groupId })
        .from(t)
        .where(and(ofCustomer(projectId, customer), isNull(t.endedAt), inArray(t.groupId, groups)));
      return new Set(rows.flatMap((row) => (row.groupId === null ? [] : [row.groupId])));
    },
    /** The customer's purchase by id. */
    async find(projectId: string, customer: Customer, purchaseId: string, db: Db = store.db): Promise<PurchaseRow | undefined> {
      const [row] = await db.select().from(t).where(and(ofCustomer(projectId, customer), eq(t.id, purchaseId))).limit(1);
      return row;
    },
    /** A purchase by its id, read again inside a transaction. */
    async findById(id: string, db: Db = store.db): Promise<PurchaseRow | undefined> {
      const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
      return row;
    },
    async findBySubscription(projectId: string, subscriptionId: string, db: Db = store.db): Promise<PurchaseRow | undefined> {
      const [row] = await db.select().from(t).where(and(eq(t.projectId, projectId), eq(t.stripeSubscriptionId, subscriptionId))).limit(1);
      return row;
    },
    /** Whether a purchase was already recorded for the Stripe Checkout session (session ids are Stripe's, unique). */
    async existsForSession(sessionId: string, db: Db = store.db): Promise<boolean> {
      const [row] = await db.select({ id: t.id }).from(t).where(eq(t.stripeSessionId, sessionId)).limit(1);
      return row !== undefined;
    },
    /** Whether some purchase of the customer has a grant or a period due at `now` (one indexed lookup). */
    async anyDue(projectId: string, customer: Customer, now: Date, db: Db = store.db): Promise<boolean> {
      const [due] = await db
        .select({ id: t.id })
        .from(t)
        .where(and(ofCustomer(projectId, customer), isNotNull(t.nextGrantAt), lte(t.nextGrantAt, now)))
        .limit(1);
      return due !== undefined;
    },
    /** The customer's purchases with a grant or a period due at `now`. */
    async due(projectId: string, customer: Customer, now: Date, db: Db): Promise<PurchaseRow[]> {
      return db.select().from(t).where(and(ofCustomer(projectId, customer), isNotNull(t.nextGrantAt), lte(t.nextGrantAt, now)));
    },
    async insert(row: PurchaseRow, db: Db): Promise<void> {
      await db.insert(t).values(row);
    },
    async update(id: string, set: Partial<Pick<PurchaseRow, "status" | "currentPeriodEnd" | "cancelAtPeriodEnd" | "repeatState" | "nextGrantAt">>, db: Db): Promise<void> {
      await db.update(t).set(set).where(eq(t.id, id));
    },
    /** Ends the purchase at `at` and makes its `when-purchase-expires` grants stop counting from then on. */
    async end(purchase: Pick<PurchaseRow, "id" | "projectId">, at: Date, status: string, db: Db): Promise<void> {
      await db.update(t).set({ endedAt: at, status, nextGrantAt: null, cancelAtPeriodEnd: false }).where(eq(t.id, purchase.id));
      await db
        .update(changes)
        .set({ expiresAt: at })
        .where(
          and(
            eq(changes.projectId, purchase.projectId),
            eq(changes.purchaseId, purchase.id),
            eq(changes.grantExpiry, "when-purchase-expires"),
            or(isNull(changes.expiresAt), gt(changes.expiresAt, at)),
          ),
        );
    },
    /** Records grants in the item ledger; a grant whose key exists already is skipped (each grant at most once). */
    async insertGrants(rows: NewItemGrant[], db: Db): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(changes).values(rows).onConflictDoNothing();
    },
    /** The customer's quantities of `itemIds` at `now` (items without rows are left out). */
    async itemSums(projectId: string, customer: Customer, itemIds: string[], now: Date, db: Db): Promise<{ itemId: string; quantity: number }[]> {
      return db
        .select({ itemId: changes.itemId, quantity: sql<number>`coalesce(sum(${changes.delta}), 0)`.mapWith(Number) })
        .from(changes)
        .where(
          and(
            eq(changes.projectId, projectId),
            eq(changes.customerType, customer.type),
            eq(changes.customerId, customer.id),
            inArray(changes.itemId, itemIds),
            or(isNull(changes.expiresAt), gt(changes.expiresAt, now)),
          ),
        )
        .groupBy(changes.itemId);
    },
    /**
     * One page of each of the transaction list's tables (purchases; quantity changes made through the API),
     * read by their (project, created_at, id) indexes, `limit + 1` rows each, newest first.
     */
    async transactionPage(projectId: string, query: TransactionPageQuery): Promise<{ purchases: PurchaseRow[]; changes: ItemQuantityChangeRow[] }> {
      const { before } = query;
      const older = (createdAt: typeof t.createdAt | typeof changes.createdAt, id: typeof t.id | typeof changes.id): SQL | undefined =>
        before ? or(lt(createdAt, before.at), and(eq(createdAt, before.at), lt(id, before.id))) : undefined;
      // One after the other: inside a PostgreSQL transaction both would share one connection.
      const purchaseRows = await (query.wantPurchases
        ? store.db
            .select()
            .from(t)
            .where(and(
              eq(t.projectId, projectId),
              query.kind ? eq(t.kind, query.kind) : undefined,
              query.customerType ? eq(t.customerType, query.customerType) : undefined,
              older(t.createdAt, t.id),
            ))
            .orderBy(desc(t.createdAt), desc(t.id))
            .limit(query.limit + 1)
        : Promise.resolve([]));
      const changeRows = await (query.wantChanges
        ? store.db
            .select()
            .from(changes)
            .where(and(
              eq(changes.projectId, projectId),
              isNull(changes.purchaseId),
              query.customerType ? eq(changes.customerType, query.customerType) : undefined,
              older(changes.createdAt, changes.id),
            ))
            .orderBy(desc(changes.createdAt), desc(changes.id))
            .limit(query.limit + 1)
        : Promise.resolve([]));
      return { purchases: purchaseRows, changes: changeRows };
    },
  };
}
