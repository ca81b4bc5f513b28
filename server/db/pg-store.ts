import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsDir } from "./migrations-dir.js";
import { pgTables } from "./schema.pg.js";
import { insertBatchOf, joinInserts, runInsertBatch } from "./insert-batch.js";
import type { Db, Store } from "./store.js";
import { onExecute } from "./query-gate.js";
import { useCompiledRowMapper } from "./row-mapper.js";
import { transactionGuard } from "./transaction-guard.js";

/** Advisory lock key that serialises migrations when several processes start at once. */
const MIGRATION_LOCK = 7_315_000_001;
const RETRYABLE = new Set(["40001", "40P01"]);
/** Serialisable transactions conflict under contention by design; retry with growing, jittered waits. */
const MAX_ATTEMPTS = 30;
/** Insert-batch shapes kept as named prepared statements; the rest are parsed each time. */
const MAX_NAMED_BATCHES = 64;
/** Connections for `genericPlan` statements: batched lookups keep one query in flight each. */
const GENERIC_PLAN_POOL_SIZE = 2;
/** A request waiting this long for a connection fails instead of waiting forever. */
const CONNECTION_TIMEOUT_MS = 10_000;

export async function openPostgresStore(url: string, poolSize: number, checkTransactions = false): Promise<Store> {
  const roundTrips = { count: 0 };
  const pool = openPool(url, poolSize, roundTrips);

  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: migrationsDir("pg") });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }

  const root = drizzle(pool) as unknown as Db;
  // Batch texts prepared by name so far: each stays prepared on every connection that ran it, so only
  // the first few shapes are (a caller varying its NULLs or rows would otherwise grow them unbounded).
  const namedBatches = new Set<string>();
  const batchStatementName = (text: string): string | undefined => {
    const name = `insert_batch_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
    if (namedBatches.has(name)) return name;
    if (namedBatches.size >= MAX_NAMED_BATCHES) return undefined;
    namedBatches.add(name);
    return name;
  };
  // Connections for statements prepared with `genericPlan` (batched lookups: one or two at a time).
  // The setting is SET after connecting rather than passed as a startup option, which poolers such as
  // PgBouncer refuse; the client sends it before any query given to it. Should it fail, the statements
  // still run, planned as PostgreSQL chooses.
  const genericPlanPool = openPool(url, GENERIC_PLAN_POOL_SIZE, roundTrips, async (client) => {
    await client.query("SET plan_cache_mode = force_generic_plan").catch(() => {});
  });
  const genericPlanRoot = drizzle(genericPlanPool) as unknown as Db;
  const guard = transactionGuard(checkTransactions);
  // In checking mode, statements on the root db inside a transaction fail: they would run on another
  // connection, outside the transaction (and, with every connection in a transaction, never run).
  const db = checkTransactions ? (onExecute(root, () => guard.assertOutside("a statement on the root db")) as Db) : root;
  /** Open transactions (drizzle's `tx` handles) and the callbacks to run after each commits. */
  const committedOf = new WeakMap<object, Array<() => void>>();

  const store: Store = {
    dialect: "postgres",
    t: pgTables,
    db,
    rowVersion: (table) => sql`${table}.xmin`,
    poolStats: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize, roundTrips: roundTrips.count }),
    async transaction<T>(fn: (tx: Db) => Promise<T>, within?: Db): Promise<T> {
      const outer = within && committedOf.get(within);
      if (within && outer) {
        return within.transaction((tx) => {
          committedOf.set(tx, outer);
          return fn(tx as unknown as Db);
        });
      }
      guard.assertOutside("store.transaction without `within`");
      const committed: Array<() => void> = [];
      const result = await withRetries(() => {
        committed.length = 0;
        return root.transaction(
          (tx) => {
            committedOf.set(tx, committed);
            return guard.run(() => fn(tx as unknown as Db));
          },
          { isolationLevel: "serializable" },
        );
      });
      for (const callback of committed) callback();
      return result;
    },
    insertBatch(fn) {
      return runInsertBatch(guard, fn, async (inserts) => {
        if (inserts.length === 1) return void (await inserts[0]!.run(db));
        // One statement needs no transaction; named, so each connection parses each batch shape once.
        const { text, values } = joinInserts(inserts);
        await withRetries(() => pool.query({ name: batchStatementName(text), text, values }));
      });
    },
    prepare(name, build, options) {
      let prepared: ReturnType<ReturnType<typeof build>["prepare"]> | undefined;
      const genericPlan = options?.genericPlan ?? false;
      return {
        async execute(params, db) {
          if (!prepared) {
            prepared = build(genericPlan ? genericPlanRoot : root).prepare(name);
            useCompiledRowMapper(prepared);
          }
          if (db === undefined || db === root || db === (store.db as unknown)) {
            guard.assertOutside("a prepared statement on the root db");
            return prepared.execute(params);
          }
          if (genericPlan) throw new Error(`prepared statement ${name}: planned once (genericPlan), it runs outside transactions only`);
          if (!committedOf.has(db)) throw new Error(`prepared statement ${name}: db is neither the root db nor an open transaction`);
          return onConnectionOf(prepared, db).execute(params);
        },
      };
    },
    afterCommit(fn, db) {
      const pending = committedOf.get(db);
      if (pending) return void pending.push(fn);
      const batch = insertBatchOf(db);
      if (batch) return batch.onWritten(fn);
      guard.assertOutside("afterCommit with the root db");
      fn();
    },
    async ping() {
      await Promise.all([pool.query("SELECT 1"), genericPlanPool.query("SELECT 1")]);
    },
    async close() {
      await Promise.all([pool.end(), genericPlanPool.end()]);
    },
  };
  return store;
}

/**
 * A connection pool. A connection lost while idle (a database restart) or while in use must not crash
 * the process: the pool reports idle ones, and each client reports its own; the query in progress
 * fails on its own and the pool opens a new connection for the next request. `onConnect` runs on each
 * new connection and finishes before the pool hands it out (pg-pool's hook: no query is sent while
 * another is still running on the connection). Every statement a connection sends afterwards adds one to
 * `roundTrips.count` (pool.query runs on a pooled connection too, so it is counted there once).
 */
function openPool(url: string, max: number, roundTrips: { count: number }, onConnect?: (client: pg.PoolClient) => Promise<void>): pg.Pool {
  // `onConnect` is pg-pool's option (3.9 and later); @types/pg does not declare it yet.
  const config: pg.PoolConfig & { onConnect?: (client: pg.PoolClient) => Promise<void> } = { connectionString: url, max, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS, onConnect };
  const pool = new pg.Pool(config);
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", () => {});
    const send = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      roundTrips.count++;
      return send(...args);
    };
  });
  return pool;
}

/**
 * The prepared query run on a transaction's connection instead of the pool. drizzle binds a prepared
 * query to the client it was built on (`client`, pinned with drizzle-orm 0.45; the PostgreSQL tests
 * run every prepared statement inside transactions too): a view of it with the transaction's client
 * reuses the built SQL. PostgreSQL prepares the named statement once per connection (node-postgres
 * tracks which connections know it).
 */
function onConnectionOf<P extends object>(prepared: P, tx: object): P {
  const client = (tx as { session?: { client?: unknown } }).session?.client;
  if (!client || !("client" in prepared)) throw new Error("drizzle's transaction no longer exposes its connection (session.client)");
  return Object.create(prepared, { client: { value: client } }) as P;
}

/** Runs `attempt` again on serialisation failures and deadlocks, with growing, jittered waits. */
async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 * 2 ** n)));
    }
  }
}

function isRetryable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && RETRYABLE.has(code)) return true;
  }
  return false;
}
