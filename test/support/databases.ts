/**
 * Databases for tests. Every suite that touches storage runs once per dialect in
 * `LATCHKEY_TEST_DIALECTS` (default: both). On PostgreSQL each store gets a fresh database that is
 * dropped when the store is disposed.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openStore, type Dialect, type Store } from "../../server/db/store.js";

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

/** Creates an empty database of the given dialect. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    return { url: "sqlite::memory:", async [Symbol.asyncDispose]() {} };
  }
  const name = `latchkey_test_${randomBytes(6).toString("hex")}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
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
  const database = await createTestDatabase(dialect);
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
