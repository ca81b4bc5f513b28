/**
 * Reads a server's database directly, next to the API, to see what the API cannot show: rows a
 * half-finished write would leave behind. Read-only use; SQL written with `?` placeholders for both
 * dialects. Rows come back as the driver gives them: booleans are 0/1 and JSON is text on SQLite.
 */
import Database from "better-sqlite3";
import pg from "pg";

export interface DirectDb {
  readonly dialect: "sqlite" | "postgres";
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openDirectDb(databaseUrl: string): Promise<DirectDb> {
  if (databaseUrl.startsWith("sqlite:")) {
    const connection = new Database(databaseUrl.slice("sqlite:".length), { readonly: true, fileMustExist: true });
    return {
      dialect: "sqlite",
      async query<T>(sql: string, params: unknown[] = []) {
        return connection.prepare(sql).all(...params) as T[];
      },
      async close() {
        connection.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  client.on("error", () => {});
  await client.connect();
  return {
    dialect: "postgres",
    async query<T>(sql: string, params: unknown[] = []) {
      let n = 0;
      const result = await client.query(sql.replace(/\?/g, () => `$${++n}`), params);
      return result.rows as T[];
    },
    async close() {
      await client.end().catch(() => {});
    },
  };
}

export async function withDirectDb<T>(databaseUrl: string, fn: (db: DirectDb) => Promise<T>): Promise<T> {
  const db = await openDirectDb(databaseUrl);
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** A JSON column's value: parsed text on SQLite, already an object on PostgreSQL. */
export function jsonValue(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

/** A boolean column's value: 0/1 on SQLite. */
export function boolValue(value: unknown): boolean {
  return value === true || value === 1 || value === 1n;
}
