/**
 * examples/stack-sdk-script, run as its README says against a real server on a port: Stack Auth's
 * published SDK (@stackframe/js 2.8.39), unchanged, signs up, signs in, reads the user, lists the user's
 * teams and signs out against Latchkey.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { parseCompatSdks } from "../compat/support/sdk.js";
import { createWorld, uniqueEmail, type World } from "../compat/support/world.js";
import { runExample } from "./run-example.js";

describe.each(testDialects)("examples/stack-sdk-script on %s", (dialect) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, parseCompatSdks("stack")[0]);
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
  });

  it("signs up, signs in, reads the user, lists teams and signs out with Stack's SDK", async () => {
    const email = uniqueEmail("stack-example");
    const env = { LATCHKEY_URL: world.server.url, LATCHKEY_PROJECT_ID: world.projectId, LATCHKEY_PUBLISHABLE_CLIENT_KEY: world.keys.publishableClientKey };
    const first = await runExample("stack-sdk-script", env, [email, "a long example passphrase"]);
    expect(first.output).toContain(`Signed up ${email}`);
    const match = /Signed in as (\S+) \(user id ([0-9a-f-]{36})\)/.exec(first.output);
    expect(match?.[1]).toBe(email);
    const userId = match![2]!;
    expect(first.output).toMatch(/Teams \(\d+\)/);
    expect(first.output).toContain("getUser() now answers null");
    expect(first.code).toBe(0);

    // The user really exists on the server, with the printed id and the password that was given.
    const server = world.serverApp();
    const user = await server.getUser(userId);
    expect(user?.primaryEmail).toBe(email);
    expect(user?.hasPassword).toBe(true);

    // A team the user joins on the server is listed by the next run, which signs in to the same account.
    const team = await server.createTeam({ displayName: "Example crew" });
    await team.addUser(userId);
    const again = await runExample("stack-sdk-script", env, [email, "a long example passphrase"]);
    expect(again.output).toContain(`${email} already has an account`);
    expect(again.output).toContain(`user id ${userId}`);
    const teams = /Teams \((\d+)\): (.*)/.exec(again.output);
    expect(teams?.[2]).toContain(`Example crew [${team.id}]`);
    expect(Number(teams?.[1])).toBe((await user!.listTeams()).length);
    expect(again.code).toBe(0);
  }, 90_000);

  it("reports a wrong password as a failed sign-in", async () => {
    const email = uniqueEmail("stack-example");
    const env = { LATCHKEY_URL: world.server.url, LATCHKEY_PROJECT_ID: world.projectId, LATCHKEY_PUBLISHABLE_CLIENT_KEY: world.keys.publishableClientKey };
    expect((await runExample("stack-sdk-script", env, [email, "the first passphrase"])).code).toBe(0);
    const wrong = await runExample("stack-sdk-script", env, [email, "another passphrase"]);
    expect(wrong.output).toContain(`${email} already has an account`);
    expect(wrong.output).toMatch(/Sign-in failed: .*(wrong|password)/i);
    expect(wrong.code).toBe(1);
  }, 60_000);
});
