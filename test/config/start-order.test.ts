/**
 * Issue 36, item 3: a start that cannot lose keys or half-work. Every check runs before anything is
 * created or printed (a busy port leaves no one-time keys behind), the keys and the banner come after
 * the server listens, and a process whose server secret cannot open the database's sealed values
 * refuses to start (exit 78), rather than answering health checks and failing every sign-in.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess } from "../support/server-process.js";
import { testDialects } from "../support/databases.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-start-order-"));
  dirs.push(dir);
  return dir;
};

/** Runs dist/server/main.js until it exits, or until it prints its banner (then stops it). */
function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["dist/server/main.js"], {
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LATCHKEY_LOG_LEVEL: "error", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes("/dashboard\n")) child.kill("SIGTERM");
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const secret = () => randomBytes(32).toString("base64");

describe("a start on a busy port", () => {
  it("creates and prints nothing: the next start still makes and shows the one-time keys", async () => {
    await using running = await startServerProcess("sqlite");
    const dataDir = newDataDir();
    const env = { LATCHKEY_DATA_DIR: dataDir, DATABASE_URL: `sqlite:${join(dataDir, "latchkey.db")}` };

    const refused = await run({ ...env, PORT: String(running.port) });
    expect(refused.code).toBe(78);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toBe(`latchkey: cannot start: PORT=${running.port}: another process already listens on this port\n`);
    expect(existsSync(join(dataDir, "server-secret"))).toBe(false);

    const port = await freePort();
    const started = await run({ ...env, PORT: String(port) });
    expect(started.stdout).toContain("LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY=sak_");
    // The keys, then the banner, after the server listens.
    expect(started.stdout.trimEnd().split("\n").at(-1)).toBe(`Latchkey is running: open http://localhost:${port}/dashboard`);
  }, 60_000);
});

describe.each(testDialects.filter((d) => d === "postgres"))("two processes, two secrets, one database (%s)", (dialect) => {
  it("the second refuses to start with one line and exit 78, with a secret of its own or none", async () => {
    await using first = await startServerProcess(dialect, { LATCHKEY_SERVER_SECRET: secret() });
    expect((await fetch(`${first.url}/health?db=1`)).status).toBe(200);

    const owns: Record<string, string>[] = [{ LATCHKEY_SERVER_SECRET: secret() }, {}];
    for (const own of owns) {
      const dataDir = newDataDir();
      const second = await run({ ...own, DATABASE_URL: first.databaseUrl, LATCHKEY_DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(second.code).toBe(78);
      expect(second.stdout).toBe("");
      expect(second.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(second.stderr).toContain("does not open the signing keys in the database");
      // A secret it would have made is not kept: nothing created by a refused start.
      expect(existsSync(join(dataDir, "server-secret"))).toBe(false);
    }
  }, 60_000);
});
