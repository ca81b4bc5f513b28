/** Fresh PostgreSQL databases for one run on the machine's cluster, dropped when the scope closes. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Scope } from "./harness.js";

/** The maintenance connection, as the test suites use it (LATCHKEY_TEST_PG_URL overrides it). */
export const adminUrl = process.env.LATCHKEY_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  // A server restart while connected must not become an uncaught 'error' event.
  client.on("error", () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export interface FaultDatabase {
  name: string;
  /** DATABASE_URL for servers on this database. */
  url: string;
}

/** Creates `latchkey_faults_<random>`; the scope drops it (WITH FORCE: a killed server may leave sessions). */
export async function createDatabase(scope: Scope): Promise<FaultDatabase> {
  const name = `latchkey_faults_${randomBytes(6).toString("hex")}`;
  await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`));
  scope.defer(`drop database ${name}`, () => withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}
