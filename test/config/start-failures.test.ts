/**
 * The built server (`dist/server/main.js`) with a wrong setting: it stops before serving, with one line
 * on stderr naming the variable and what is wrong, and an exit code that says whether to retry.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess } from "../support/server-process.js";
import { testDialects } from "../support/databases.js";

const dataDir = mkdtempSync(join(tmpdir(), "latchkey-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startWith(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["dist/server/main.js"], {
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LATCHKEY_DATA_DIR: dataDir, LATCHKEY_LOG_LEVEL: "error", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, stdout });
    });
  });
}

describe("a server with a wrong setting", () => {
  const notADatabase = join(dataDir, "notes.txt");
  writeFileSync(notADatabase, "not a database\n");
  const cases: [string, Record<string, string>, number, string][] = [
    ["a port that is no number", { PORT: "abc" }, 78, "latchkey: cannot start: PORT=abc: must be a whole number from 0 to 65535"],
    ["a database URL of an unknown kind", { DATABASE_URL: "mysql://root:hunter2@db/app" }, 78, "latchkey: cannot start: DATABASE_URL=mysql://root:***@db/app: must start with sqlite: or postgres://"],
    ["an SQLite file that is something else", { DATABASE_URL: `sqlite:${notADatabase}` }, 78, `latchkey: cannot start: DATABASE_URL=sqlite:${notADatabase}: the file is not a SQLite database`],
    ["an SQLite path under a file", { DATABASE_URL: `sqlite:${notADatabase}/latchkey.db` }, 78, `latchkey: cannot start: DATABASE_URL=sqlite:${notADatabase}/latchkey.db: a part of the path is a file, not a directory`],
    ["a data directory under a file", { LATCHKEY_DATA_DIR: `${notADatabase}/data` }, 78, `latchkey: cannot start: LATCHKEY_DATA_DIR=${notADatabase}/data: a part of the path is a file, not a directory`],
    ["a PostgreSQL server that is not there", { DATABASE_URL: "postgres://app:hunter2@127.0.0.1:1/app" }, 69, "latchkey: cannot start: DATABASE_URL=postgres://app:***@127.0.0.1:1/app: nothing accepts connections at 127.0.0.1:1 (is the database running?)"],
    ["a log level it does not know", { LATCHKEY_LOG_LEVEL: "loud" }, 78, "latchkey: cannot start: LATCHKEY_LOG_LEVEL=loud: must be silent, error, info or debug"],
    ["a short server secret (not shown)", { LATCHKEY_SERVER_SECRET: "hunter2" }, 78, "latchkey: cannot start: LATCHKEY_SERVER_SECRET: must be base64 of at least 32 random bytes"],
  ];
  it.each(cases)("stops on %s with one line naming it", async (_, env, exitCode, line) => {
    const result = await startWith(env);
    expect(result.code).toBe(exitCode);
    expect(result.stderr.endsWith("\n")).toBe(true);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr.startsWith(line), result.stderr).toBe(true);
    expect(result.stderr + result.stdout).not.toContain("hunter2");
  });

  it("stops when its port is taken, naming PORT", async () => {
    await using running = await startServerProcess("sqlite");
    const result = await startWith({ PORT: String(running.port), DATABASE_URL: `sqlite:${join(dataDir, "second.db")}` });
    expect(result.code).toBe(78);
    expect(result.stderr).toContain(`latchkey: cannot start: PORT=${running.port}: another process already listens on this port\n`);
  });
});

describe.each(testDialects.slice(0, 1))("metrics on a port of their own (%s)", (dialect) => {
  it("serves /metrics there without a token, and not on the public port", async () => {
    const metricsPort = await freePort();
    await using server = await startServerProcess(dialect, { LATCHKEY_METRICS_PORT: String(metricsPort) });
    const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain("# TYPE latchkey_http_request_duration_seconds histogram");
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });
});
