/**
 * The OAuth flow's defences and housekeeping, over HTTP against local providers: the browser-binding
 * cookie (authorize 307 sets it, the callback 303 needs it and clears it), provider calls under the
 * outbound address rule, the OpenID Connect nonce, the sweep of expired flows and codes, two
 * simultaneous first sign-ins of one provider account, and `POST /users` with `oauth_providers`.
 */
import { describe, expect, it } from "vitest";
import { sweepExpiredFlows } from "../../../../server/services/oauth/flow.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../../support/instance.js";
import { expectKnownError, expectStatusError } from "../../../support/known-errors.js";
import { startOidcProvider } from "../../../support/oidc-provider.js";
import { APP_ORIGIN, authorizePath, pkcePair, redeem } from "../../../support/oauth-browser.js";
import { startStandIns } from "../../../support/oauth-stand-ins.js";
import { oauthWorld, providerCredentials, signInWith, standardProvider } from "./support.js";

const ada = { id: "1001", email: "ada@example.com", emailVerified: true, name: "Ada" };

/** Our answer to the authorize request: the provider URL, and the binding cookie as a browser sends it back. */
async function authorize(lk: TestInstance, path: string) {
  const res = await lk.app.request(`/api/v1${path}`, { redirect: "manual" });
  const setCookies = res.headers.getSetCookie();
  return { res, location: res.headers.get("location"), setCookies, cookie: setCookies.map((line) => line.split(";")[0]!).join("; ") };
}

/**
 * Follows redirects at the provider (keeping its cookies) from `url` until it sends the browser back to
 * our callback; answers that callback's path under /api/v1.
 */
