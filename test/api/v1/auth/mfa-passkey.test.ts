/**
 * A passkey as the second factor after a password (issue 37 item 4, Latchkey only): POST
 * /auth/mfa/passkey/initiate gives a challenge bound to the sign-in attempt and listing the user's
 * passkeys; POST /auth/mfa/sign-in {type: "passkey"} with the signature completes the sign-in. A
 * challenge works once and for its own attempt, another user's passkey is refused, wrong answers count
 * towards the attempt's allowance, and a user without passkeys is told to use a code.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectStatusError } from "../../../support/known-errors.js";
import { softAuthenticator } from "../../../support/soft-authenticator.js";

const PASSWORD = "first factor 1";

async function setUp(lk: TestInstance) {
  const project = await lk.createProject({ configOverride: { "auth.passkey.allowSignIn": true } });
  const call = (method: string, path: string, body?: unknown, token?: string) =>
    lk.call(method, path, { access: "client", project, body, headers: token ? { "x-stack-access-token": token } : {} });
  return { project, call };
}

type Call = Awaited<ReturnType<typeof setUp>>["call"];

/** A user with a password and TOTP, and (with an authenticator) a passkey on it. */
async function user(call: Call, email: string, authenticator?: ReturnType<typeof softAuthenticator>) {
  const signUp = await call("POST", "/auth/password/sign-up", { email, password: PASSWORD });
  expect(signUp.status).toBe(200);
  const token = signUp.body.access_token as string;
  expect((await call("PATCH", "/users/me", { totp_secret_base64: randomBytes(20).toString("base64") }, token)).body.requires_totp_mfa).toBe(true);
  if (!authenticator) return { id: signUp.body.user_id as string, credentialId: "" };
  const { options_json, code } = (await call("POST", "/auth/passkey/initiate-passkey-registration", {}, token)).body;
  const credential = authenticator.create(options_json);
  expect((await call("POST", "/auth/passkey/register", { credential, code }, token)).status).toBe(200);
  return { id: signUp.body.user_id as string, credentialId: credential.id };
}

async function attempt(call: Call, email: string): Promise<string> {
  const res = await call("POST", "/auth/password/sign-in", { email, password: PASSWORD });
  expect(res.body.code).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
  return res.body.details.attempt_code;
}

const initiate = (call: Call, code: string) => call("POST", "/auth/mfa/passkey/initiate", { code });
const finish = (call: Call, code: string, authentication_response: unknown) => call("POST", "/auth/mfa/sign-in", { type: "passkey", authentication_response, code });

function expectPasskeyFailure(res: { status: number; body: { code?: string; error?: string } }, reason: RegExp) {
  expect([res.status, res.body.code]).toEqual([400, "PASSKEY_AUTHENTICATION_FAILED"]);
  expect(res.body.error).toMatch(reason);
}

describe.each(testDialects)("a passkey as the second factor on %s", (dialect) => {
  it("completes a password sign-in with the user's passkey, once per challenge", async () => {
    await using lk = await createTestInstance(dialect);
    const { project, call } = await setUp(lk);
    const key = softAuthenticator();
    const ada = await user(call, "ada@example.com", key);

    const code = await attempt(call, "ada@example.com");
    const options = await initiate(call, code);
    expect(options.status).toBe(200);
    expect(options.body.options_json).toMatchObject({ rpId: "THIS_VALUE_WILL_BE_REPLACED.example.com", allowCredentials: [{ id: ada.credentialId, type: "public-key" }] });
    const signed = key.get(options.body.options_json, ada.credentialId);
    const done = await finish(call, code, signed);
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ user_id: ada.id, is_new_user: false });
    const me = await lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": done.body.access_token } });
    expect(me.body.id).toBe(ada.id);

    // The same signature again, on a new attempt: its challenge is spent.
    const next = await attempt(call, "ada@example.com");
    expectPasskeyFailure(await finish(call, next, signed), /challenge is unknown, expired or already used/);
    // A challenge of another attempt does not serve this one.
    const other = await attempt(call, "ada@example.com");
    const foreign = key.get((await initiate(call, other)).body.options_json, ada.credentialId);
    expectPasskeyFailure(await finish(call, next, foreign), /challenge is unknown, expired or already used/);
    // A fresh challenge for it does.
    expect((await finish(call, next, key.get((await initiate(call, next)).body.options_json, ada.credentialId))).status).toBe(200);
  });

  it("refuses another user's passkey and a bad signature, counting them towards the attempt's allowance", async () => {
    await using lk = await createTestInstance(dialect);
    const { call } = await setUp(lk);
    const adaKey = softAuthenticator();
    const bobKey = softAuthenticator();
    const ada = await user(call, "ada@example.com", adaKey);
    const bob = await user(call, "bob@example.com", bobKey);

    const code = await attempt(call, "ada@example.com");
    const bobs = bobKey.get((await initiate(call, code)).body.options_json, bob.credentialId);
    expectPasskeyFailure(await finish(call, code, bobs), /does not belong to the account signing in/);
    const signed = adaKey.get((await initiate(call, code)).body.options_json, ada.credentialId);
    const forged = { ...signed, response: { ...signed.response, signature: Buffer.alloc(70, 1).toString("base64url") } };
    expectPasskeyFailure(await finish(call, code, forged), /response is invalid/);
    // Five checks per attempt (two spent above); the sixth submission spends the attempt.
    for (let i = 0; i < 3; i++) expect((await call("POST", "/auth/mfa/sign-in", { type: "totp", totp: "000000", code })).body.code).toBe("INVALID_TOTP_CODE");
    const late = adaKey.get((await initiate(call, code)).body.options_json, ada.credentialId);
    expect((await finish(call, code, late)).body.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  });

  it("tells a user without a passkey to use a code, and refuses a spent or unknown attempt", async () => {
    await using lk = await createTestInstance(dialect);
    const { call } = await setUp(lk);
    await user(call, "ada@example.com");
    const code = await attempt(call, "ada@example.com");
    expectStatusError(await initiate(call, code), 400, "noPasskeyForSecondFactor");
    expect((await initiate(call, "0".repeat(45))).body.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });
});
