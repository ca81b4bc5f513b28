/**
 * Signing-key rotation: the standby key of each set signs after a rotation, a new standby key is
 * published, and the retired key stays in the JWKS until every token it signed has expired. Tokens
 * signed before keep verifying, refresh keeps working, other projects are untouched, other processes
 * switch once their cached project row is refreshed, and only admins may rotate.
 */
import { SignJWT, createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JWK } from "jose";
import { describe, expect, it } from "vitest";
import { createApp } from "../../../../server/app.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, testDeps, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";

const callback = "http://localhost:3000/handler/email-verification";
/** The test instances' access-token lifetime (testServerConfig) and the retired keys' grace beyond it (deps.ts). */
const LIFETIME_MS = 600_000;
const GRACE_MS = 60_000;

type KeyState = { kid: string; key_set: "regular" | "anonymous"; status: string; retired_at_millis: number | null; published_until_millis: number | null };

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string) {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: "a good password", verification_callback_url: callback } });
  expect(res.status, res.text).toBe(200);
  return res.body as { access_token: string; refresh_token: string };
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid!;
const jwksKids = async (lk: TestInstance, projectId: string) =>
  ((await lk.call("GET", `/projects/${projectId}/.well-known/jwks.json?include_anonymous=true`)).body.keys as JWK[]).map((k) => k.kid);
const me = (lk: TestInstance, project: ProjectCredentials, token: string) =>
  lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": token } });
const refreshVia = (lk: Pick<TestInstance, "call">, project: ProjectCredentials, refreshToken: string) =>
  lk.call("POST", "/auth/sessions/current/refresh", { access: "client", project, headers: { "x-stack-refresh-token": refreshToken } });
const rotate = (lk: TestInstance, project: ProjectCredentials) => lk.call("POST", "/internal/projects/current/signing-keys/rotate", { access: "admin", project, body: {} });
const keysOf = async (lk: TestInstance, project: ProjectCredentials) =>
  (await lk.call("GET", "/internal/projects/current/signing-keys", { access: "admin", project })).body.keys as KeyState[];
const signingKid = (keys: KeyState[], set: "regular" | "anonymous") => keys.find((k) => k.key_set === set && k.status === "signing")!.kid;
const standbyKid = (keys: KeyState[], set: "regular" | "anonymous") => keys.find((k) => k.key_set === set && k.status === "standby")!.kid;

