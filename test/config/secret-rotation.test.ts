/**
 * Issue 36, item 5: rotating the server secret while two processes roll. The old process seals with
 * the old secret; the new one (LATCHKEY_SERVER_SECRET new, LATCHKEY_SERVER_SECRET_PREVIOUS old) opens
 * both; `latchkey secret rotate` seals everything again with the new secret; afterwards a process with
 * the new secret alone opens everything (sign-in, tokens from before the rotation), and the old process
 * reports itself unavailable on /health?db=1.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "../support/server-process.js";
import { testDialects } from "../support/databases.js";

const keys = {
  LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: "pck_rotation_test_publishable_00000000000000000000",
  LATCHKEY_INTERNAL_SECRET_SERVER_KEY: "ssk_rotation_test_secret_00000000000000000000000000",
};
const client = { "x-stack-access-type": "client", "x-stack-project-id": "internal", "x-stack-publishable-client-key": keys.LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY };
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function api(server: ServerProcess, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

const signIn = (server: ServerProcess, email: string) => api(server, "POST", "/auth/password/sign-in", client, { email, password: "a long rotation passphrase" });
const health = async (server: ServerProcess) => (await fetch(`${server.url}/health?db=1`)).status;

function rotate(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["dist/server/cli/main.js", "--json", "secret", "rotate"], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(testDialects)("rotating the server secret with two processes rolling (%s)", (dialect) => {
  it("leaves nothing unreadable: the new secret alone opens everything afterwards", async () => {
    const oldSecret = randomBytes(32).toString("base64");
    const newSecret = randomBytes(32).toString("base64");
    const sqliteDir = mkdtempSync(join(tmpdir(), "latchkey-rotation-"));
    dirs.push(sqliteDir);
    // Every process on one database: PostgreSQL's of the first process, or one SQLite file.
    const sqliteUrl = `sqlite:${join(sqliteDir, "latchkey.db")}`;
    const shared: Record<string, string> = dialect === "sqlite" ? { DATABASE_URL: sqliteUrl } : {};
    await using old = await startServerProcess(dialect, { ...keys, ...shared, LATCHKEY_SERVER_SECRET: oldSecret });
    // One deployment: one database and one public URL (the tokens' issuer).
    const database = { DATABASE_URL: dialect === "sqlite" ? sqliteUrl : old.databaseUrl, LATCHKEY_PUBLIC_URL: old.url };
    const rolled = { ...keys, ...database, LATCHKEY_SERVER_SECRET: newSecret, LATCHKEY_SERVER_SECRET_PREVIOUS: oldSecret };

    const email = `rotation-${randomBytes(4).toString("hex")}@example.com`;
    const signedUp = await api(old, "POST", "/auth/password/sign-up", client, { email, password: "a long rotation passphrase", verification_callback_url: `${old.url}/verify` });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    const tokenFromBefore = signedUp.body!.access_token as string;

    // The rolled process starts beside the old one and serves the same users.
    await using rolling = await startServerProcess(dialect, rolled, { sharedDatabaseUrl: database.DATABASE_URL });
    expect(await health(rolling)).toBe(200);
    expect((await signIn(rolling, email)).status).toBe(200);
    expect((await signIn(old, email)).status).toBe(200);

    const run = await rotate({ ...rolled, LATCHKEY_DATA_DIR: sqliteDir });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { unreadable: number; resealed: Record<string, { resealed: number }> };
    expect(report.unreadable).toBe(0);
    expect(report.resealed["signing keys"]!.resealed).toBeGreaterThanOrEqual(4);

    // The old process no longer opens the database's keys: a load balancer takes it out.
    expect(await health(old)).toBe(503);
    expect(await health(rolling)).toBe(200);

    // The new secret alone: it starts, signs in, and accepts a token signed before the rotation.
    await using fresh = await startServerProcess(dialect, { ...keys, ...database, LATCHKEY_SERVER_SECRET: newSecret }, { sharedDatabaseUrl: database.DATABASE_URL });
    expect(await health(fresh)).toBe(200);
    const signedIn = await signIn(fresh, email);
    expect(signedIn.status).toBe(200);
    expect((await api(fresh, "GET", "/users/me", { ...client, "x-stack-access-token": tokenFromBefore })).body).toMatchObject({ primary_email: email });
    const refreshed = await api(fresh, "POST", "/auth/sessions/current/refresh", { ...client, "x-stack-refresh-token": signedIn.body!.refresh_token as string });
    expect(refreshed.status).toBe(200);
  }, 120_000);
});
