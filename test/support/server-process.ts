/**
 * The real server, as a separate process on a free loopback port with its own fresh database, for
 * clients that need a socket (the Stack SDK, browsers, a second server process).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Dialect } from "../../server/db/store.js";
import { createTestDatabase } from "./databases.js";

export interface ServerProcess extends AsyncDisposable {
  readonly url: string;
  /** The DATABASE_URL the process runs on. */
  readonly databaseUrl: string;
  readonly port: number;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcessOptions {
  /** Another process's database to share (PostgreSQL URL); by default each process gets a fresh one. */
  sharedDatabaseUrl?: string;
}

/** Starts `dist/server/main.js` (built by the test global setup) and waits until it answers /health. */
export async function startServerProcess(dialect: Dialect, env: Record<string, string> = {}, options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const database = options.sharedDatabaseUrl
    ? { url: options.sharedDatabaseUrl, async [Symbol.asyncDispose]() {} }
    : await createTestDatabase(dialect, { migrated: true });
  const dataDir = mkdtempSync(join(tmpdir(), "latchkey-"));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: dialect === "sqlite" ? `sqlite:${join(dataDir, "latchkey.db")}` : database.url,
      LATCHKEY_DATA_DIR: dataDir,
      LATCHKEY_PUBLIC_URL: url,
      LATCHKEY_LOG_LEVEL: "error",
      LATCHKEY_CHECK_TRANSACTIONS: "true",
      // Every request comes from 127.0.0.1, which is limited like any address: tests that want the
      // per-address limits pass LATCHKEY_ABUSE_LIMITS: "on" (the account lockout stays on regardless).
      LATCHKEY_ABUSE_LIMITS: "off",
      // Local stand-ins (the mock OpenID Connect provider, webhook sinks) listen on loopback, as in test/support/instance.ts.
      LATCHKEY_ALLOW_PRIVATE_OUTBOUND: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 20_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    url,
    databaseUrl: dialect === "sqlite" ? `sqlite:${join(dataDir, "latchkey.db")}` : database.url,
    port,
    output: () => output,
    async [Symbol.asyncDispose]() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve("timeout"), 5_000))]);
        if (stopped === "timeout") child.kill("SIGKILL");
      }
      await database[Symbol.asyncDispose]();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
