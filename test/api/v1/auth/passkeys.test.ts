/**
 * Passkeys in-process (oauth-and-passkeys-and-mfa.md §4): challenge issuance, the checks on responses
 * and the project flag. A software authenticator (ES256, "none" attestation, counters under the test's
 * control) stands in for the browser; test/browser/passkeys.test.ts drives a real one in Chromium.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { b64url, page, softAuthenticator, type Where } from "../../../support/soft-authenticator.js";

const PLACEHOLDER = "THIS_VALUE_WILL_BE_REPLACED.example.com";

function expectKnownError(res: ApiResponse, status: number, code: string) {
  expect([res.status, res.headers.get("x-stack-known-error"), res.body.code]).toEqual([status, code, code]);
}

async function setUp(lk: TestInstance, passkeys = true) {
  const project = await lk.createProject({ displayName: "Passkey Co", configOverride: { "auth.passkey.allowSignIn": passkeys } });
  const call = (method: string, path: string, body?: unknown, token?: string) =>
    lk.call(method, path, { access: "client", project, body, headers: token ? { "x-stack-access-token": token } : {} });
  return { project, call, signUp: (email: string) => signUp(lk, project, email) };
}

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string): Promise<{ access_token: string; user_id: string }> {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: "a good password" } });
  expect(res.status).toBe(200);
  return res.body;
}

type Call = Awaited<ReturnType<typeof setUp>>["call"];

async function register(call: Call, authenticator: ReturnType<typeof softAuthenticator>, token: string, where: Where & { countsFrom?: number } = {}) {
  const { options_json, code } = (await call("POST", "/auth/passkey/initiate-passkey-registration", {}, token)).body;
  const credential = authenticator.create(options_json, where);
  return { credential, res: await call("POST", "/auth/passkey/register", { credential, code }, token) };
}

async function signIn(call: Call, authenticator: ReturnType<typeof softAuthenticator>, credentialId: string, where: Where & { counter?: number; userVerified?: boolean } = {}) {
  const { options_json, code } = (await call("POST", "/auth/passkey/initiate-passkey-authentication", {})).body;
  return call("POST", "/auth/passkey/sign-in", { authentication_response: authenticator.get(options_json, credentialId, where), code });
}

describe.each(testDialects)("passkeys on %s", (dialect) => {
  it("issues registration options with the placeholder RP id, the user handle and a 45-character code", async () => {
    await using lk = await createTestInstance(dialect);
    const { call, signUp } = await setUp(lk);
    const ada = await signUp("ada@example.com");
    const res = await call("POST", "/auth/passkey/initiate-passkey-registration", {}, ada.access_token);
    expect(res.status).toBe(200);
    expect(res.body.code).toHaveLength(45);
    expect(res.body.options_json).toMatchObject({
      rp: { id: PLACEHOLDER, name: "Passkey Co" },
      user: { id: b64url(ada.user_id), name: "ada@example.com", displayName: "ada@example.com" },
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      timeout: 60_000,
      excludeCredentials: [],
    });
    expect(res.body.options_json.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const auth = await call("POST", "/auth/passkey/initiate-passkey-authentication", {});
    expect(auth.status).toBe(200);
    expect(auth.body.code).toHaveLength(45);
    expect(auth.body.options_json).toMatchObject({ rpId: PLACEHOLDER, allowCredentials: [], userVerification: "preferred", timeout: 60_000 });
  });

  it("registers several passkeys per user, excludes them next time, and signs in with each without an e-mail", async () => {
    await using lk = await createTestInstance(dialect);
    const { project, call, signUp } = await setUp(lk);
    const ada = await signUp("ada@example.com");
    const phone = softAuthenticator();
    const first = await register(call, phone, ada.access_token);
    expect(first.res.status).toBe(200);
    expect(first.res.body).toEqual({ user_handle: first.credential.id });
    lk.clock.advance(1_000);
    const second = await register(call, phone, ada.access_token, { countsFrom: 0 });
    expect(second.res.status).toBe(200);

    const again = await call("POST", "/auth/passkey/initiate-passkey-registration", {}, ada.access_token);
    expect(again.body.options_json.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([first.credential.id, second.credential.id]);

    for (const { credential } of [first, second]) {
      const res = await signIn(call, phone, credential.id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ user_id: ada.user_id, is_new_user: false });
      const me = await call("GET", "/users/me", undefined, res.body.access_token);
      expect(me.body.id).toBe(ada.user_id);
    }
    const stored = await lk.deps.queries.passkeys.listForUser(project.id, ada.user_id);
    expect(stored.map((p) => [p.credentialId, p.counter, p.lastUsedAt?.getTime()])).toEqual([
      [first.credential.id, 1, lk.clock.now().getTime()],
      [second.credential.id, 0, lk.clock.now().getTime()],
    ]);
  });

  it("lets a user-verified passkey stand in for TOTP, unless the project asks for TOTP after passkeys too (issue 37 item 4)", async () => {
    await using lk = await createTestInstance(dialect);
    const { project, call, signUp } = await setUp(lk);
    const ada = await signUp("ada@example.com");
    const phone = softAuthenticator();
    const { credential } = await register(call, phone, ada.access_token);
    expect((await call("PATCH", "/users/me", { totp_secret_base64: randomBytes(20).toString("base64") }, ada.access_token)).body.requires_totp_mfa).toBe(true);

    const verified = await signIn(call, phone, credential.id);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.user_id).toBe(ada.user_id);
    // Without user verification the passkey is one factor: the TOTP code is still asked for.
    expectKnownError(await signIn(call, phone, credential.id, { userVerified: false }), 400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED");

    const strict = await lk.call("PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: JSON.stringify({ "auth.passkey.requireSecondFactor": true }) } });
    expect(strict.status, strict.text).toBe(200);
    expectKnownError(await signIn(call, phone, credential.id), 400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED");
  });

  it("rejects a signature counter that does not increase, unless the authenticator keeps none", async () => {
    await using lk = await createTestInstance(dialect);
    const { call, signUp } = await setUp(lk);
    const ada = await signUp("ada@example.com");
    const key = softAuthenticator();
    const counting = await register(call, key, ada.access_token);
    expect((await signIn(call, key, counting.credential.id, { counter: 5 })).status).toBe(200);
    const replayed = await signIn(call, key, counting.credential.id, { counter: 5 });
    expectKnownError(replayed, 400, "PASSKEY_AUTHENTICATION_FAILED");
    expect(replayed.body.details.message).toMatch(/counter/);
    expect((await signIn(call, key, counting.credential.id, { counter: 6 })).status).toBe(200);

    const silent = await register(call, key, ada.access_token, { countsFrom: 0 });
    for (let i = 0; i < 2; i++) expect((await signIn(call, key, silent.credential.id)).status).toBe(200);
  });

  it("refuses origins the project does not trust, and unknown or foreign credentials", async () => {
    await using lk = await createTestInstance(dialect);
    const { call, signUp } = await setUp(lk);
    const ada = await signUp("ada@example.com");
    const key = softAuthenticator();
    const evil = await register(call, key, ada.access_token, { origin: "https://evil.example.com", rpId: "evil.example.com" });
    expectKnownError(evil.res, 400, "PASSKEY_REGISTRATION_FAILED");
    expect(evil.res.body.details).toEqual({ message: "Passkey registration failed because the origin is not allowed" });

    const { credential } = await register(call, key, ada.access_token);
    const phished = await signIn(call, key, credential.id, { origin: "https://evil.example.com", rpId: "evil.example.com" });
    expectKnownError(phished, 400, "PASSKEY_AUTHENTICATION_FAILED");
    expect(phished.body.details.message).toMatch(/origin is not allowed/);
    // A trusted origin with the wrong RP id (the passkey belongs to another site) fails the signature checks.
    expectKnownError(await signIn(call, key, credential.id, { rpId: "other.localhost" }), 400, "PASSKEY_AUTHENTICATION_FAILED");

    const unknown = await signIn(call, key, evil.credential.id);
    expectKnownError(unknown, 400, "PASSKEY_AUTHENTICATION_FAILED");
    expect(unknown.body.details).toEqual({ message: "Passkey not found" });
    // On an untrusted origin the origin is refused first, whether or not the server knows the credential
    // (a browser whose authenticator offers a passkey the server refused to register, as in the browser test).
    const phishedUnknown = await signIn(call, key, evil.credential.id, { origin: "https://evil.example.com", rpId: "evil.example.com" });
    expectKnownError(phishedUnknown, 400, "PASSKEY_AUTHENTICATION_FAILED");
    expect(phishedUnknown.body.details.message).toMatch(/origin is not allowed/);

    // A passkey of another project is unknown here.
    const other = await setUp(lk);
    expect((await other.call("POST", "/auth/passkey/sign-in", (await signInBody(other.call, key, credential.id)))).body.details).toEqual({ message: "Passkey not found" });
  });

  it("uses each challenge code once, for its own purpose and user, within 65 seconds", async () => {
    await using lk = await createTestInstance(dialect);
    const { call, signUp } = await setUp(lk);
    const ada = await signUp("ada@example.com");
    const bob = await signUp("bob@example.com");
    const key = softAuthenticator();
    const { options_json, code } = (await call("POST", "/auth/passkey/initiate-passkey-registration", {}, ada.access_token)).body;
    const credential = key.create(options_json);
    expectKnownError(await call("POST", "/auth/passkey/register", { credential, code }, bob.access_token), 404, "VERIFICATION_CODE_NOT_FOUND");
    expect((await call("POST", "/auth/passkey/register", { credential, code }, ada.access_token)).status).toBe(200);
    expectKnownError(await call("POST", "/auth/passkey/register", { credential, code }, ada.access_token), 409, "VERIFICATION_CODE_ALREADY_USED");

    const body = await signInBody(call, key, credential.id);
    expectKnownError(await call("POST", "/auth/passkey/register", { credential, code: body.code }, ada.access_token), 404, "VERIFICATION_CODE_NOT_FOUND");
    expect((await call("POST", "/auth/passkey/sign-in", body)).status).toBe(200);
    expectKnownError(await call("POST", "/auth/passkey/sign-in", body), 409, "VERIFICATION_CODE_ALREADY_USED");

    // Signed over one challenge, sent with another code.
    const stale = await signInBody(call, key, credential.id);
    const fresh = (await call("POST", "/auth/passkey/initiate-passkey-authentication", {})).body;
    expectKnownError(await call("POST", "/auth/passkey/sign-in", { ...stale, code: fresh.code }), 400, "PASSKEY_AUTHENTICATION_FAILED");

    const late = await signInBody(call, key, credential.id);
    lk.clock.advance(66_000);
    expectKnownError(await call("POST", "/auth/passkey/sign-in", late), 400, "VERIFICATION_CODE_EXPIRED");
  });

  it("answers PASSKEY_AUTHENTICATION_NOT_ENABLED on every call while the project has passkeys off", async () => {
    await using lk = await createTestInstance(dialect);
    const { call, signUp } = await setUp(lk, false);
    const ada = await signUp("ada@example.com");
    const code = "a".repeat(45);
    const credential = softAuthenticator().create({ challenge: "x", user: { id: b64url(ada.user_id) } });
    for (const [path, body] of [
      ["initiate-passkey-registration", {}],
      ["register", { credential, code }],
      ["initiate-passkey-authentication", {}],
      ["sign-in", { authentication_response: { ...credential, response: { clientDataJSON: "e30", authenticatorData: "", signature: "" } }, code }],
    ] as const) {
      expectKnownError(await call("POST", `/auth/passkey/${path}`, body, ada.access_token), 400, "PASSKEY_AUTHENTICATION_NOT_ENABLED");
    }
  });

  it("registers and signs in a user who has no e-mail address at all", async () => {
    await using lk = await createTestInstance(dialect);
    const { project, call } = await setUp(lk);
    const created = await lk.call("POST", "/users", { access: "server", project, body: { display_name: "No Mail" } });
    const tokens = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: created.body.id } });
    const options = await call("POST", "/auth/passkey/initiate-passkey-registration", {}, tokens.body.access_token);
    expect(options.body.options_json.user).toMatchObject({ name: "No Mail", displayName: "No Mail" });
    const key = softAuthenticator();
    const { credential, res } = await register(call, key, tokens.body.access_token);
    expect(res.status).toBe(200);
    const signedIn = await signIn(call, key, credential.id);
    expect(signedIn.body).toMatchObject({ user_id: created.body.id, is_new_user: false });
  });

  it("needs a signed-in user to register", async () => {
    await using lk = await createTestInstance(dialect);
    const { call } = await setUp(lk);
    expectKnownError(await call("POST", "/auth/passkey/initiate-passkey-registration", {}), 401, "USER_AUTHENTICATION_REQUIRED");
  });

  it("reports passkey_auth_enabled while the user has a passkey, and removes passkeys when it is switched off", async () => {
    await using lk = await createTestInstance(dialect);
    const { call, signUp } = await setUp(lk);
    const ada = await signUp("ada@example.com");
    expect((await call("GET", "/users/me", undefined, ada.access_token)).body.passkey_auth_enabled).toBe(false);
    const phone = softAuthenticator();
    const { credential } = await register(call, phone, ada.access_token);
    expect((await call("GET", "/users/me", undefined, ada.access_token)).body.passkey_auth_enabled).toBe(true);
    expect((await call("PATCH", "/users/me", { passkey_auth_enabled: false }, ada.access_token)).body.passkey_auth_enabled).toBe(false);
    expectKnownError(await signIn(call, phone, credential.id), 400, "PASSKEY_AUTHENTICATION_FAILED");
  });
});

async function signInBody(call: Call, authenticator: ReturnType<typeof softAuthenticator>, credentialId: string) {
  const { options_json, code } = (await call("POST", "/auth/passkey/initiate-passkey-authentication", {})).body;
  return { authentication_response: authenticator.get(options_json, credentialId), code };
}
