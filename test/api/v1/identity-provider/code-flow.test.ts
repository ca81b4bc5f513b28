/**
 * The project as an identity provider (issue 40), in-process: the code flow with PKCE through the consent
 * page (the user's session is the hosted pages' refresh-token cookie), ID token and userinfo, refresh
 * rotation with reuse detection, revocation, and the negative cases of the authorization and token endpoints.
 */
import { createHash, randomBytes } from "node:crypto";
import { createLocalJWKSet, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";

const redirectUri = "https://rp.example.com/callback";

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

async function setUp(lk: TestInstance) {
  const project = await lk.createProject();
  const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email: "ada@example.com", password: "a fine password", verification_callback_url: "http://localhost:3000/verify" } });
  expect(signUp.status).toBe(200);
  const created = await lk.call("POST", "/internal/oauth-clients", {
    access: "admin",
    project,
    body: { name: "Partner app", type: "confidential", redirect_uris: [redirectUri], allowed_scopes: ["openid", "profile", "email", "offline_access"] },
  });
  expect(created.status).toBe(201);
  const cookie = `stack-refresh-${project.id}=${encodeURIComponent(signUp.body.refresh_token)}`;
  return { project, userId: signUp.body.user_id as string, client: { id: created.body.client_id as string, secret: created.body.client_secret as string }, cookie };
}

const base = (project: ProjectCredentials) => `/api/v1/projects/${project.id}`;

function authorizeUrl(project: ProjectCredentials, clientId: string, challenge: string, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, scope: "openid profile email offline_access", state: "s1", nonce: "n1", code_challenge: challenge, code_challenge_method: "S256", ...extra });
  return `${base(project)}/oauth2/authorize?${query}`;
}

/** Follows the authorize redirect to the consent page and allows it; returns the code. */
async function authorize(lk: TestInstance, setup: Awaited<ReturnType<typeof setUp>>, challenge: string) {
  const first = await lk.app.request(authorizeUrl(setup.project, setup.client.id, challenge), { headers: { cookie: setup.cookie } });
  expect(first.status).toBe(302);
  const consentPath = first.headers.get("location")!;
  expect(consentPath).toMatch(/^\/handler\/oauth2\/consent\?/);
  const page = await lk.app.request(consentPath, { headers: { cookie: setup.cookie } });
  // A consent given before for these scopes is remembered: straight back to the client.
  if (page.status === 302) return new URL(page.headers.get("location")!).searchParams.get("code")!;
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Partner app");
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)![1]!.replace(/&amp;/g, "&");
  const post = await lk.app.request(`/handler/oauth2/consent?project_id=${setup.project.id}`, {
    method: "POST",
    headers: { cookie: setup.cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ request: field("request"), csrf: field("csrf"), decision: "allow" }).toString(),
  });
  expect(post.status).toBe(303);
  const back = new URL(post.headers.get("location")!);
  expect(back.origin + back.pathname).toBe(redirectUri);
  expect(back.searchParams.get("state")).toBe("s1");
  return back.searchParams.get("code")!;
}

