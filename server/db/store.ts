import type { SQL, Table } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import type { Tables } from "./tables.js";

/**
 * The query executor shared code writes against. Its static type is drizzle's PostgreSQL database;
 * on SQLite the same builder calls run on drizzle's SQLite database. Shared code uses only builders
 * common to both (select/insert/update/delete, where, orderBy, limit, returning, onConflict*) and awaits
 * them; no dialect-only operators.
 */
export type Db = NodePgDatabase<Record<string, never>>;

export type Dialect = "sqlite" | "postgres";

/** What `store.prepare` builds from: a query ending in `.prepare(name)` (drizzle's prepared query). */
export type PreparableQuery<T> = { prepare(name: string): { execute(params?: Record<string, unknown>): Promise<T> } };

/** A query built and prepared once, then executed with parameters (`sql.placeholder("name")`). */
export interface PreparedStatement<T> {
  /** Runs on `db`: the root db (the default) or the `tx` of an open transaction. */
  execute(params?: Record<string, unknown>, db?: Db): Promise<T>;
}

export interface PrepareOptions {
  /**
   * PostgreSQL: plan the statement once, whatever its parameters, on connections of its own
   * (`plan_cache_mode = force_generic_plan`), outside transactions only. For hot statements whose best
   * plan does not depend on the values and which PostgreSQL would otherwise plan at every execution:
   * it keeps making "custom" plans when early executions were cheaper than its generic estimate, as the
   * per-request session checks (`id = any($1)`) were, planning for longer than they ran. SQLite
   * ignores it.
   */
  genericPlan?: boolean;
}

export interface Store {
  readonly dialect: Dialect;
  /** The tables of this store's dialect. */
  readonly t: Tables;
  /** Executor for statements outside any transaction. */
  readonly db: Db;
  /**
   * Runs `fn` in a transaction: serialisable on PostgreSQL and retried on serialisation failures, so `fn`
   * may run more than once and must keep side effects in the database (the outbox); on SQLite an
   * immediate transaction on the single connection. Inside a transaction, pass its `tx` as `within`:
   * the nested call becomes a savepoint. Code inside a transaction must use `tx`, never `db`.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>, within?: Db): Promise<T>;
  /**
   * Runs a write-only unit of work: `fn` records inserts (`preparedInsert` on the `db` it gets), which
   * are then written atomically, on PostgreSQL as one statement (see insert-batch.ts). Anything else on
   * that db throws; errors of the writes (unique violations) come from this call, after `fn` returned.
   */
  insertBatch<T>(fn: (batch: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` once the transaction or insert batch that `db` belongs to commits (dropped if it rolls
   * back), or at once when `db` is neither: for effects outside the database that must not see uncommitted data.
   */
  afterCommit(fn: () => void, db: Db): void;
  /**
   * A statement for hot paths: building SQL with drizzle costs more than running it (most of a
   * sign-in's event-loop time went to drizzle's builders), so the query is built and prepared once (on
   * first use) and then only executed, outside transactions or inside one (pass its `tx`).
   */
  prepare<T>(name: string, build: (db: Db) => PreparableQuery<T>, options?: PrepareOptions): PreparedStatement<T>;
  /** Runs a trivial query; rejects when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * A value that changes whenever anything in the database may have changed (a write by this process,
   * committed or not, at once; a commit by any other connection, from the next turn of the event loop,
   * that is for every request received after it), for caches that must never serve stale data. Only
   * where it is cheap and exact: SQLite. Undefined on PostgreSQL, whose other processes' commits cannot
   * be seen without a query.
   */
  readonly changeMarker?: () => string;
  /**
   * An SQL expression naming the version of a table's row in a query: it changes whenever the row is
   * written (PostgreSQL: `xmin`, the id of the transaction that wrote this row version), for caches
   * that check freshness with a narrow query (VersionCheckedCache). Undefined on SQLite, where
   * `changeMarker` needs no query at all.
   */
  readonly rowVersion?: (table: Table) => SQL;
  /** The main connection pool's use now (PostgreSQL; SQLite has one connection and no pool), for metrics. */
  readonly poolStats?: () => PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, of which idle; requests waiting for one; the most the pool opens. */
  open: number;
  idle: number;
  waiting: number;
  max: number;
  /**
   * Statements sent to PostgreSQL since start, over every pool (BEGIN and COMMIT included): each one
   * is a round trip, since a connection sends its next statement only once the previous one answered.
   */
  roundTrips: number;
}

export type DatabaseLocation =
  | { dialect: "sqlite"; path: string }
  | { dialect: "postgres"; url: string };

/** Reads `DATABASE_URL`: unset → `<dataDir>/latchkey.db`; `sqlite:<path>` or `sqlite::memory:`; `postgres://…`. */
export function parseDatabaseUrl(url: string | undefined, dataDir: string): DatabaseLocation {
  if (!url) return { dialect: "sqlite", path: `${dataDir}/latchkey.db` };
  if (url.startsWith("sqlite:")) {
    const path = url.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    if (!path) throw new Error("DATABASE_URL: sqlite: needs a file path or :memory:");
    return { dialect: "sqlite", path };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: "postgres", url };
  throw new Error("DATABASE_URL must start with sqlite: or postgres://");
}
