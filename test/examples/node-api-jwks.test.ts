/**
 * examples/node-api-jwks, started as its README says against a real server on a port: both ways of
 * checking access tokens (server SDK, jose + JWKS) accept a real user's token and refuse a missing, forged
 * or signed-out one.
 */
import { StackClientApp } from "@latchkey/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { freePort } from "../support/server-process.js";
import { parseCompatSdks } from "../compat/support/sdk.js";
import { createWorld, uniqueEmail, type World } from "../compat/support/world.js";
import { startExample } from "./run-example.js";

describe.each(testDialects)("examples/node-api-jwks on %s", (dialect) => {
  let world: World;
  let api: ReturnType<typeof startExample>;
  let apiUrl: string;
  beforeAll(async () => {
    world = await createWorld(dialect, parseCompatSdks("latchkey")[0]);
    const port = await freePort();
    apiUrl = `http://127.0.0.1:${port}`;
    api = startExample("node-api-jwks", {
      PORT: String(port),
      LATCHKEY_URL: world.server.url,
      LATCHKEY_PROJECT_ID: world.projectId,
      LATCHKEY_PUBLISHABLE_CLIENT_KEY: world.keys.publishableClientKey,
      LATCHKEY_SECRET_SERVER_KEY: world.keys.secretServerKey,
    });
    await api.waitFor(/API listening/);
  }, 60_000);
  afterAll(async () => {
    await api?.[Symbol.asyncDispose]();
    await world?.[Symbol.asyncDispose]();
  });

  const whoami = (how: "sdk" | "jose", headers: Record<string, string> = {}) => fetch(`${apiUrl}/whoami/${how}`, { headers });

  it("accepts a signed-in user's access token both ways, and refuses missing and forged tokens", async () => {
    const app = new StackClientApp({ baseUrl: world.server.url, projectId: world.projectId, publishableClientKey: world.keys.publishableClientKey, tokenStore: "memory" });
    const email = uniqueEmail("api");
    expect((await app.signUpWithCredential({ email, password: "a long example passphrase", noRedirect: true })).status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    const authHeaders = await user.getAuthHeaders();
    const { accessToken } = await user.getAuthJson();
    expect(accessToken).toBeTruthy();

    const viaSdk = await whoami("sdk", authHeaders);
    expect(viaSdk.status).toBe(200);
    expect(await viaSdk.json()).toEqual({ userId: user.id, primaryEmail: email });
    for (const headers of [authHeaders, { authorization: `Bearer ${accessToken}` }]) {
      const viaJose = await whoami("jose", headers);
      expect(viaJose.status).toBe(200);
      expect(await viaJose.json()).toMatchObject({ userId: user.id });
    }

    const [header, payload] = accessToken!.split(".");
    const forged = `${header}.${payload}.${"A".repeat(86)}`;
    for (const how of ["sdk", "jose"] as const) expect((await whoami(how)).status).toBe(401);
    expect((await whoami("jose", { authorization: `Bearer ${forged}` })).status).toBe(401);
    expect((await whoami("sdk", { "x-stack-auth": JSON.stringify({ accessToken: forged, refreshToken: "not-a-refresh-token" }) })).status).toBe(401);
    // Signed out: the SDK finds no user behind the session any more.
    await user.signOut();
    expect((await whoami("sdk", authHeaders)).status).toBe(401);
    expect((await fetch(`${apiUrl}/nowhere`)).status).toBe(404);
  }, 60_000);

  // Issue 36, item 4: an API that reaches the server under another name than its public one (127.0.0.1
  // for localhost, a container's service name) fetches the JWKS there and checks the public issuer; left
  // unset, the 401 names both issuers.
  it("verifies where the server is reached at 127.0.0.1 while its public URL says localhost, and names an issuer mismatch", async () => {
    const publicUrl = world.server.url;
    expect(new URL(publicUrl).hostname).toBe("localhost");
    const reachedAt = publicUrl.replace("//localhost:", "//127.0.0.1:");
    const app = new StackClientApp({ baseUrl: reachedAt, projectId: world.projectId, publishableClientKey: world.keys.publishableClientKey, tokenStore: "memory" });
    expect((await app.signUpWithCredential({ email: uniqueEmail("api-internal"), password: "a long example passphrase", noRedirect: true })).status).toBe("ok");
    const user = await app.getUser({ or: "throw" });
    const { accessToken } = await user.getAuthJson();
    const bearer = { authorization: `Bearer ${accessToken}` };

    const start = async (env: Record<string, string>) => {
      const port = await freePort();
      const example = startExample("node-api-jwks", {
        PORT: String(port),
        LATCHKEY_PROJECT_ID: world.projectId,
        LATCHKEY_PUBLISHABLE_CLIENT_KEY: world.keys.publishableClientKey,
        LATCHKEY_SECRET_SERVER_KEY: world.keys.secretServerKey,
        ...env,
      });
      await example.waitFor(/API listening/);
      return Object.assign(example, { url: `http://127.0.0.1:${port}` });
    };

    await using declared = await start({ LATCHKEY_URL: reachedAt, LATCHKEY_PUBLIC_URL: publicUrl });
    const viaInternal = await fetch(`${declared.url}/whoami/jose`, { headers: bearer });
    expect(viaInternal.status).toBe(200);
    expect(await viaInternal.json()).toMatchObject({ userId: user.id });
    expect((await fetch(`${declared.url}/whoami/sdk`, { headers: await user.getAuthHeaders() })).status).toBe(200);

    await using undeclared = await start({ LATCHKEY_URL: reachedAt });
    const refused = await fetch(`${undeclared.url}/whoami/jose`, { headers: bearer });
    expect(refused.status).toBe(401);
    const path = `/api/v1/projects/${world.projectId}`;
    expect(await refused.json()).toEqual({
      error: `token issued by ${publicUrl}${path}, expected ${reachedAt}${path} (set LATCHKEY_PUBLIC_URL to the server's public URL)`,
    });
  }, 60_000);
});
