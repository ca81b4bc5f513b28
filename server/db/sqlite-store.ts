import { dirname } from "node:path";
import Database from "better-sqlite3";
import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { makePrivateDir, makePrivateFile, restrictExisting } from "../private-files.js";
import { migrationsDir } from "./migrations-dir.js";
import { Mutex } from "./mutex.js";
import { insertBatchOf, runInsertBatch } from "./insert-batch.js";
import { gateQueries } from "./query-gate.js";
import { transactionGuard } from "./transaction-guard.js";
import { sqliteTables } from "./schema.sqlite.js";
import type { Db, PreparableQuery, Store } from "./store.js";
import type { Tables } from "./tables.js";
import { useCompiledRowMapper } from "./row-mapper.js";

/**
 * Longest wait for the connection. Transactions take milliseconds, so only a statement waiting for the
 * transaction it belongs to (misuse the tests catch, see transaction-guard.ts) should ever reach it.
 */
const LOCK_WAIT_MS = 10_000;

/**
 * SQLite on one better-sqlite3 connection (WAL). Statements run synchronously, but a transaction's
 * callback is async, so while one is open other requests could slip statements into it between its
 * awaits. A mutex prevents that: a transaction holds it from BEGIN to COMMIT, and statements through
 * the root `db` wait for it. Statements of the transaction go through its `tx` and run at once.
 */
export function openSqliteStore(path: string, checkTransactions = false): Store {
  const onDisk = path !== ":memory:";
  if (onDisk) {
    // Owner-only: the database holds password hashes and encrypted secrets. SQLite gives the -wal and
    // -shm files the database file's mode; existing ones (an older install) are narrowed too.
    makePrivateDir(dirname(path));
    makePrivateFile(path);
    restrictExisting(`${path}-wal`, `${path}-shm`);
  }
  const connection = new Database(path);
  connection.pragma("journal_mode = WAL");
  connection.pragma("synchronous = NORMAL");
  connection.pragma("foreign_keys = ON");
  connection.pragma("busy_timeout = 5000");
  // SQLite's own lower() folds ASCII only; searches lower-case both sides, so make it fold Unicode
  // like PostgreSQL does ("Émile" must find "émile").
  connection.function("lower", { deterministic: true }, (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value));

  cacheStatements(connection);
  const inner = drizzle(connection);
  inlineIntegerLimits(inner);
  migrate(inner, { migrationsFolder: migrationsDir("sqlite") });

  const mutex = new Mutex();
  const guard = transactionGuard(checkTransactions);
  /** The transaction holding the mutex (one at a time) and the callbacks to run after it commits. */
  let open: { committed: Array<() => void> } | null = null;
  const txDb = inner as unknown as Db;
  const mustWait = () => {
    guard.assertOutside("a statement on the root db");
    return mutex.locked;
  };
  const acquire = () => mutex.acquireWithin(LOCK_WAIT_MS, () => new Error(`SQLite: waited ${LOCK_WAIT_MS} ms for the open transaction`));
  const rootDb = gateQueries(inner, mustWait, acquire) as unknown as Db;
  let savepoints = 0;
  // total_changes(): rows this connection wrote; data_version: changes when another connection commits.
  // Two plucked statements: the pragma_data_version table-valued function cost twice as much (3.5 µs).
  const ownChanges = connection.prepare("select total_changes()").pluck();
  const otherConnectionsCommits = connection.prepare("pragma data_version").pluck();
  // data_version opens a read transaction on the WAL (~2-5 µs), so it is read once per turn of the
  // event loop: every request handled in a turn was received before the turn began, so a value read
  // during the turn already reflects every commit that finished before those requests arrived (what
  // a request must see). Commits of this connection show at once through total_changes().
  let othersThisTurn: number | undefined;
  const forgetOthers = () => {
    othersThisTurn = undefined;
  };
  const othersCommits = () => {
    if (othersThisTurn === undefined) {
      othersThisTurn = otherConnectionsCommits.get() as number;
      setImmediate(forgetOthers);
    }
    return othersThisTurn;
  };

  const store: Store = {
    dialect: "sqlite",
    changeMarker() {
      return `${ownChanges.get() as number}:${othersCommits()}`;
    },
    t: sqliteTables as unknown as Tables,
    db: rootDb,
    async transaction<T>(fn: (tx: Db) => Promise<T>, within?: Db): Promise<T> {
      if (within === txDb && open) {
        const name = `sp_${++savepoints}`;
        connection.exec(`SAVEPOINT ${name}`);
        try {
          const result = await fn(txDb);
          connection.exec(`RELEASE ${name}`);
          return result;
        } catch (error) {
          connection.exec(`ROLLBACK TO ${name}`);
          connection.exec(`RELEASE ${name}`);
          throw error;
        }
      }
      guard.assertOutside("store.transaction without `within`");
      const release = await acquire();
      const current = { committed: [] as Array<() => void> };
      open = current;
      try {
        connection.exec("BEGIN IMMEDIATE");
        const result = await guard.run(() => fn(txDb));
        connection.exec("COMMIT");
        open = null;
        release();
        runAll(current.committed);
        return result;
      } catch (error) {
        if (connection.inTransaction) connection.exec("ROLLBACK");
        open = null;
        release();
        throw error;
      }
    },
    insertBatch(fn) {
      // It writes in a transaction of its own: inside one it would wait for the mutex its caller holds.
      if (open) throw new Error("store.insertBatch inside a transaction: record the inserts there with its tx instead");
      return runInsertBatch(guard, fn, (inserts) =>
        store.transaction(async (tx) => {
          for (const insert of inserts) await insert.run(tx);
        }),
      );
    },
    // SQLite plans a statement when it is compiled: `genericPlan` has nothing to change.
    prepare<T>(name: string, build: (db: Db) => PreparableQuery<T>) {
      let prepared: PreparableQuery<T>["prepare"] extends (name: string) => infer P ? P : never;
      // better-sqlite3 runs statements synchronously: drizzle's `execute` wraps the result in a
      // thenable, whose `sync()` gives it without the extra promise turns.
      const runNow = (params?: Record<string, unknown>) => {
        if (!prepared) {
          prepared = build(txDb).prepare(name);
          useCompiledRowMapper(prepared);
        }
        return (prepared.execute(params) as unknown as { sync(): T }).sync();
      };
      return {
        async execute(params, db) {
          // The open transaction holds the connection: its own statements run at once.
          if (db === txDb && open) return runNow(params);
          if (db !== undefined && db !== txDb && db !== rootDb) throw new Error(`prepared statement ${name}: db is neither the root db nor an open transaction`);
          if (!mustWait()) return runNow(params);
          const release = await acquire();
          try {
            return runNow(params);
          } finally {
            release();
          }
        },
      };
    },
    afterCommit(fn, db) {
      if (db === txDb && open) return void open.committed.push(fn);
      const batch = insertBatchOf(db);
      if (batch) return batch.onWritten(fn);
      guard.assertOutside("afterCommit with the root db");
      fn();
    },
    async ping() {
      connection.prepare("SELECT 1").get();
    },
    async close() {
      const release = await mutex.acquire();
      try {
        connection.close();
      } finally {
        release();
      }
    },
  };
  return store;
}