async function token(lk: TestInstance, project: ProjectCredentials, client: { id: string; secret: string }, form: Record<string, string>) {
  const res = await lk.app.request(`${base(project)}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}` },
    body: new URLSearchParams(form).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe.each(testDialects)("identity provider code flow on %s", (dialect) => {
  it("issues verified ID tokens, serves userinfo, rotates refresh tokens and revokes a reused grant", async () => {
    await using lk = await createTestInstance(dialect);
    const setup = await setUp(lk);
    const { verifier, challenge } = pkce();
    const code = await authorize(lk, setup, challenge);
    const tokens = await token(lk, setup.project, setup.client, { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier });
    expect(tokens.status).toBe(200);

    const discovery = await (await lk.app.request(`${base(setup.project)}/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(`${lk.deps.config.publicUrl}${base(setup.project)}`);
    const jwks = await (await lk.app.request(`${base(setup.project)}/.well-known/jwks.json`)).json();
    const { payload } = await jwtVerify(tokens.body.id_token, createLocalJWKSet(jwks), { issuer: discovery.issuer, audience: setup.client.id, currentDate: lk.clock.now() });
    expect(payload).toMatchObject({ sub: setup.userId, email: "ada@example.com", nonce: "n1" });
    expect(typeof payload.at_hash).toBe("string");

    const info = await lk.app.request(`${base(setup.project)}/oauth2/userinfo`, { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(await info.json()).toMatchObject({ sub: setup.userId, email: "ada@example.com" });

    // Our own API refuses the client's access token.
    const own = await lk.call("GET", "/users/me", { access: "client", project: setup.project, headers: { "x-stack-access-token": tokens.body.access_token } });
    expect(own.status).toBe(401);

    const rotated = await token(lk, setup.project, setup.client, { grant_type: "refresh_token", refresh_token: tokens.body.refresh_token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(tokens.body.refresh_token);
    const reused = await token(lk, setup.project, setup.client, { grant_type: "refresh_token", refresh_token: tokens.body.refresh_token });
    expect([reused.status, reused.body.error]).toEqual([400, "invalid_grant"]);
    // The reuse revoked the grant: the newer token is dead too.
    const afterReuse = await token(lk, setup.project, setup.client, { grant_type: "refresh_token", refresh_token: rotated.body.refresh_token });
    expect([afterReuse.status, afterReuse.body.error]).toEqual([400, "invalid_grant"]);

    // A replayed code is refused.
    const replay = await token(lk, setup.project, setup.client, { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier });
    expect([replay.status, replay.body.error]).toEqual([400, "invalid_grant"]);
  });

  it("refuses a missing or wrong PKCE verifier and unregistered redirect URIs", async () => {
    await using lk = await createTestInstance(dialect);
    const setup = await setUp(lk);
    const { challenge } = pkce();
    const code = await authorize(lk, setup, challenge);
    const missing = await token(lk, setup.project, setup.client, { grant_type: "authorization_code", code, redirect_uri: redirectUri });
    expect([missing.status, missing.body.error]).toEqual([400, "invalid_grant"]);
    const code2 = await authorize(lk, setup, challenge);
    const wrong = await token(lk, setup.project, setup.client, { grant_type: "authorization_code", code: code2, redirect_uri: redirectUri, code_verifier: pkce().verifier });
    expect([wrong.status, wrong.body.error]).toEqual([400, "invalid_grant"]);
    for (const trick of [`${redirectUri}/extra`, `${redirectUri}?x=1`, "https://rp.example.com/callbackx", "https://rp.example.com.evil.test/callback"]) {
      const res = await lk.app.request(authorizeUrl(setup.project, setup.client.id, challenge, { redirect_uri: trick }), { headers: { cookie: setup.cookie } });
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
    }
  });

  it("answers prompt=none without a session and a scope beyond the client's at the redirect URI", async () => {
    await using lk = await createTestInstance(dialect);
    const setup = await setUp(lk);
    const { challenge } = pkce();
    const none = await lk.app.request(authorizeUrl(setup.project, setup.client.id, challenge, { prompt: "none" }));
    expect(new URL(none.headers.get("location")!).searchParams.get("error")).toBe("login_required");
    const scope = await lk.app.request(authorizeUrl(setup.project, setup.client.id, challenge, { scope: "openid admin" }), { headers: { cookie: setup.cookie } });
    expect(new URL(scope.headers.get("location")!).searchParams.get("error")).toBe("invalid_scope");
  });

  it("refuses a client of project A at project B", async () => {
    await using lk = await createTestInstance(dialect);
    const a = await setUp(lk);
    const b = await lk.createProject();
    const { challenge } = pkce();
    const res = await lk.app.request(authorizeUrl(b, a.client.id, challenge));
    expect(res.status).toBe(400);
    const tokenAtB = await token(lk, b, a.client, { grant_type: "client_credentials" });
    expect([tokenAtB.status, tokenAtB.body.error]).toEqual([401, "invalid_client"]);
  });
});
