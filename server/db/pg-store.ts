import { AsyncLocalStorage } from "node:async_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsDir } from "./migrations-dir.js";
import { pgTables } from "./schema.pg.js";
import type { Db, Store } from "./store.js";

/** Advisory lock key that serialises migrations when several processes start at once. */
const MIGRATION_LOCK = 7_315_000_001;
const RETRYABLE = new Set(["40001", "40P01"]);
/** Serialisable transactions conflict under contention by design; retry with growing, jittered waits. */
const MAX_ATTEMPTS = 30;
/** A request waiting this long for a connection fails instead of waiting forever. */
const CONNECTION_TIMEOUT_MS = 10_000;

export async function openPostgresStore(url: string, poolSize: number): Promise<Store> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
  // A connection lost while idle (a database restart) or while in use must not crash the process: the
  // pool reports idle ones here, and each client reports its own; the query in progress fails on its own
  // and the pool opens a new connection for the next request.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));

  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: migrationsDir("pg") });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }

  const db = drizzle(pool) as unknown as Db;
  /** The open transaction of this async context and the callbacks to run after it commits. */
  const current = new AsyncLocalStorage<{ tx: Db; committed: Array<() => void> }>();

  return {
    dialect: "postgres",
    t: pgTables,
    db,
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const outer = current.getStore();
      if (outer) return outer.tx.transaction((tx) => current.run({ tx, committed: outer.committed }, () => fn(tx)));
      for (let attempt = 1; ; attempt++) {
        const committed: Array<() => void> = [];
        try {
          const result = await db.transaction((tx) => current.run({ tx, committed }, () => fn(tx)), { isolationLevel: "serializable" });
          for (const callback of committed) callback();
          return result;
        } catch (error) {
          if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 * 2 ** attempt)));
        }
      }
    },
    prepare(name, build) {
      let prepared: ReturnType<ReturnType<typeof build>["prepare"]> | undefined;
      return {
        execute(params) {
          prepared ??= build(db).prepare(name);
          return prepared.execute(params);
        },
      };
    },
    afterCommit(fn) {
      const open = current.getStore();
      if (open) open.committed.push(fn);
      else fn();
    },
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      await pool.end();
    },
  };
}

function isRetryable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && RETRYABLE.has(code)) return true;
  }
  return false;
}