describe.each(testDialects)("signing-key rotation on %s", (dialect) => {
  it("promotes the standby key, publishes a new standby and keeps the retired key until its tokens expired", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    const before = await keysOf(lk, project);
    expect(before.map((k) => [k.key_set, k.status])).toEqual([["regular", "signing"], ["regular", "standby"], ["anonymous", "signing"], ["anonymous", "standby"]]);
    const oldKid = kidOf(ada.access_token);
    expect(oldKid).toBe(signingKid(before, "regular"));
    const oldJwks = await lk.call("GET", `/projects/${project.id}/.well-known/jwks.json?include_anonymous=true`);
    expect(oldJwks.body.keys.map((k: JWK) => k.kid)).toEqual(before.map((k) => k.kid));

    const rotatedAt = lk.clock.now().getTime();
    const res = await rotate(lk, project);
    expect(res.status, res.text).toBe(200);
    const after = res.body.keys as KeyState[];
    expect(after).toEqual(await keysOf(lk, project));
    for (const set of ["regular", "anonymous"] as const) {
      expect(signingKid(after, set)).toBe(standbyKid(before, set));
      expect(before.map((k) => k.kid)).not.toContain(standbyKid(after, set));
      expect(after.find((k) => k.kid === signingKid(before, set))).toMatchObject({ status: "retired", retired_at_millis: rotatedAt, published_until_millis: rotatedAt + LIFETIME_MS + GRACE_MS });
    }
    // The JWKS: signing keys, then standby, then the retired one, per set.
    const published = await jwksKids(lk, project.id);
    expect(published).toEqual(after.map((k) => k.kid));
    expect(published).toHaveLength(6);
    expect(await jwksKids(lk, project.id)).toEqual(expect.arrayContaining(before.map((k) => k.kid)));

    // The token signed before still verifies, at our server and against the published keys.
    expect((await me(lk, project, ada.access_token)).status).toBe(200);
    const verifier = createLocalJWKSet({ keys: (await lk.call("GET", `/projects/${project.id}/.well-known/jwks.json`)).body.keys as JWK[] });
    await expect(jwtVerify(ada.access_token, verifier)).resolves.toBeDefined();
    // New tokens (sign-in, refresh with an old refresh token) carry the new kid and verify too.
    const bob = await signUp(lk, project, "bob@example.com");
    expect(kidOf(bob.access_token)).toBe(signingKid(after, "regular"));
    const refreshed = await refreshVia(lk, project, ada.refresh_token);
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(kidOf(refreshed.body.access_token as string)).toBe(signingKid(after, "regular"));
    expect((await me(lk, project, refreshed.body.access_token as string)).status).toBe(200);
    const anonymous = await lk.call("POST", "/auth/anonymous/sign-up", { access: "client", project });
    expect(kidOf(anonymous.body.access_token as string)).toBe(signingKid(after, "anonymous"));

    // Once every token the retired keys signed has expired, they leave the JWKS.
    lk.clock.advance(LIFETIME_MS + GRACE_MS - 1);
    expect(await jwksKids(lk, project.id)).toHaveLength(6);
    lk.clock.advance(1);
    const expired = await jwksKids(lk, project.id);
    expect(expired).toEqual([signingKid(after, "regular"), standbyKid(after, "regular"), signingKid(after, "anonymous"), standbyKid(after, "anonymous")]);
    expect((await keysOf(lk, project)).map((k) => k.status)).toEqual(["signing", "standby", "signing", "standby"]);
    // The old token is now merely expired (not unknown), so clients refresh as usual.
    expect((await me(lk, project, ada.access_token)).body.code).toBe("ACCESS_TOKEN_EXPIRED");
  });

  it("is audited, scoped to the project, and refused to non-admins", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const other = await lk.createProject();
    const user = await signUp(lk, project, "ada@example.com");
    const otherUser = await signUp(lk, other, "ada@example.com");
    const otherBefore = await keysOf(lk, other);

    for (const access of ["client", "server"] as const) {
      const refused = await lk.call("POST", "/internal/projects/current/signing-keys/rotate", { access, project, body: {} });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect((await lk.call("GET", "/internal/projects/current/signing-keys", { access, project })).status).toBeGreaterThanOrEqual(400);
    }
    const signedIn = await lk.call("POST", "/internal/projects/current/signing-keys/rotate", {
      access: "client", project, headers: { "x-stack-access-token": user.access_token }, body: {},
    });
    expect(signedIn.status).toBeGreaterThanOrEqual(400);
    expect((await keysOf(lk, project)).map((k) => k.status)).toEqual(["signing", "standby", "signing", "standby"]);

    const before = await keysOf(lk, project);
    expect((await rotate(lk, project)).status).toBe(200);
    expect(await keysOf(lk, other)).toEqual(otherBefore);
    const otherToken = await refreshVia(lk, other, otherUser.refresh_token);
    expect(kidOf(otherToken.body.access_token as string)).toBe(signingKid(otherBefore, "regular"));

    const log = await lk.call("GET", "/internal/audit-log?event=project.signing_keys_rotated", { access: "admin", project });
    expect(log.body.items).toHaveLength(1);
    expect(log.body.items[0]).toMatchObject({
      actor: { access_type: "admin" },
      payload: {
        key_sets: [
          { key_set: "regular", retired_kids: [signingKid(before, "regular")], signing_kid: standbyKid(before, "regular"), standby_kid: expect.any(String) },
          { key_set: "anonymous", retired_kids: [signingKid(before, "anonymous")], signing_kid: standbyKid(before, "anonymous"), standby_kid: expect.any(String) },
        ],
      },
    });
    expect((await lk.call("GET", "/internal/audit-log?event=project.signing_keys_rotated", { access: "admin", project: other })).body.items).toEqual([]);
    // Private keys stay sealed at rest.
    expect(await lk.dumpDatabaseText()).not.toContain("PRIVATE KEY");
  });

  it("a second process switches to the new key once its cached project row is refreshed, without losing the old one", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    // Another server process on the same database: caches of its own.
    const other = createApp(testDeps(lk.deps.store, lk.clock));
    const otherCall = async (method: string, path: string, options: { project: ProjectCredentials; headers: Record<string, string> }) => {
      const res = await other.request(`/api/v1${path}`, {
        method,
        headers: { "x-stack-access-type": "client", "x-stack-project-id": options.project.id, "x-stack-publishable-client-key": options.project.keys.publishableClientKey, ...options.headers },
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const before = await keysOf(lk, project);
    const first = await otherCall("POST", "/auth/sessions/current/refresh", { project, headers: { "x-stack-refresh-token": ada.refresh_token } });
    expect(kidOf(first.body.access_token as string)).toBe(signingKid(before, "regular"));

    expect((await rotate(lk, project)).status).toBe(200);
    const after = await keysOf(lk, project);
    // Whatever the other process signs in the meantime verifies: the retired key is still published.
    const meanwhile = await otherCall("POST", "/auth/sessions/current/refresh", { project, headers: { "x-stack-refresh-token": ada.refresh_token } });
    expect(await jwksKids(lk, project.id)).toContain(kidOf(meanwhile.body.access_token as string));
    // Past the project cache's lifetime (2 s) it signs with the new key.
    lk.clock.advance(2_001);
    const later = await otherCall("POST", "/auth/sessions/current/refresh", { project, headers: { "x-stack-refresh-token": ada.refresh_token } });
    expect(kidOf(later.body.access_token as string)).toBe(signingKid(after, "regular"));
    expect((await otherCall("GET", "/users/me", { project, headers: { "x-stack-access-token": first.body.access_token as string } })).status).toBe(200);
  });
  it("refuses a token of a retired key that claims to outlive the key's publication (a leaked key stops working)", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    // Someone holding the signing key's private half (the reason to rotate) can sign whatever they like.
    const leaked = await lk.deps.signingKeys.current(project.id);
    const claims = decodeJwt(ada.access_token);
    const forge = (expSeconds: number) =>
      new SignJWT({ ...claims, exp: expSeconds }).setProtectedHeader({ alg: "ES256", kid: leaked.kid }).sign(leaked.privateKey);
    const nowSeconds = Math.floor(lk.clock.now().getTime() / 1000);
    const longLived = await forge(nowSeconds + 365 * 24 * 3600);
    expect((await me(lk, project, longLived)).status).toBe(200); // the key is live: its signature is all there is

    expect((await rotate(lk, project)).status).toBe(200);
    // Issued after the rotation with an expiry past the key's publication: refused, cached answer or not.
    const forgedAfter = await forge(nowSeconds + 365 * 24 * 3600 + 1);
    for (const token of [forgedAfter, longLived]) {
      const res = await me(lk, project, token);
      expect([res.status, res.body.code], token === longLived ? "cached before the rotation" : "new").toEqual([401, "UNPARSABLE_ACCESS_TOKEN"]);
    }
    // The honest token of that key keeps working until it expires.
    expect((await me(lk, project, ada.access_token)).status).toBe(200);
  });
});
