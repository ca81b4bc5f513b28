import { and, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import { preparedInsert } from "../prepared-insert.js";
import { statementsByShape } from "../statements-by-shape.js";
import type { Db, Store } from "../store.js";

export type ItemQuantityChangeRow = typeof import("../schema.pg.js").itemQuantityChanges.$inferSelect;
export type CustomerType = ItemQuantityChangeRow["customerType"];

export interface Customer {
  type: CustomerType;
  id: string;
}

/**
 * What the quantity read also finds out, in the same query: whether the user or the team exists, or
 * nothing (custom customers exist by being named).
 */
export type CustomerCheck = "user" | "team" | "none";

export interface ItemState {
  quantity: number;
  /** The answer of the customer check. */
  found: boolean;
}

export function itemQueries(store: Store) {
  const { itemQuantityChanges: changes, users, teams } = store.t;
  const projectId = sql.placeholder("projectId");
  const customerId = sql.placeholder("customerId");
  // drizzle writes the embedded subquery in parentheses already.
  const exists = (db: Db, table: typeof users | typeof teams, where: SQL | undefined) =>
    sql`exists ${db.select({ one: sql`1` }).from(table).where(where)}`;
  const checks: Record<CustomerCheck, (db: Db) => SQL> = {
    user: (db) => exists(db, users, and(eq(users.projectId, projectId), eq(users.id, customerId))),
    team: (db) => exists(db, teams, and(eq(teams.projectId, projectId), eq(teams.id, customerId))),
    none: () => sql`1 = 1`,
  };
  // The item read is a hot path: one statement per customer check, one round trip per read. The
  // placeholder `now` goes through the column's encoder (integer milliseconds on SQLite).
  const notExpired = or(isNull(changes.expiresAt), gt(changes.expiresAt, sql.param(sql.placeholder("now"), changes.expiresAt)));
  const state = statementsByShape<CustomerCheck, ItemState[]>(
    store,
    "item_state",
    (check) => check,
    (check, db) =>
      db
        .select({ quantity: sql<number>`coalesce(sum(${changes.delta}), 0)`.mapWith(Number), found: checks[check](db).mapWith(Boolean) })
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
  const insertChange = preparedInsert(store, changes, false);

  return {
    /** The customer's quantity of the item at `now` (the sum of the changes not expired by then) and the check's answer. */
    async state(projectId: string, customer: Customer, itemId: string, now: Date, check: CustomerCheck, db: Db = store.db): Promise<ItemState> {
      const params = { projectId, customerType: customer.type, customerId: customer.id, itemId, now };
      const [row] = await state(check).execute(params, db);
      return row!;
    },
    async insertChange(row: ItemQuantityChangeRow, db: Db = store.db): Promise<void> {
      await insertChange(row, db);
    },
  };
}