async function throughProvider(lk: TestInstance, url: string): Promise<string> {
  const jar = new Map<string, string>();
  let next = url;
  for (let step = 0; step < 20; step++) {
    if (next.startsWith(lk.deps.config.publicUrl)) return next.slice(`${lk.deps.config.publicUrl}/api/v1`.length);
    const res = await fetch(next, { redirect: "manual", headers: jar.size > 0 ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`The provider answered ${res.status} without a redirect: ${await res.text()}`);
    next = new URL(location, next).toString();
  }
  throw new Error("The provider did not send the browser back");
}

async function callback(lk: TestInstance, path: string, cookie?: string) {
  return lk.call("GET", path, cookie === undefined ? {} : { headers: { cookie } });
}

describe.each(testDialects)("OAuth flow defences on %s", (dialect) => {
  it("binds the flow to the browser: 307 with an HttpOnly cookie, 303 back only with it, the cookie cleared", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    const { verifier, challenge } = pkcePair();
    world.standIns.next("github", ada);
    const start = await authorize(world.lk, authorizePath("github", world.project, { challenge, state: "app-state" }));
    expect(start.res.status).toBe(307);
    expect(start.setCookies).toHaveLength(1);
    const [pair, ...attributes] = start.setCookies[0]!.split("; ");
    const providerState = new URL(start.location!).searchParams.get("state")!;
    expect(pair!.startsWith(`stack-oauth-inner-${providerState}=`)).toBe(true);
    // Served over http here: no Secure flag (browsers would drop the cookie), Lax for the top-level redirect back.
    expect(attributes.filter((a) => !a.startsWith("Expires=")).sort()).toEqual(["HttpOnly", "Max-Age=600", "Path=/", "SameSite=Lax"]);

    const back = await throughProvider(world.lk, start.location!);
    // Another browser (no cookie, or someone else's value) is refused, and the flow stays usable.
    expectStatusError(await callback(world.lk, back), 400, "oauthFlowNotFound");
    expectStatusError(await callback(world.lk, back, `stack-oauth-inner-${providerState}=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`), 400, "oauthFlowNotFound");
    expectStatusError(await callback(world.lk, back, `stack-oauth-inner-other=${pair!.split("=")[1]}`), 400, "oauthFlowNotFound");

    const done = await callback(world.lk, back, start.cookie);
    expect(done.status).toBe(303);
    const appUrl = new URL(done.headers.get("location")!);
    expect(appUrl.searchParams.get("state")).toBe("app-state");
    expect(done.headers.getSetCookie()).toEqual([`stack-oauth-inner-${providerState}=; Path=/; Expires=${world.lk.deps.clock.now().toUTCString()}; Max-Age=0; HttpOnly; SameSite=Lax`]);
    expect((await redeem(world.lk, world.project, appUrl, verifier)).body).toMatchObject({ is_new_user: true });
    // Spent: the same callback again finds no flow.
    expectStatusError(await callback(world.lk, back, start.cookie), 400, "oauthFlowNotFound");
  });

  it("redirects known errors of the callback to the error page with 303", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    world.standIns.next("github", "deny");
    const start = await authorize(world.lk, authorizePath("github", world.project, { challenge: pkcePair().challenge, state: "s" }));
    const done = await callback(world.lk, await throughProvider(world.lk, start.location!), start.cookie);
    expect(done.status).toBe(303);
    const errorPage = new URL(done.headers.get("location")!);
    expect([errorPage.origin, errorPage.searchParams.get("errorCode")]).toEqual([APP_ORIGIN, "OAUTH_PROVIDER_ACCESS_DENIED"]);
  });

  it("calls providers under the outbound rule: configured stand-ins on loopback work, a project's loopback issuer is refused", async () => {
    await using standIns = await startStandIns(providerCredentials);
    await using lk = await createTestInstance(dialect, { allowPrivateOutbound: false, oauth: { providerBaseUrls: { github: `${standIns.url}/github` }, sharedCredentials: {} }, logLevel: "silent" });
    await using idp = await startOidcProvider({ ...providerCredentials, redirectUris: [`${lk.deps.config.publicUrl}/api/v1/auth/oauth/callback/corp`] });
    const project = await lk.createProject({
      configOverride: {
        "auth.oauth.providers.github": standardProvider("github"),
        "auth.oauth.providers.corp": standardProvider("oidc", { issuerUrl: idp.issuer }),
      },
    });
    // The operator pointed github at the stand-in: allowed although it is on loopback.
    standIns.next("github", ada);
    const { verifier, challenge } = pkcePair();
    const start = await authorize(lk, authorizePath("github", project, { challenge, state: "s" }));
    const done = await callback(lk, await throughProvider(lk, start.location!), start.cookie);
    expect((await redeem(lk, project, new URL(done.headers.get("location")!), verifier)).status).toBe(200);
    // A project's own issuer URL on loopback is a private target: discovery is refused.
    const refused = await lk.call("GET", authorizePath("corp", project, { challenge, state: "s2" }));
    expectStatusError(refused, 400, "oauthProviderFailed");
  });

  it("sends OpenID Connect providers a nonce and refuses an ID token without the flow's nonce", async () => {
    await using idp = await startOidcProvider({ ...providerCredentials, redirectUris: ["http://localhost:8102/api/v1/auth/oauth/callback/corp"] });
    await using world = await oauthWorld(dialect, ["github"], { "auth.oauth.providers.corp": standardProvider("oidc", { issuerUrl: idp.issuer }) });
    const { lk, project } = world;
    const { verifier, challenge } = pkcePair();

    const plain = await authorize(lk, authorizePath("github", project, { challenge, state: "s0" }));
    expect(new URL(plain.location!).searchParams.has("nonce")).toBe(false);

    idp.next({ sub: "corp-7", email: "kay@corp.example", email_verified: true });
    const good = await authorize(lk, authorizePath("corp", project, { challenge, state: "s1" }));
    expect(new URL(good.location!).searchParams.get("nonce")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const goodEnd = await callback(lk, await throughProvider(lk, good.location!), good.cookie);
    expect((await redeem(lk, project, new URL(goodEnd.headers.get("location")!), verifier)).status).toBe(200);

    // The provider is asked with another nonce than the flow's: its ID token does not match the flow.
    idp.next({ sub: "corp-7", email: "kay@corp.example", email_verified: true });
    const forged = await authorize(lk, authorizePath("corp", project, { challenge, state: "s2" }));
    const forgedUrl = new URL(forged.location!);
    forgedUrl.searchParams.set("nonce", "a-nonce-of-another-flow-0000000000000000000");
    expectStatusError(await callback(lk, await throughProvider(lk, forgedUrl.toString()), forged.cookie), 400, "oauthProviderFailed");
  });

  it("sweeps long-expired flows and expired authorization codes, a bounded amount at a time", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    const { lk, project } = world;
    const { challenge } = pkcePair();
    const stale = await authorize(lk, authorizePath("github", project, { challenge, state: "old" }));
    world.standIns.next("github", ada);
    const finished = await authorize(lk, authorizePath("github", project, { challenge, state: "done" }));
    expect((await callback(lk, await throughProvider(lk, finished.location!), finished.cookie)).status).toBe(303);
    const staleState = new URL(stale.location!).searchParams.get("state")!;

    // Within the first hour after expiry the flow is kept: a late callback learns it timed out.
    lk.clock.advance(30 * 60 * 1000);
    expect(await sweepExpiredFlows(lk.deps, true)).toEqual({ flows: 0, codes: 1 });
    const late = await callback(lk, `/auth/oauth/callback/github?code=c&state=${staleState}`, stale.cookie);
    expect([late.status, new URL(late.headers.get("location")!).searchParams.get("errorCode")]).toEqual([303, "OUTER_OAUTH_TIMEOUT"]);

    lk.clock.advance(60 * 60 * 1000);
    // One sweep deletes at most its limit.
    expect(await lk.deps.queries.oauth.deleteExpiredFlows(new Date(lk.clock.now().getTime() - 60 * 60 * 1000), 1)).toBe(1);
    // The next authorize sweeps (at most once a minute): both flows are gone.
    expect((await authorize(lk, authorizePath("github", project, { challenge, state: "new" }))).res.status).toBe(307);
    expectStatusError(await callback(lk, `/auth/oauth/callback/github?code=c&state=${staleState}`, stale.cookie), 400, "oauthFlowNotFound");
    // Nothing left for a forced sweep: the authorize's sweep took the other flow.
    expect(await sweepExpiredFlows(lk.deps, true)).toEqual({ flows: 0, codes: 0 });
  });

  it("makes one user when two first sign-ins of one provider account finish at once", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    const { lk, project } = world;
    const flows: Array<{ verifier: string; challenge: string; cookie: string; back: string }> = [];
    for (const state of ["a", "b"]) {
      const pair = pkcePair();
      world.standIns.next("github", ada);
      const start = await authorize(lk, authorizePath("github", project, { challenge: pair.challenge, state }));
      flows.push({ ...pair, cookie: start.cookie, back: await throughProvider(lk, start.location!) });
    }
    const ends = await Promise.all(flows.map((flow) => callback(lk, flow.back, flow.cookie)));
    expect(ends.map((end) => end.status)).toEqual([303, 303]);
    const tokens = await Promise.all(ends.map((end, i) => redeem(lk, project, new URL(end.headers.get("location")!), flows[i]!.verifier)));
    expect(tokens.map((t) => t.status)).toEqual([200, 200]);
    expect(tokens[0]!.body.user_id).toBe(tokens[1]!.body.user_id);
    expect(tokens.map((t) => t.body.is_new_user).sort()).toEqual([false, true]);
    const users = await lk.call("GET", "/users", { access: "server", project });
    expect(users.body.items).toHaveLength(1);
    const links = await lk.call("GET", `/oauth-providers?user_id=${tokens[0]!.body.user_id}`, { access: "server", project });
    expect(links.body.items).toHaveLength(1);
  });
});

