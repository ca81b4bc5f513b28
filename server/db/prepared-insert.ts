/**
 * INSERTs through prepared statements. Building an INSERT with drizzle walks every column (35 for
 * `users`) and costs the event loop far more than SQLite takes to run it; a sign-up writes five rows.
 * Each call site passes the same columns every time, so one statement per set of given columns (and
 * of those given as NULL) is built on first use and then only executed, on the root db or inside a
 * transaction.
 */
import { sql, type Column } from "drizzle-orm";
import type { Db, PreparedStatement, Store } from "./store.js";

/** Tables whose columns take no defaults computed in JavaScript (a prepared statement would freeze the first value). */
type InsertableTable = Parameters<Db["insert"]>[0];

/** Past this many shapes per table (a caller varying its columns), inserts are built each time. */
const MAX_SHAPES = 64;

/** Statement sets built so far, so that every statement name is unique within the store. */
let statementSets = 0;

export interface PreparedInsertOptions {
  /** RETURNING every column (the inserted row comes back). */
  returning: boolean;
  /** ON CONFLICT DO NOTHING: a row that would break a unique constraint is skipped. */
  ignoreConflicts?: boolean;
}

export function preparedInsert<Row>(store: Store, table: InsertableTable, { returning, ignoreConflicts = false }: PreparedInsertOptions) {
  const columns = Object.values(table as unknown as Record<string, Column>).filter((c) => c && typeof c === "object" && "columnType" in c);
  const computed = columns.filter((c) => c.defaultFn || c.onUpdateFn).map((c) => c.name);
  if (computed.length > 0) throw new Error(`preparedInsert: columns ${computed.join(", ")} have defaults computed in JavaScript`);
  const set = ++statementSets;
  const byColumns = new Map<string, PreparedStatement<Row[]>>();
  const build = (db: Db, values: Record<string, unknown>) => {
    const insert = db.insert(table).values(values as never);
    const query = ignoreConflicts ? insert.onConflictDoNothing() : insert;
    return returning ? query.returning() : query;
  };

  return async function insert(row: Record<string, unknown>, db: Db = store.db): Promise<Row[]> {
    // NULLs are written into the SQL (drizzle's encoders do not take null); they are part of the shape.
    const keys = Object.keys(row).filter((key) => row[key] !== undefined);
    const shape = keys.map((key) => (row[key] === null ? `${key}=null` : key)).join(",");
    let statement = byColumns.get(shape);
    if (!statement && byColumns.size >= MAX_SHAPES) {
      return build(db, row) as unknown as Promise<Row[]>;
    }
    if (!statement) {
      const values = Object.fromEntries(keys.map((key) => [key, row[key] === null ? sql`null` : sql.placeholder(key)]));
      statement = store.prepare(
        `insert_${set}_${byColumns.size}`,
        (root) => build(root, values) as unknown as { prepare(name: string): { execute(params?: Record<string, unknown>): Promise<Row[]> } },
      );
      byColumns.set(shape, statement);
    }
    return statement.execute(row, db);
  };
}
