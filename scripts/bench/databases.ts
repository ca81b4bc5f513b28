/**
 * Fresh databases for one bench run: a SQLite file in a temporary directory, or a Postgres database
 * created with the admin URL and dropped (WITH FORCE) at cleanup, as test/support/databases.ts does.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { onCleanup } from "./cleanup.js";
import type { BenchDialect } from "./options.js";

export interface BenchDatabase {
  readonly dialect: BenchDialect;
  /** The DATABASE_URL the server processes get. */
  readonly url: string;
  /** SQLite: the database file. */
  readonly sqlitePath: string | null;
  /** Postgres: a URL the bench itself connects with. */
  readonly pgUrl: string | null;
  /** Postgres: the database's name. */
  readonly pgName: string | null;
  /** A directory for the servers' data (LATCHKEY_DATA_DIR). */
  readonly dataDir: string;
  dispose(): Promise<void>;
}

export async function createBenchDatabase(dialect: BenchDialect, pgAdminUrl: string): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "latchkey-bench-"));
  const removeDir = onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  if (dialect === "sqlite") {
    const sqlitePath = join(dataDir, "latchkey.db");
    return { dialect, url: `sqlite:${sqlitePath}`, sqlitePath, pgUrl: null, pgName: null, dataDir, dispose: removeDir };
  }
  const name = `latchkey_bench_${randomBytes(6).toString("hex")}`;
  // Registered before CREATE, so a run stopped in between still drops it.
  const drop = onCleanup(() => withAdminClient(pgAdminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}));
  await withAdminClient(pgAdminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return {
    dialect,
    url: url.toString(),
    sqlitePath: null,
    pgUrl: url.toString(),
    pgName: name,
    dataDir,
    async dispose() {
      await drop();
      await removeDir();
    },
  };
}

async function withAdminClient<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
