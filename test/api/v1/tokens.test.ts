/**
 * Access tokens and the token endpoint over HTTP (tokens-and-sessions.md §2–3): tokens verify against
 * the published JWKS with a standard library, carry the documented claims, and every forged, foreign,
 * malformed or expired token is refused with its own known error.
 */
import { createPublicKey, randomUUID } from "node:crypto";
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import { signJwt } from "../../../server/services/tokens/jwt.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";

const callback = "http://localhost:3000/handler/email-verification";

function expectKnownError(res: ApiResponse, status: number, code: string, details?: Record<string, unknown>) {
  expect([res.status, res.headers.get("x-stack-known-error"), res.body.code]).toEqual([status, code, code]);
  if (details !== undefined) expect(res.body.details).toEqual(details);
}

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string) {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: "a good password", verification_callback_url: callback } });
  expect(res.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string; user_id: string };
}

/** GET /users/me as a client of `project` carrying `token`. */
const me = (lk: TestInstance, project: ProjectCredentials, token: string) =>
  lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": token } });

const refresh = (lk: TestInstance, body: Record<string, string>, headers: Record<string, string> = {}) =>
  lk.call("POST", "/auth/oauth/token", { form: true, body: { grant_type: "refresh_token", ...body }, headers });

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

async function fetchJwks(lk: TestInstance, projectId: string) {
  const res = await lk.call("GET", `/projects/${projectId}/.well-known/jwks.json`);
  expect(res.status).toBe(200);
  return res;
}

describe.each(testDialects)("access tokens on %s", (dialect) => {
  it("verifies against the published JWKS with jose and carries the documented claims", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "teams.createPersonalTeamOnSignUp": true } });
    const user = await signUp(lk, project, "Ada@Example.com");
    const renamed = await lk.call("PATCH", "/users/me", { access: "client", project, headers: { "x-stack-access-token": user.access_token }, body: { display_name: "Ada Lovelace" } });
    expect(renamed.status).toBe(200);
    const refreshed = await refresh(lk, { refresh_token: user.refresh_token, client_id: project.id, client_secret: project.keys.publishableClientKey });
    expect(refreshed.status).toBe(200);
    const token = refreshed.body.access_token as string;

    const jwks = await fetchJwks(lk, project.id);
    expect(jwks.headers.get("cache-control")).toBe("public, max-age=3600");
    const keys = jwks.body.keys as JWK[];
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: "EC", alg: "ES256", crv: "P-256", kid: expect.any(String), x: expect.any(String), y: expect.any(String) });
      expect(key).not.toHaveProperty("d");
    }
    const unknown = await lk.call("GET", `/projects/${randomUUID()}/.well-known/jwks.json`);
    expectStatusError(unknown, 404, "projectNotFoundPlain");
    expect(decodeProtectedHeader(token)).toEqual({ alg: "ES256", kid: keys[0]!.kid, typ: "JWT" });

    const issuer = `http://localhost:8102/api/v1/projects/${project.id}`;
    const { payload } = await jwtVerify(token, createLocalJWKSet({ keys }), { issuer, audience: project.id, currentDate: lk.clock.now() });
    const sessions = await lk.call("GET", "/auth/sessions?user_id=me", { access: "client", project, headers: { "x-stack-access-token": token } });
    expect(sessions.body.items).toHaveLength(1);
    const current = await me(lk, project, token);
    expect(current.body.selected_team_id).toMatch(/^[0-9a-f-]{36}$/);
    const iat = Math.floor(lk.clock.now().getTime() / 1000);
    expect(payload).toEqual({
      sub: user.user_id,
      iat,
      exp: iat + 600,
      iss: issuer,
      aud: project.id,
      project_id: project.id,
      branch_id: "main",
      refresh_token_id: sessions.body.items[0].id,
      role: "authenticated",
      name: "Ada Lovelace",
      email: "ada@example.com",
      email_verified: false,
      selected_team_id: current.body.selected_team_id,
      is_anonymous: false,
    });
  });

  it("refuses forged, foreign, malformed and oversized tokens with UNPARSABLE_ACCESS_TOKEN", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    const grace = await signUp(lk, project, "grace@example.com");
    const [header, payload, signature] = ada.access_token.split(".") as [string, string, string];
    const claims = decodeJwt(ada.access_token);
    const { kid } = decodeProtectedHeader(ada.access_token);
    const [ourJwk] = (await fetchJwks(lk, project.id)).body.keys as JWK[];
    const publicPem = createPublicKey({ key: ourJwk as Record<string, string>, format: "jwk" }).export({ type: "spki", format: "pem" });
    const stranger = await generateKeyPair("ES256");
    const ourKey = await lk.deps.signingKeys.current(project.id);

    // Control: a token minted here from the same claims with the project's own key is accepted.
    expect((await me(lk, project, await signJwt(claims, ourKey.kid, ourKey.privateKey))).body.id).toBe(ada.user_id);

    const forged: Record<string, string> = {
      "tampered payload": `${header}.${b64url({ ...claims, sub: grace.user_id })}.${signature}`,
      "alg none": `${b64url({ alg: "none", kid, typ: "JWT" })}.${payload}.`,
      "HS256 keyed with the public key": await new SignJWT(claims).setProtectedHeader({ alg: "HS256", kid, typ: "JWT" }).sign(Buffer.from(publicPem)),
      "a stranger's key under an unknown kid": await new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: "not-our-key0", typ: "JWT" }).sign(stranger.privateKey),
      "a stranger's key under our kid": await new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid, typ: "JWT" }).sign(stranger.privateKey),
      garbage: "this is not a token",
      "three garbage segments": "a.b.c",
      "over 8 KB, validly signed": await signJwt({ ...claims, padding: "x".repeat(9000) }, ourKey.kid, ourKey.privateKey),
      "the refresh token": ada.refresh_token,
    };
    expect(await exportJWK(stranger.publicKey)).not.toEqual(ourJwk);
    for (const [name, token] of Object.entries(forged)) {
      const res = await me(lk, project, token);
      expect([name, res.status, res.body.code]).toEqual([name, 401, "UNPARSABLE_ACCESS_TOKEN"]);
    }
  });

  it("answers ACCESS_TOKEN_EXPIRED with the expiry time once ten minutes have passed", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await signUp(lk, project, "ada@example.com");
    const { exp } = decodeJwt(user.access_token);

    lk.clock.advance(599_000);
    expect((await me(lk, project, user.access_token)).status).toBe(200);
    lk.clock.advance(1_001);
    expectKnownError(await me(lk, project, user.access_token), 401, "ACCESS_TOKEN_EXPIRED", { expired_at_millis: exp! * 1000 });
  });

  it("refuses a token of project A sent with project B's id and keys", async () => {
    await using lk = await createTestInstance(dialect);
    const a = await lk.createProject();
    const b = await lk.createProject();
    const user = await signUp(lk, a, "ada@example.com");
    expectKnownError(await me(lk, b, user.access_token), 401, "INVALID_PROJECT_FOR_ACCESS_TOKEN", { expected_project_id: b.id, actual_project_id: a.id });
  });
});