function runAll(callbacks: Array<() => void>): void {
  for (const callback of callbacks) callback();
}

/**
 * Writes integer LIMITs into the SQL text instead of binding them. A bound LIMIT makes this SQLite build
 * (STAT4) re-prepare the statement on every execution, which measured 5x slower on the per-request
 * session lookup (35 µs instead of 7 µs). Only non-negative safe integers are inlined; anything else
 * (placeholders, SQL) keeps drizzle's own handling.
 */
function inlineIntegerLimits(db: object): void {
  const dialect = (db as { dialect: { buildLimit(limit: unknown): SQL | undefined } }).dialect;
  const buildLimit = dialect.buildLimit.bind(dialect);
  dialect.buildLimit = (limit) => (Number.isSafeInteger(limit) && (limit as number) >= 0 ? sql.raw(` limit ${limit as number}`) : buildLimit(limit));
}

/** Compiled statements kept per connection, by SQL text (query shapes, not values, so few distinct). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Reuses compiled statements. drizzle prepares every query it runs, and compiling costs SQLite more
 * than running a typical point query (it was the largest item of a sign-up's main-thread time).
 * drizzle runs a statement synchronously right after preparing it, so one statement is never used by
 * two queries at once; raw mode is reset on every hand-out, since drizzle switches it on per query.
 */
function cacheStatements(connection: Database.Database): void {
  const compile = connection.prepare.bind(connection);
  const cache = new Map<string, Database.Statement>();
  connection.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (statement) {
      cache.delete(source);
      if (statement.reader) statement.raw(false);
    } else {
      statement = compile(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(source, statement);
    return statement;
  }) as typeof connection.prepare;
}
