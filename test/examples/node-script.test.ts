/**
 * examples/node-script, run as its README says against a real server on a port: signs up, signs in,
 * prints the user, signs out, with @latchkey/js alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { parseCompatSdks } from "../compat/support/sdk.js";
import { createWorld, uniqueEmail, type World } from "../compat/support/world.js";
import { runExample } from "./run-example.js";

describe.each(testDialects)("examples/node-script on %s", (dialect) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, parseCompatSdks("latchkey")[0]);
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
  });

  it("signs up, signs in, reads the user and signs out", async () => {
    const email = uniqueEmail("example");
    const env = { LATCHKEY_URL: world.server.url, LATCHKEY_PROJECT_ID: world.projectId, LATCHKEY_PUBLISHABLE_CLIENT_KEY: world.keys.publishableClientKey };
    const { code, output } = await runExample("node-script", env, [email, "a long example passphrase"]);
    expect(output).toContain(`Signed up ${email}`);
    const match = /Signed in as (\S+) \(user id ([0-9a-f-]{36})\)/.exec(output);
    expect(match?.[1]).toBe(email);
    expect(output).toContain("getUser() now answers null");
    expect(code).toBe(0);
    // The user really exists on the server, with the printed id.
    const user = await world.serverApp().getUser(match![2]!);
    expect(user?.primaryEmail).toBe(email);

    // A second run with the same account signs in to it again.
    const again = await runExample("node-script", env, [email, "a long example passphrase"]);
    expect(again.output).toContain(`${email} already has an account`);
    expect(again.output).toContain(`user id ${match![2]}`);
  }, 60_000);

  it("fails clearly without a project id", async () => {
    const { code, output } = await runExample("node-script", { LATCHKEY_URL: world.server.url });
    expect(code).not.toBe(0);
    expect(output).toMatch(/Set LATCHKEY_PROJECT_ID/);
  }, 30_000);
});
