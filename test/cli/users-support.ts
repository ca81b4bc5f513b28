/**
 * What the CLI tests of `users import | export` and `audit verify` share: a server process with known
 * keys and secret, the CLI as a child process on the same database, and plain SQL on that database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import Database from "better-sqlite3";
import pg from "pg";
import type { Dialect } from "../../server/db/store.js";
import { startServerProcess, type ServerProcess } from "../support/server-process.js";

export const keys = {
  LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: "pck_users_import_publishable_00000000000000000000000",
  LATCHKEY_INTERNAL_SECRET_SERVER_KEY: "ssk_users_import_secret_0000000000000000000000000000",
  LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: "sak_users_import_admin_00000000000000000000000000000",
  LATCHKEY_SERVER_SECRET: Buffer.alloc(32, 7).toString("base64"),
};

export function startServer(dialect: Dialect): Promise<ServerProcess> {
  return startServerProcess(dialect, keys);
}

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts `latchkey <args>` on the server's database; `run.done` settles when it exits. */
export function spawnCli(server: ServerProcess, args: string[], dataDir: string, env: Record<string, string | undefined> = {}): { child: ChildProcess; done: Promise<Run> } {
  const all = { PATH: process.env.PATH ?? "", DATABASE_URL: server.databaseUrl, LATCHKEY_DATA_DIR: dataDir, LATCHKEY_SERVER_SECRET: keys.LATCHKEY_SERVER_SECRET, ...env };
  const child = spawn(process.execPath, ["scripts/latchkey.mjs", ...args], {
    env: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<Run>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

export function cli(server: ServerProcess, args: string[], dataDir: string, env: Record<string, string | undefined> = {}): Promise<Run> {
  return spawnCli(server, args, dataDir, env).done;
}

/** Runs SQL on the server's database (`?` placeholders on both dialects). */
export async function sql<T = Record<string, unknown>>(server: ServerProcess, query: string, params: unknown[] = []): Promise<T[]> {
  if (server.databaseUrl.startsWith("sqlite:")) {
    const db = new Database(server.databaseUrl.slice("sqlite:".length));
    try {
      db.pragma("busy_timeout = 10000");
      const statement = db.prepare(query);
      return statement.reader ? (statement.all(...params) as T[]) : (statement.run(...params), []);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    let i = 0;
    return (await client.query(query.replace(/\?/g, () => `$${++i}`), params)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function api(server: ServerProcess, method: string, path: string, access: "client" | "server" | "admin", body?: unknown, projectId = "internal") {
  const headers: Record<string, string> = {
    "x-stack-access-type": access,
    "x-stack-project-id": projectId,
    "x-stack-publishable-client-key": keys.LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY,
    ...(access === "server" && { "x-stack-secret-server-key": keys.LATCHKEY_INTERNAL_SECRET_SERVER_KEY }),
    ...(access === "admin" && { "x-stack-super-secret-admin-key": keys.LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY }),
    ...(body !== undefined && { "content-type": "application/json" }),
  };
  const response = await fetch(`${server.url}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, headers: response.headers, body: (await response.json().catch(() => null)) as any };
}
