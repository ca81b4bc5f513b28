import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { sql, type SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { migrationsDir } from "./migrations-dir.js";
import { Mutex } from "./mutex.js";
import { sqliteTables } from "./schema.sqlite.js";
import type { Db, PreparableQuery, Store } from "./store.js";
import type { Tables } from "./tables.js";

/**
 * SQLite on one better-sqlite3 connection (WAL). Statements run synchronously, but a transaction's
 * callback is async, so while one is open other requests could slip statements into it between its
 * awaits. A mutex prevents that: a transaction holds it from BEGIN to COMMIT, and statements from
 * outside any transaction wait for it; statements issued inside a transaction's async context
 * (tracked with AsyncLocalStorage) run at once.
 */
export function openSqliteStore(path: string): Store {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
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
  /** Set inside a transaction: the callbacks to run after it commits. */
  const inTransaction = new AsyncLocalStorage<Array<() => void>>();
  const mustWait = () => mutex.locked && inTransaction.getStore() === undefined;
  const txDb = inner as unknown as Db;
  const rootDb = gateQueries(inner, mustWait, () => mutex.acquire()) as unknown as Db;
  let savepoints = 0;

  return {
    dialect: "sqlite",
    t: sqliteTables as unknown as Tables,
    db: rootDb,
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (inTransaction.getStore()) {
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
      const release = await mutex.acquire();
      const committed: Array<() => void> = [];
      try {
        connection.exec("BEGIN IMMEDIATE");
        const result = await inTransaction.run(committed, () => fn(txDb));
        connection.exec("COMMIT");
        release();
        runAll(committed);
        return result;
      } catch (error) {
        if (connection.inTransaction) connection.exec("ROLLBACK");
        release();
        throw error;
      }
    },
    prepare<T>(name: string, build: (db: Db) => PreparableQuery<T>) {
      let prepared: PreparableQuery<T>["prepare"] extends (name: string) => infer P ? P : never;
      // better-sqlite3 runs statements synchronously: drizzle's `execute` wraps the result in a
      // thenable, whose `sync()` gives it without the extra promise turns.
      const runNow = (params?: Record<string, unknown>) => {
        prepared ??= build(txDb).prepare(name);
        return (prepared.execute(params) as unknown as { sync(): T }).sync();
      };
      return {
        async execute(params) {
          if (!mustWait()) return runNow(params);
          const release = await mutex.acquire();
          try {
            return runNow(params);
          } finally {
            release();
          }
        },
      };
    },
    afterCommit(fn) {
      const pending = inTransaction.getStore();
      if (pending) pending.push(fn);
      else fn();
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
}

type Acquire = () => Promise<() => void>;

function runAll(callbacks: Array<() => void>): void {
  for (const callback of callbacks) callback();
}

/**
 * Wraps drizzle's database so that awaiting any query built from it first waits for the mutex when
 * `mustWait()` says so. Builders execute synchronously inside `then`, so holding the mutex around
 * that call is enough.
 */
function gateQueries<T extends object>(target: T, mustWait: () => boolean, acquire: Acquire): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      if (property === "then") {
        return (onFulfilled?: (v: unknown) => unknown, onRejected?: (e: unknown) => unknown) => {
          if (!mustWait()) return value.call(object, onFulfilled, onRejected);
          return acquire().then((release) => {
            try {
              return value.call(object, onFulfilled, onRejected);
            } finally {
              release();
            }
          });
        };
      }
      return (...args: unknown[]) => {
        const result: unknown = value.apply(object, args);
        return isQueryBuilder(result) ? gateQueries(result, mustWait, acquire) : result;
      };
    },
  });
}

function isQueryBuilder(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.then === "function" ||
    typeof candidate.from === "function" ||
    typeof candidate.values === "function" ||
    typeof candidate.set === "function"
  );
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
