/**
 * The built server (`dist/server/main.js`) stopped with SIGTERM while a request is in progress: the
 * request finishes (its write reaches the database), new connections are refused at once, and the
 * process exits 0 (docs/DEPLOYMENT.md, "Graceful shutdown").
 */
import { spawn } from "node:child_process";
import { request } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../server/db/store.js";
import { createTestDatabase, testDialects } from "../support/databases.js";
import { freePort } from "../support/server-process.js";
import { sql } from "../cli/users-support.js";

const keys = {
  LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: "pck_graceful_shutdown_publishable_000000000000000000",
  LATCHKEY_INTERNAL_SECRET_SERVER_KEY: "ssk_graceful_shutdown_secret_00000000000000000000000000",
  LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: "sak_graceful_shutdown_admin_000000000000000000000000000",
  LATCHKEY_SERVER_SECRET: Buffer.alloc(32, 9).toString("base64"),
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(dialect: Dialect) {
  const database = await createTestDatabase(dialect);
  const dataDir = mkdtempSync(join(tmpdir(), "latchkey-stop-"));
  const port = await freePort();
  const databaseUrl = dialect === "sqlite" ? `sqlite:${join(dataDir, "latchkey.db")}` : database.url;
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      LATCHKEY_DATA_DIR: dataDir,
      LATCHKEY_PUBLIC_URL: `http://127.0.0.1:${port}`,
      LATCHKEY_LOG_LEVEL: "info",
      LATCHKEY_ABUSE_LIMITS: "off",
      ...keys,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + 20_000;
  while (!(await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`The server did not start:\n${output}`);
    }
    await wait(50);
  }
  return {
    port,
    child,
    exited,
    output: () => output,
    /** For `sql()` of the CLI tests' support. */
    handle: { databaseUrl } as Parameters<typeof sql>[0],
    async [Symbol.asyncDispose]() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
      await database[Symbol.asyncDispose]();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST /api/v1/users whose body arrives in two parts; resolves with the status and body once answered. */
function slowCreateUser(port: number, email: string) {
  const body = JSON.stringify({ primary_email: email, primary_email_auth_enabled: true, password: "correct horse battery staple" });
  const half = Math.floor(body.length / 2);
  let sendRest!: () => void;
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/v1/users",
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "x-stack-access-type": "server",
          "x-stack-project-id": "internal",
          "x-stack-secret-server-key": keys.LATCHKEY_INTERNAL_SECRET_SERVER_KEY,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.write(body.slice(0, half));
    sendRest = () => req.end(body.slice(half));
  });
  // Awaited by the test; without this, a cut connection would also surface as an unhandled rejection.
  answered.catch(() => undefined);
  return { answered, sendRest: () => sendRest() };
}

describe.each(testDialects)("a server stopped with SIGTERM on %s", (dialect) => {
  it("finishes the request in progress, refuses new connections and exits 0", async () => {
    await using server = await startServer(dialect);
    const inFlight = slowCreateUser(server.port, "slow@example.test");
    await wait(200); // the server has the headers and half the body
    server.child.kill("SIGTERM");
    await wait(300);

    // Stopped listening: a new connection is refused, while the old one is still open.
    const late = await fetch(`http://127.0.0.1:${server.port}/health`).then(
      (r) => `answered ${r.status}`,
      (error: unknown) => String((error as { cause?: { code?: string } }).cause?.code),
    );
    expect(late).toBe("ECONNREFUSED");
    expect(server.child.exitCode).toBeNull();

    inFlight.sendRest();
    const answer = await inFlight.answered;
    expect(answer.status, answer.body).toBe(201);
    expect((JSON.parse(answer.body) as { primary_email: string }).primary_email).toBe("slow@example.test");

    const { code, signal } = await server.exited;
    expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"message":"stopped"');
    const rows = await sql<{ value: string }>(server.handle, "SELECT value FROM contact_channels WHERE value = ?", ["slow@example.test"]);
    expect(rows).toHaveLength(1);
  }, 40_000);
});
