/**
 * The root README's quickstarts that talk to a server without a package of ours, run as written against a
 * real server on a port: Stack's published SDK as a drop-in (the block as a Node ESM script, with the
 * repository's `@stackframe/js` 2.8.39 on its resolution path), and plain HTTP (the block's commands in
 * bash, with curl and jq). Each gets the environment variables the README names, nothing else of ours.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { parseCompatSdks } from "../compat/support/sdk.js";
import { createWorld, type World } from "../compat/support/world.js";
import { baseEnv, repoRoot } from "./support/packed.js";
import { quickstart } from "./support/quickstarts.js";

const run = promisify(execFile);

describe.each(testDialects)("the README's server quickstarts against a server on %s", (dialect) => {
  let world: World;
  let dir: string;
  beforeAll(async () => {
    world = await createWorld(dialect, parseCompatSdks("stack")[0]);
    // Outside the repository, with its node_modules linked in: `import "@stackframe/js"` finds Stack's SDK.
    dir = mkdtempSync(join(tmpdir(), "latchkey-quickstart-"));
    symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
  }, 60_000);
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await world?.[Symbol.asyncDispose]();
  });
  const env = () => baseEnv({
    LATCHKEY_URL: world.server.url,
    LATCHKEY_PROJECT_ID: world.projectId,
    LATCHKEY_PUBLISHABLE_CLIENT_KEY: world.keys.publishableClientKey,
    LATCHKEY_SECRET_SERVER_KEY: world.keys.secretServerKey,
  });

  it("Stack's SDK as a drop-in: @stackframe/js creates a user with the secret server key, signs in and reads the user", async () => {
    const code = quickstart("stack-sdk");
    expect(code).toMatch(/from "@stackframe\/js"/);
    writeFileSync(join(dir, "quickstart.mjs"), code);
    const { stdout } = await run(process.execPath, ["quickstart.mjs"], { cwd: dir, env: env(), timeout: 60_000 });
    const match = /Created ([0-9a-f-]{36}), signed in as (\S+) \(([0-9a-f-]{36})\)/.exec(stdout);
    expect(match, stdout).not.toBeNull();
    expect(match![2]).toBe("grace@example.com");
    expect(match![3]).toBe(match![1]);
    const user = await world.serverApp().getUser(match![1]!);
    expect(user?.primaryEmail).toBe("grace@example.com");
    expect(user?.hasPassword).toBe(true);
  }, 60_000);

  it("plain HTTP: curl signs up with a password and reads /users/me with the access token", async () => {
    const script = quickstart("curl");
    expect(script).toMatch(/^curl /m);
    const { stdout } = await run("bash", ["-euo", "pipefail", "-c", script], { cwd: dir, env: env(), timeout: 60_000 });
    const me = JSON.parse(stdout.trim().split("\n").at(-1)!) as { id: string; primary_email: string; has_password: boolean };
    expect(me.primary_email).toBe("ada@example.com");
    expect(me.has_password).toBe(true);
    expect((await world.serverApp().getUser(me.id))?.primaryEmail).toBe("ada@example.com");
  }, 60_000);
});
