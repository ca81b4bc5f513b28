/**
 * INSERTs through prepared statements. Building an INSERT with drizzle walks every column (35 for
 * `users`) and costs the event loop far more than SQLite takes to run it; a sign-up writes five rows.
 * Each call site passes the same columns every time, so one statement per set of given columns (and
 * of those given as NULL) is built on first use and then only executed, on the root db, inside a
 * transaction, or recorded in an insert batch (insert-batch.ts).
 */
import { fillPlaceholders, is, SQL, sql, type Column } from "drizzle-orm";
import { insertBatchOf, type InsertBatch } from "./insert-batch.js";
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
  const columns = Object.entries(table as unknown as Record<string, Column>).filter(([, c]) => c && typeof c === "object" && "columnType" in c);
  const computed = columns.filter(([, c]) => c.defaultFn || c.onUpdateFn).map(([, c]) => c.name);
  if (computed.length > 0) throw new Error(`preparedInsert: columns ${computed.join(", ")} have defaults computed in JavaScript`);
  const sqlDefaults = columns.filter(([, c]) => c.hasDefault && is(c.default, SQL)).map(([, c]) => c.name);
  const set = ++statementSets;
  const byColumns = new Map<string, Shape<Row>>();
  const build = (db: Db, values: Record<string, unknown>) => {
    const insert = db.insert(table).values(values as never);
    const query = ignoreConflicts ? insert.onConflictDoNothing() : insert;
    return returning ? query.returning() : query;
  };

  /** The row as the database would return it: the values given, then the columns' defaults. */
  const rowAsWritten = (row: Record<string, unknown>) => {
    if (sqlDefaults.length > 0) throw new Error(`preparedInsert in a batch: columns ${sqlDefaults.join(", ")} have SQL defaults, unknown until written`);
    return Object.fromEntries(columns.map(([key, c]) => [key, row[key] !== undefined ? row[key] : c.hasDefault ? c.default : null])) as Row;
  };

  const record = (batch: InsertBatch, shape: Shape<Row>, row: Record<string, unknown>): Row[] => {
    // A skipped row returns nothing, which is unknown until the batch is written.
    if (returning && ignoreConflicts) throw new Error("preparedInsert in a batch: cannot return rows that a conflict may skip");
    batch.record({
      run: (db) => (shape.statement ? shape.statement.execute(row, db) : build(db, row)),
      statement() {
        shape.text ??= build(store.db, shape.values).toSQL();
        return { text: shape.text.sql, values: fillPlaceholders(shape.text.params, row) };
      },
    });
    return returning ? [rowAsWritten(row)] : [];
  };

  return async function insert(row: Record<string, unknown>, db: Db = store.db): Promise<Row[]> {
    // NULLs are written into the SQL (drizzle's encoders do not take null); they are part of the shape.
    const keys = Object.keys(row).filter((key) => row[key] !== undefined);
    const shapeKey = keys.map((key) => (row[key] === null ? `${key}=null` : key)).join(",");
    let shape = byColumns.get(shapeKey);
    if (!shape) {
      const values = Object.fromEntries(keys.map((key) => [key, row[key] === null ? sql`null` : sql.placeholder(key)]));
      shape = { values };
      if (byColumns.size < MAX_SHAPES) {
        shape.statement = store.prepare(
          `insert_${set}_${byColumns.size}`,
          (root) => build(root, values) as unknown as { prepare(name: string): { execute(params?: Record<string, unknown>): Promise<Row[]> } },
        );
        byColumns.set(shapeKey, shape);
      }
    }
    const batch = insertBatchOf(db);
    if (batch) return record(batch, shape, row);
    if (!shape.statement) return build(db, row) as unknown as Promise<Row[]>;
    return shape.statement.execute(row, db);
  };
}

/** One set of given columns: its values with placeholders, its prepared statement, its SQL text once a batch needed it. */
interface Shape<Row> {
  values: Record<string, unknown>;
  /** Absent past MAX_SHAPES: such inserts are built each time. */
  statement?: PreparedStatement<Row[]>;
  text?: { sql: string; params: unknown[] };
}
