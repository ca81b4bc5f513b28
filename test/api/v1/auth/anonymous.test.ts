/**
 * Anonymous users (otp-and-cli.md §3, headers-and-auth.md §3–4): sign-up without a body, tokens with
 * the `<project>:anon` audience that need x-stack-allow-anonymous-user, hidden from user lists, and
 * upgraded in place by a password sign-up.
 */
import { createLocalJWKSet, decodeJwt, jwtVerify, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";

const callback = "http://localhost:3000/handler/email-verification";
const allowAnonymous = { "x-stack-allow-anonymous-user": "true" };

function expectKnownError(res: ApiResponse, status: number, code: string) {
  expect([res.status, res.headers.get("x-stack-known-error"), res.body.code]).toEqual([status, code, code]);
}

async function signUpAnonymously(lk: TestInstance, project: ProjectCredentials) {
  // No body and no content type, as the SDK sends it.
  const res = await lk.call("POST", "/auth/anonymous/sign-up", { access: "client", project });
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(["access_token", "refresh_token", "user_id"]);
  return res.body as { access_token: string; refresh_token: string; user_id: string };
}

const asUser = (lk: TestInstance, project: ProjectCredentials, token: string, headers: Record<string, string> = {}) =>
  (method: string, path: string, body?: unknown) => lk.call(method, path, { access: "client", project, headers: { "x-stack-access-token": token, ...headers }, body });

const listIds = async (lk: TestInstance, project: ProjectCredentials, query = "") =>
  ((await lk.call("GET", `/users${query}`, { access: "server", project })).body.items as { id: string }[]).map((u) => u.id);

describe.each(testDialects)("anonymous users on %s", (dialect) => {
  it("signs up without a body and gets tokens for the <project>:anon audience", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const anon = await signUpAnonymously(lk, project);

    const claims = decodeJwt(anon.access_token);
    expect(claims).toMatchObject({ sub: anon.user_id, aud: `${project.id}:anon`, is_anonymous: true, project_id: project.id, email: null, name: null });
    const jwks = await lk.call("GET", `/projects/${project.id}/.well-known/jwks.json?include_anonymous=true`);
    const verified = await jwtVerify(anon.access_token, createLocalJWKSet({ keys: jwks.body.keys as JWK[] }), {
      issuer: `http://localhost:8102/api/v1/projects-anonymous-users/${project.id}`,
      audience: `${project.id}:anon`,
      currentDate: lk.clock.now(),
    });
    expect(verified.payload.sub).toBe(anon.user_id);
  });

  // Decision: SPEC §6 says the role claim is always "authenticated" (the reference uses "anon"); anonymous
  // tokens are told apart by the `<project>:anon` audience and `is_anonymous`, checked above.
  it("gives anonymous users' access tokens the role authenticated, as SPEC §6 fixes", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const anon = await signUpAnonymously(lk, project);
    expect(decodeJwt(anon.access_token)).toMatchObject({ role: "authenticated", is_anonymous: true });
  });

  it("needs x-stack-allow-anonymous-user: true and hides anonymous users from lists unless asked", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const anon = await signUpAnonymously(lk, project);

    expectKnownError(await asUser(lk, project, anon.access_token)("GET", "/users/me"), 401, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
    expectKnownError(await asUser(lk, project, anon.access_token, { "x-stack-allow-anonymous-user": "false" })("GET", "/users/me"), 401, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
    const me = await asUser(lk, project, anon.access_token, allowAnonymous)("GET", "/users/me");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: anon.user_id, is_anonymous: true, primary_email: null, has_password: false, display_name: null });

    const named = await lk.call("POST", "/users", { access: "server", project, body: { display_name: "Named" } });
    expect(await listIds(lk, project)).toEqual([named.body.id]);
    expect(await listIds(lk, project, "?include_anonymous=false")).toEqual([named.body.id]);
    expect((await listIds(lk, project, "?include_anonymous=true")).sort()).toEqual([anon.user_id, named.body.id].sort());
    const server = await lk.call("GET", `/users/${anon.user_id}`, { access: "server", project });
    expect(server.body.is_anonymous).toBe(true);
  });

  it("upgrades the same user when it signs up with a password while sending its anonymous token", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const anon = await signUpAnonymously(lk, project);
    const asAnon = asUser(lk, project, anon.access_token, allowAnonymous);
    expect((await asAnon("PATCH", "/users/me", { client_metadata: { cart: ["book"] } })).status).toBe(200);

    const body = { email: "ada@example.com", password: "a good password", verification_callback_url: callback };
    expectKnownError(await asUser(lk, project, anon.access_token)("POST", "/auth/password/sign-up", body), 401, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
    const upgraded = await asAnon("POST", "/auth/password/sign-up", body);
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.user_id).toBe(anon.user_id);
    expect(decodeJwt(upgraded.body.access_token)).toMatchObject({ sub: anon.user_id, aud: project.id, is_anonymous: false, email: "ada@example.com" });

    const me = await asUser(lk, project, upgraded.body.access_token)("GET", "/users/me");
    expect(me.body).toMatchObject({ id: anon.user_id, is_anonymous: false, primary_email: "ada@example.com", has_password: true, client_metadata: { cart: ["book"] } });
    expect(await listIds(lk, project)).toEqual([anon.user_id]);
    expect(await listIds(lk, project, "?include_anonymous=true")).toEqual([anon.user_id]);
    const signIn = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "ada@example.com", password: "a good password" } });
    expect(signIn.body.user_id).toBe(anon.user_id);
  });
});
