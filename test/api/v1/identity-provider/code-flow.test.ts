/**
 * The project as an identity provider (issue 40), in-process: the code flow with PKCE through the consent
 * page (the user's session is the hosted pages' refresh-token cookie), ID token and userinfo, refresh
 * rotation with reuse detection, revocation, and the negative cases of the authorization and token endpoints.
 */
import { createLocalJWKSet, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { authorize, authorizeUrl, base, pkce, redirectUri, setUp, token } from "./flow.js";

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

  it("refuses a code at another client of the same project, and the code still works for its own", async () => {
    await using lk = await createTestInstance(dialect);
    const setup = await setUp(lk);
    const other = await lk.call("POST", "/internal/oauth-clients", {
      access: "admin",
      project: setup.project,
      body: { name: "Other app", type: "confidential", redirect_uris: [redirectUri], allowed_scopes: ["openid", "profile", "email", "offline_access"] },
    });
    expect(other.status, other.text).toBe(201);
    const { verifier, challenge } = pkce();
    const code = await authorize(lk, setup, challenge);
    const stolen = await token(lk, setup.project, { id: other.body.client_id, secret: other.body.client_secret }, { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier });
    expect([stolen.status, stolen.body.error]).toEqual([400, "invalid_grant"]);
    const own = await token(lk, setup.project, setup.client, { grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier });
    expect(own.status).toBe(200);
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
