/**
 * Databases for tests. Every suite that touches storage runs once per dialect in
 * `LATCHKEY_TEST_DIALECTS` (default: both). On PostgreSQL each store gets a fresh database that is
 * dropped when the store is disposed; migrated ones are copied from a template migrated once.
 */
import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { migrationsDir } from "../../server/db/migrations-dir.js";
import { openStore } from "../../server/db/open-store.js";
import type { Dialect, Store } from "../../server/db/store.js";

const allDialects: readonly Dialect[] = ["sqlite", "postgres"];

/**
 * Reads a `LATCHKEY_TEST_DIALECTS` value: comma-separated dialect names (spaces and empty items
 * ignored, each dialect once), every dialect when unset. An unknown name, or no name at all, throws:
 * a typo must not quietly skip a database.
 */
export function parseTestDialects(value: string | undefined): Dialect[] {
  if (value === undefined) return [...allDialects];
  const names = value.split(",").map((name) => name.trim()).filter((name) => name !== "");
  const unknown = names.filter((name) => !(allDialects as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(`LATCHKEY_TEST_DIALECTS: unknown dialect ${unknown.map((name) => `"${name}"`).join(", ")}; allowed: ${allDialects.join(", ")}`);
  }
  if (names.length === 0) throw new Error(`LATCHKEY_TEST_DIALECTS is empty; name one or more of: ${allDialects.join(", ")}`);
  return [...new Set(names as Dialect[])];
}

export const testDialects: Dialect[] = parseTestDialects(process.env.LATCHKEY_TEST_DIALECTS);

const adminUrl = process.env.LATCHKEY_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase extends AsyncDisposable {
  /** The DATABASE_URL for this database (what a server process would be given). */
  readonly url: string;
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Advisory lock key that lets one process at a time build the migrated template. */
const TEMPLATE_LOCK = 7_315_000_002;
let migratedTemplate: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database holding every migration of drizzle/pg, built once (named after the
 * migrations' contents, so a changed migration builds a new one) and copied by CREATE DATABASE ...
 * TEMPLATE: a copy costs a fraction of running the migrations on each fresh database. Templates of
 * other migration sets stay (another checkout's run may be using one).
 */
function migratedTemplateName(): Promise<string> {
  migratedTemplate ??= (async () => {
    const hash = createHash("sha256");
    const dir = migrationsDir("pg");
    for (const file of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
      if (file.endsWith(".sql") || file.endsWith("_journal.json")) hash.update(file).update(readFileSync(join(dir, file)));
    }
    const name = `latchkey_tmpl_${hash.digest("hex").slice(0, 16)}`;
    await withAdminClient(async (c) => {
      await c.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
      try {
        const found = await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
        if (found.rowCount) return;
        const building = `${name}_${randomBytes(4).toString("hex")}`;
        await c.query(`CREATE DATABASE ${building}`);
        const store = await openStore({ location: { dialect: "postgres", url: databaseUrl(building) }, poolSize: 1 });
        await store.close();
        // Renamed only once complete: a run that died while building leaves no half-migrated template.
        await c.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } finally {
        await c.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
      }
    });
    return name;
  })();
  return migratedTemplate;
}

/**
 * Creates a database of the given dialect: empty, or with `migrated` already holding every migration
 * (on PostgreSQL a copy of the migrated template; a store opened on it finds nothing left to migrate).
 */
export async function createTestDatabase(dialect: Dialect, options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    return { url: "sqlite::memory:", async [Symbol.asyncDispose]() {} };
  }
  const name = `latchkey_test_${randomBytes(6).toString("hex")}`;
  const template = options.migrated ? ` TEMPLATE ${await migratedTemplateName()}` : "";
  await withAdminClient((c) => c.query(`CREATE DATABASE ${name}${template}`));
  return {
    url: databaseUrl(name),
    async [Symbol.asyncDispose]() {
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export interface TestStore extends AsyncDisposable {
  readonly store: Store;
}

/** A migrated store on a fresh database; disposing it closes the store and drops the database. */
export async function createTestStore(dialect: Dialect): Promise<TestStore & Store> {
  const database = await createTestDatabase(dialect, { migrated: true });
  const url = database.url;
  const store = await openStore({
    location: url.startsWith("sqlite:") ? { dialect: "sqlite", path: ":memory:" } : { dialect: "postgres", url },
    poolSize: 5,
    checkTransactions: true,
  });
  return {
    ...store,
    store,
    async [Symbol.asyncDispose]() {
      await store.close();
      await database[Symbol.asyncDispose]();
    },
  };
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
