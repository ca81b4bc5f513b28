import { randomBytes } from "node:crypto";
import { TOTP, Secret } from "otpauth";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectStatusError } from "../../../support/known-errors.js";
import { linkFrom, startSmtpSink } from "../../../support/smtp-sink.js";

const secretBytes = randomBytes(20);
const totp = new TOTP({ secret: new Secret({ buffer: Uint8Array.from(secretBytes).buffer }), digits: 6, period: 30 });
const codeAt = (lk: TestInstance, offsetSteps = 0) => totp.generate({ timestamp: lk.clock.now().getTime() + offsetSteps * 30_000 });

/** A user with a password and TOTP enabled through PATCH /users/me. */
async function userWithTotp(lk: TestInstance, project: ProjectCredentials, email: string) {
  const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: "first factor 1", verification_callback_url: "http://localhost:3000/v" } });
  const enabled = await lk.call("PATCH", "/users/me", { access: "client", project, headers: { "x-stack-access-token": signUp.body.access_token }, body: { totp_secret_base64: secretBytes.toString("base64") } });
  expect(enabled.body.requires_totp_mfa).toBe(true);
  return signUp.body as { access_token: string; user_id: string };
}

async function passwordAttempt(lk: TestInstance, project: ProjectCredentials, email: string): Promise<string> {
  const res = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email, password: "first factor 1" } });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
  return res.body.details.attempt_code;
}

const mfa = (lk: TestInstance, project: ProjectCredentials, body: Record<string, string>) => lk.call("POST", "/auth/mfa/sign-in", { access: "client", project, body });

describe.each(testDialects)("TOTP multi-factor sign-in on %s", (dialect) => {
  it("asks for a second factor after the password, accepts a TOTP code once and refuses its replay", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await userWithTotp(lk, project, "mfa@example.com");
    const attempt = await passwordAttempt(lk, project, "mfa@example.com");
    expect(attempt).toHaveLength(45);
    const wrong = await mfa(lk, project, { type: "totp", totp: codeAt(lk, 5), code: attempt });
    expect(wrong.body.code).toBe("INVALID_TOTP_CODE");
    // A malformed code is a wrong one, as Stack answers it (backend-fidelity-2.md §5), not SCHEMA_ERROR.
    expect((await mfa(lk, project, { type: "totp", totp: "not-a-totp-code-at-all", code: attempt })).body.code).toBe("INVALID_TOTP_CODE");
    const code = codeAt(lk);
    const done = await mfa(lk, project, { type: "totp", totp: code, code: attempt });
    expect(done.body).toMatchObject({ user_id: user.user_id, is_new_user: false });
    expect(done.body).not.toHaveProperty("recovery_codes_remaining");
    expect(typeof done.body.refresh_token).toBe("string");

    const again = await passwordAttempt(lk, project, "mfa@example.com");
    expect((await mfa(lk, project, { type: "totp", totp: code, code: again })).body.code).toBe("INVALID_TOTP_CODE");
    lk.clock.advance(30_000);
    expect((await mfa(lk, project, { type: "totp", totp: codeAt(lk), code: again })).status).toBe(200);
  });

  it("requires the second factor after a magic link too", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject({
      configOverride: {
        "auth.otp.allowSignIn": true,
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      },
    });
    await userWithTotp(lk, project, "link@example.com");
    await lk.deps.jobs.runOnce();
    const verification = await sink.waitFor((m) => m.to.includes("link@example.com"));
    expect((await lk.call("POST", "/contact-channels/verify", { access: "client", project, body: { code: linkFrom(verification) } })).status).toBe(200);
    await lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project, body: { email: "link@example.com", callback_url: "http://localhost:3000/m" } });
    await lk.deps.jobs.runOnce();
    const mail = await sink.waitFor((m) => m.to.includes("link@example.com") && m.text.includes("/m?code="));
    const res = await lk.call("POST", "/auth/otp/sign-in", { access: "client", project, body: { code: linkFrom(mail) } });
    expect(res.body.code).toBe("MULTI_FACTOR_AUTHENTICATION_REQUIRED");
    expect((await mfa(lk, project, { type: "totp", totp: codeAt(lk), code: res.body.details.attempt_code })).status).toBe(200);
  });

  it("lets a recovery code through once, and spends an attempt at the sixth wrong factor", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await userWithTotp(lk, project, "recover@example.com");
    const created = await lk.call("POST", "/auth/mfa/recovery-codes", { access: "client", project, headers: { "x-stack-access-token": user.access_token } });
    expect(created.status).toBe(201);
    const codes = created.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[0-9a-z]{6}(-[0-9a-z]{6}){3}$/);
    expect(await lk.dumpDatabaseText()).not.toContain(codes[0]!.replaceAll("-", ""));

    const attempt = await passwordAttempt(lk, project, "recover@example.com");
    const first = await mfa(lk, project, { type: "recovery_code", recovery_code: codes[0]!, code: attempt });
    expect(first.status).toBe(200);
    expect(first.body.recovery_codes_remaining).toBe(9);
    // Typed without dashes and in capitals, a code still counts; the count drops with each use.
    const second = await mfa(lk, project, { type: "recovery_code", recovery_code: codes[1]!.replaceAll("-", "").toUpperCase(), code: await passwordAttempt(lk, project, "recover@example.com") });
    expect(second.body.recovery_codes_remaining).toBe(8);
    const next = await passwordAttempt(lk, project, "recover@example.com");
    // A used code is refused with its own reason; a code that never existed is a wrong factor.
    expectStatusError(await mfa(lk, project, { type: "recovery_code", recovery_code: codes[0]!, code: next }), 409, "recoveryCodeAlreadyUsed");
    expect((await mfa(lk, project, { type: "recovery_code", recovery_code: "aaaaaa-bbbbbb-cccccc-dddddd", code: next })).body.code).toBe("INVALID_TOTP_CODE");

    for (let i = 0; i < 3; i++) expect((await mfa(lk, project, { type: "totp", totp: codeAt(lk, 7), code: next })).body.code).toBe("INVALID_TOTP_CODE");
    expect((await mfa(lk, project, { type: "totp", totp: codeAt(lk, 7), code: next })).body.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    expect((await mfa(lk, project, { type: "totp", totp: codeAt(lk), code: next })).body.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("keeps the TOTP secret encrypted at rest", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    await userWithTotp(lk, project, "enc@example.com");
    expect(await lk.dumpDatabaseText()).not.toContain(secretBytes.toString("base64"));
  });
});
