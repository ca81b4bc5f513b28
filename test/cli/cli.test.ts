/**
 * The `latchkey` CLI as a person runs it (`scripts/latchkey.mjs`, a child process) against a spawned
 * server: login through the confirmation link, projects, keys, --json and tables, exit codes.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServerProcess, type ServerProcess } from "../support/server-process.js";

const keys = {
  LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: "pck_cli_test_publishable_000000000000000000000000",
  LATCHKEY_INTERNAL_SECRET_SERVER_KEY: "ssk_cli_test_secret_0000000000000000000000000000000",
  LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: "sak_cli_test_admin_00000000000000000000000000000000",
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function latchkey(configDir: string, args: string[], onStderr?: (text: string) => void, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/latchkey.mjs", ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: configDir, LATCHKEY_CLI_CONFIG_DIR: join(configDir, "latchkey"), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      onStderr?.(stderr);
    });
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const json = (run: Run) => {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as any;
};

async function api(server: ServerProcess, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

const internalClient = { "x-stack-access-type": "client", "x-stack-project-id": "internal", "x-stack-publishable-client-key": keys.LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY };

describe("latchkey CLI", () => {
  let server: ServerProcess;
  const home = mkdtempSync(join(tmpdir(), "latchkey-cli-"));
  const strangerHome = mkdtempSync(join(tmpdir(), "latchkey-cli-"));

  beforeAll(async () => {
    server = await startServerProcess("sqlite", keys);
  });
  afterAll(async () => {
    await server?.[Symbol.asyncDispose]();
    rmSync(home, { recursive: true, force: true });
    rmSync(strangerHome, { recursive: true, force: true });
  });

  it("logs in through the confirmation link, then manages projects and keys", async () => {
    const signUp = await api(server, "POST", "/auth/password/sign-up", internalClient, { email: "owner@example.com", password: "cli owner password 1", verification_callback_url: `${server.url}/handler/email-verification` });
    expect(signUp.status).toBe(200);

    // The person opens the link the CLI shows and confirms it as the signed-in user (what the page does).
    let confirmed: Promise<number> | null = null;
    const login = await latchkey(home, ["--json", "login", "--server", server.url, "--publishable-client-key", keys.LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY, "--poll-interval", "100"], (stderr) => {
      const link = /(http\S+cli-auth-confirm\?login_code=\S+)/.exec(stderr)?.[1];
      if (!link || confirmed) return;
      expect(link.startsWith(`${server.url}/handler/cli-auth-confirm?login_code=`)).toBe(true);
      const loginCode = new URL(link).searchParams.get("login_code")!;
      confirmed = api(server, "POST", "/auth/cli/complete", { ...internalClient, "x-stack-access-token": signUp.body.access_token }, { login_code: loginCode, refresh_token: signUp.body.refresh_token }).then((r) => r.status);
    });
    expect(await confirmed).toBe(200);
    const session = json(login);
    expect(session).toMatchObject({ server: server.url, projectId: "internal", userId: signUp.body.user_id, email: "owner@example.com" });
    expect(statSync(session.credentialsFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, "latchkey")).mode & 0o777).toBe(0o700);

    expect(json(await latchkey(home, ["--json", "project", "list"]))).toEqual([]);
    const created = json(await latchkey(home, ["--json", "project", "create", "Acme Shop", "--description", "the shop"]));
    expect(created).toMatchObject({ display_name: "Acme Shop", description: "the shop" });
    const table = await latchkey(home, ["project", "list"]);
    expect(table.code).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+NAME\s+CREATED \(UTC\)\s+OWNER TEAM$/);
    expect(table.stdout).toContain(`${created.id}`);
    expect(table.stdout).toContain("Acme Shop");

    const keySet = json(await latchkey(home, ["--json", "keys", "create", "--project", created.id, "--description", "web app", "--kinds", "client,server"]));
    expect(keySet.publishable_client_key).toMatch(/^pck_/);
    expect(keySet.super_secret_admin_key).toBeUndefined();
    const asApp = { "x-stack-access-type": "client", "x-stack-project-id": created.id, "x-stack-publishable-client-key": keySet.publishable_client_key };
    expect((await api(server, "GET", "/projects/current", asApp)).body).toMatchObject({ id: created.id, display_name: "Acme Shop" });

    // --env: lines an .env file takes, those of the Node and Next.js quickstarts, with keys that work.
    const envRun = await latchkey(home, ["keys", "create", "--project", created.id, "--env"]);
    expect(envRun.code, envRun.stderr).toBe(0);
    expect(envRun.stderr).toMatch(/^Created key set \S+, expiring .+ UTC\. Store these lines now \(e\.g\. in \.env\): the keys are not shown again\.\n$/);
    const env = Object.fromEntries(envRun.stdout.trim().split("\n").map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
    expect(Object.keys(env)).toEqual([
      "LATCHKEY_URL", "LATCHKEY_PROJECT_ID", "LATCHKEY_PUBLISHABLE_CLIENT_KEY", "LATCHKEY_SECRET_SERVER_KEY",
      "NEXT_PUBLIC_STACK_API_URL", "NEXT_PUBLIC_STACK_PROJECT_ID", "NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY", "STACK_SECRET_SERVER_KEY",
    ]);
    expect([env.LATCHKEY_URL, env.NEXT_PUBLIC_STACK_API_URL, env.LATCHKEY_PROJECT_ID, env.NEXT_PUBLIC_STACK_PROJECT_ID]).toEqual([server.url, server.url, created.id, created.id]);
    expect(env.NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY).toBe(env.LATCHKEY_PUBLISHABLE_CLIENT_KEY);
    const asServer = { "x-stack-access-type": "server", "x-stack-project-id": env.LATCHKEY_PROJECT_ID!, "x-stack-secret-server-key": env.STACK_SECRET_SERVER_KEY! };
    expect((await api(server, "GET", "/users", asServer)).status).toBe(200);
    const viteEnv = await latchkey(home, ["keys", "create", "--project", created.id, "--env", "react-vite"]);
    expect(viteEnv.stdout).toMatch(/^VITE_LATCHKEY_URL=\S+\nVITE_LATCHKEY_PROJECT_ID=\S+\nVITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY=pck_\S+\n$/);

    const listed = await latchkey(home, ["keys", "list", "--project", created.id]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(keySet.id);
    expect(listed.stdout).toContain(`client …${keySet.publishable_client_key.slice(-4)}`);
    expect(listed.stdout).not.toContain(keySet.publishable_client_key);

    // Each rotation retires the key that signed: the first rotation's signing key is retired by the second.
    type Published = { kid: string; key_set: string; status: string }[];
    const firstRotation = json(await latchkey(home, ["--json", "keys", "rotate-signing", "--project", created.id])) as Published;
    const signedAfterFirst = firstRotation.find((k) => k.key_set === "regular" && k.status === "signing")!.kid;
    const secondRotation = await latchkey(home, ["keys", "rotate-signing", "--project", created.id]);
    expect(secondRotation.code).toBe(0);
    expect(secondRotation.stdout).toContain(`Rotated the signing keys of project ${created.id}`);
    expect(secondRotation.stdout).toMatch(new RegExp(`${signedAfterFirst}\\s+regular\\s+retired`));

    const revoked = json(await latchkey(home, ["--json", "keys", "revoke", keySet.id, "--project", created.id]));
    expect(revoked.manually_revoked_at_millis).toEqual(expect.any(Number));
    // Key checks are cached for up to 2 s.
    await expect.poll(async () => (await api(server, "GET", "/projects/current", asApp)).status, { timeout: 5_000, interval: 250 }).toBe(401);
  }, 240_000); // about twenty CLI processes and a browser-free login round trip

  it("explains failures in words, with exit codes that say what went wrong", async () => {
    const notSignedIn = await latchkey(strangerHome, ["project", "list"]);
    expect([notSignedIn.code, notSignedIn.stdout]).toEqual([77, ""]);
    expect(notSignedIn.stderr).toBe("latchkey: You are not signed in. Run `latchkey login --server <url> --publishable-client-key <key>` first.\n");

    const nobody = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await latchkey(strangerHome, ["login", "--server", nobody, "--publishable-client-key", "pck_x"]);
    expect(unreachable.code).toBe(69);
    expect(unreachable.stderr).toBe(`latchkey: Cannot reach the Latchkey server at ${nobody} (ECONNREFUSED). Is it running, and is the URL right?\n`);

    const badKey = await latchkey(strangerHome, ["login", "--server", server.url, "--publishable-client-key", "pck_wrong"]);
    expect(badKey.code).toBe(77);
    expect(badKey.stderr).toContain("INVALID_PUBLISHABLE_CLIENT_KEY");

    const notOwner = await latchkey(home, ["keys", "list", "--project", "no-such-project"]);
    expect(notOwner.code).toBe(65);
    expect(notOwner.stderr).toMatch(/^latchkey: The server refused: .+ \(CURRENT_PROJECT_NOT_FOUND\)\n$/);

    const usage = await latchkey(home, ["keys", "create"]);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain("required option '--project <id>' not specified");
    const badKinds = await latchkey(home, ["keys", "create", "--project", "p", "--kinds", "root"]);
    expect([badKinds.code, badKinds.stderr]).toEqual([64, 'latchkey: --kinds takes client, server and admin, comma-separated (got "root").\n']);
    const badEnv = await latchkey(home, ["keys", "create", "--project", "p", "--env", "rails"]);
    expect([badEnv.code, badEnv.stderr]).toEqual([64, 'latchkey: --env takes no value or one of next, react-vite, node, stack-sdk, curl (got "rails").\n']);
    const envAndJson = await latchkey(home, ["--json", "keys", "create", "--project", "p", "--env"]);
    expect([envAndJson.code, envAndJson.stderr]).toEqual([64, "latchkey: --env prints .env lines; leave out --json.\n"]);

    const badSetting = await latchkey(home, ["start", "--print-config"], undefined, { PORT: "abc" });
    expect([badSetting.code, badSetting.stderr]).toEqual([78, "latchkey: cannot start: PORT=abc: must be a whole number from 0 to 65535\n"]);

    const logout = json(await latchkey(home, ["--json", "logout"]));
    expect(logout).toEqual({ signedOut: true });
    expect((await latchkey(home, ["project", "list"])).code).toBe(77);
  }, 180_000); // twelve CLI processes, each a Node start: 2-6 s apiece on a loaded 2-core machine

  it("prints the effective settings without secrets", async () => {
    const run = await latchkey(home, ["--json", "start", "--print-config"], undefined, { ...keys, DATABASE_URL: "postgres://app:dbpassword@db:5432/app", LATCHKEY_METRICS_TOKEN: "metrics-token-secret-123" });
    const settings = json(run);
    expect(settings).toMatchObject({ DATABASE_URL: "postgres://app:***@db:5432/app", LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: "(set)", LATCHKEY_METRICS_TOKEN: "(set)", PORT: "8102" });
    for (const secret of [...Object.values(keys), "dbpassword", "metrics-token-secret-123"]) expect(run.stdout).not.toContain(secret);
  }, 60_000);
});
