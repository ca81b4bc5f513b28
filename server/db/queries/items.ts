import { and, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import { preparedInsert } from "../prepared-insert.js";
import { statementsByShape } from "../statements-by-shape.js";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type ItemQuantityChangeRow = (typeof pgTables)["itemQuantityChanges"]["$inferSelect"];
export type CustomerType = ItemQuantityChangeRow["customerType"];

export interface Customer {
  type: CustomerType;
  id: string;
}

export interface ItemState {
  quantity: number;
  /** Whether the customer exists: the user or team, read in the same query (custom customers exist by being named). */
  found: boolean;
}

export function itemQueries(store: Store) {
  const { itemQuantityChanges: changes, users, teams } = store.t;
  const projectId = sql.placeholder("projectId");
  const customerId = sql.placeholder("customerId");
  // drizzle writes the embedded subquery in parentheses already.
  const exists = (db: Db, table: typeof users | typeof teams, where: SQL | undefined) =>
    sql`exists ${db.select({ one: sql`1` }).from(table).where(where)}`;
  const customerExists: Record<CustomerType, (db: Db) => SQL> = {
    user: (db) => exists(db, users, and(eq(users.projectId, projectId), eq(users.id, customerId))),
    team: (db) => exists(db, teams, and(eq(teams.projectId, projectId), eq(teams.id, customerId))),
    custom: () => sql`1 = 1`,
  };
  // The item read is a hot path: one statement per customer type, one round trip per read. The
  // placeholder `now` goes through the column's encoder (integer milliseconds on SQLite).
  const notExpired = or(isNull(changes.expiresAt), gt(changes.expiresAt, sql.param(sql.placeholder("now"), changes.expiresAt)));
  const state = statementsByShape<CustomerType, ItemState[]>(
    store,
    "item_state",
    (type) => type,
    (type, db) =>
      db
        .select({ quantity: sql<number>`coalesce(sum(${changes.delta}), 0)`.mapWith(Number), found: customerExists[type](db).mapWith(Boolean) })
        .from(changes)
        .where(
          and(
            eq(changes.projectId, projectId),
            eq(changes.customerType, sql.placeholder("customerType")),
            eq(changes.customerId, customerId),
            eq(changes.itemId, sql.placeholder("itemId")),
            notExpired,
          ),
        ),
  );
  const insertChange = preparedInsert(store, changes, { returning: false });

  return {
    /** The customer's quantity of the item at `now` (the sum of the changes not expired by then) and whether the customer exists. */
    async state(projectId: string, customer: Customer, itemId: string, now: Date, db: Db = store.db): Promise<ItemState> {
      const params = { projectId, customerType: customer.type, customerId: customer.id, itemId, now };
      const [row] = await state(customer.type).execute(params, db);
      return row!;
    },
    async insertChange(row: ItemQuantityChangeRow, db: Db = store.db): Promise<void> {
      await insertChange(row, db);
    },
  };
}