describe.each(testDialects)("POST /users with oauth_providers on %s", (dialect) => {
  it("links the given provider accounts, which then sign the user in", async () => {
    await using world = await oauthWorld(dialect, ["github", "google"]);
    const server = { access: "server" as const, project: world.project };
    const created = await world.lk.call("POST", "/users", {
      ...server,
      body: { display_name: "Ada", oauth_providers: [{ id: "github", account_id: "1001", email: "Ada@Example.com" }, { id: "google", account_id: "g-1", email: null }] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.oauth_providers).toEqual([{ id: "github", account_id: "1001", email: "ada@example.com" }, { id: "google", account_id: "g-1", email: null }]);
    const read = await world.lk.call("GET", `/users/${created.body.id}`, server);
    // Links made in the same instant are read back in id order: compare as sets.
    const byId = (items: Array<{ id: string }>) => [...items].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(read.body.oauth_providers)).toEqual(byId(created.body.oauth_providers));
    const links = await world.lk.call("GET", `/oauth-providers?user_id=${created.body.id}`, server);
    expect(links.body.items.map((l: { allow_sign_in: boolean; allow_connected_accounts: boolean }) => [l.allow_sign_in, l.allow_connected_accounts])).toEqual([[true, true], [true, true]]);

    world.standIns.next("github", ada);
    const { token } = await signInWith(world, "github");
    expect(token!.body).toMatchObject({ is_new_user: false, user_id: created.body.id });
  });

  it("refuses an unknown provider, a repeated account and an account another user signs in with, creating nobody", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    const server = { access: "server" as const, project: world.project };
    const create = (oauth_providers: unknown[]) => world.lk.call("POST", "/users", { ...server, body: { primary_email: "x@example.com", oauth_providers } });
    expectStatusError(await create([{ id: "gitlab", account_id: "1", email: null }]), 400, "userCreateOAuthProviderNotFound", { providerConfigId: "gitlab" });
    expectStatusError(await create([{ id: "github", account_id: "1", email: null }, { id: "github", account_id: "1", email: null }]), 400, "oauthProviderAccountExists");
    expectStatusError(await create([{ id: "github", account_id: "1", email: null }, { id: "github", account_id: "2", email: null }]), 400, "oauthProviderSignInTypeExists");
    const schema = await create([{ id: "github", account_id: "1" }]);
    expect(schema.status).toBe(400);
    expect((await world.lk.call("POST", "/users", { ...server, body: { oauth_providers: [{ id: "github", account_id: "1", email: null }] } })).status).toBe(201);
    expectKnownError(await create([{ id: "github", account_id: "1", email: null }]), 400, "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
    const users = await world.lk.call("GET", "/users", server);
    expect(users.body.items).toHaveLength(1);
  });
});