describe.each(testDialects)("token endpoint on %s", (dialect) => {
  it("refuses a wrong client secret, accepts HTTP Basic, and keeps refresh tokens inside their project", async () => {
    await using lk = await createTestInstance(dialect);
    const a = await lk.createProject();
    const b = await lk.createProject();
    const user = await signUp(lk, a, "ada@example.com");

    const wrong = await refresh(lk, { refresh_token: user.refresh_token, client_id: a.id, client_secret: b.keys.publishableClientKey });
    expectKnownError(wrong, 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: a.id });

    const basic = Buffer.from(`${a.id}:${a.keys.publishableClientKey}`).toString("base64");
    const viaBasic = await refresh(lk, { refresh_token: user.refresh_token }, { authorization: `Basic ${basic}` });
    expect(viaBasic.status).toBe(200);
    expect(viaBasic.body).toEqual({ access_token: expect.any(String), token_type: "Bearer", expires_in: 600, scope: "legacy" });
    expect((await me(lk, a, viaBasic.body.access_token)).body.id).toBe(user.user_id);

    const wrongBasic = Buffer.from(`${a.id}:pck_wrong`).toString("base64");
    expectKnownError(await refresh(lk, { refresh_token: user.refresh_token }, { authorization: `Basic ${wrongBasic}` }), 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: a.id });

    const crossProject = await refresh(lk, { refresh_token: user.refresh_token, client_id: b.id, client_secret: b.keys.publishableClientKey });
    expectKnownError(crossProject, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    const unknown = await refresh(lk, { refresh_token: randomUUID(), client_id: a.id, client_secret: a.keys.publishableClientKey });
    expectKnownError(unknown, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  // Regression: Pragma: no-cache was missing (RFC 6749 §5.1 asks for it next to Cache-Control: no-store).
  it("answers token requests with Cache-Control no-store and Pragma no-cache", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await signUp(lk, project, "ada@example.com");
    const res = await refresh(lk, { refresh_token: user.refresh_token, client_id: project.id, client_secret: project.keys.publishableClientKey });
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("pragma")).toBe("no-cache");
  });
});
