import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { linkFrom, startSmtpSink, type SmtpSink } from "../../../support/smtp-sink.js";

const callback = "http://localhost:3000/handler/magic-link-callback";

async function otpProject(lk: TestInstance, sink: SmtpSink, extra: Record<string, unknown> = {}): Promise<ProjectCredentials> {
  return lk.createProject({
    configOverride: {
      "auth.otp.allowSignIn": true,
      "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      ...extra,
    },
  });
}

/** Sends a code and returns the nonce, the full code from the link and the OTP shown in the mail. */
async function sendCode(lk: TestInstance, sink: SmtpSink, project: ProjectCredentials, email: string) {
  const before = sink.messages.length;
  const sent = await lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project, body: { email, callback_url: callback } });
  expect(sent.status).toBe(200);
  await lk.deps.jobs.runOnce();
  const mail = await sink.waitFor((m) => m.to.includes(email) && sink.messages.indexOf(m) >= before);
  const code = linkFrom(mail);
  const otp = code.slice(0, 6).toUpperCase();
  expect(mail.text).toContain(otp);
  expect(mail.subject).not.toContain(otp);
  return { nonce: sent.body.nonce as string, code, otp };
}

const signIn = (lk: TestInstance, project: ProjectCredentials, code: string) => lk.call("POST", "/auth/otp/sign-in", { access: "client", project, body: { code } });

describe.each(testDialects)("magic link and one-time codes on %s", (dialect) => {
  it("signs up a new user with the mailed link, then signs the same user in with OTP + nonce", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await otpProject(lk, sink);
    const first = await sendCode(lk, sink, project, "new@example.com");
    expect(first.nonce).toBe(first.code.slice(6));
    const created = await signIn(lk, project, first.code);
    expect(created.body).toMatchObject({ is_new_user: true });
    const me = await lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": created.body.access_token } });
    expect(me.body).toMatchObject({ primary_email: "new@example.com", primary_email_verified: true, otp_auth_enabled: true, has_password: false });

    const second = await sendCode(lk, sink, project, "new@example.com");
    const typed = await signIn(lk, project, `${second.otp}${second.nonce}`);
    expect(typed.body).toMatchObject({ is_new_user: false, user_id: created.body.user_id });
  });

  it("refuses a used or expired code, and locks a code after five wrong guesses", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await otpProject(lk, sink);
    const used = await sendCode(lk, sink, project, "a@example.com");
    expect((await signIn(lk, project, used.code)).status).toBe(200);
    expect((await signIn(lk, project, used.code)).body.code).toBe("VERIFICATION_CODE_ALREADY_USED");

    const expiring = await sendCode(lk, sink, project, "a@example.com");
    lk.clock.advance(10 * 60 * 1000);
    expect((await signIn(lk, project, expiring.code)).body.code).toBe("VERIFICATION_CODE_EXPIRED");

    const guessed = await sendCode(lk, sink, project, "a@example.com");
    const wrong = guessed.otp === "AAAAAA" ? "BBBBBB" : "AAAAAA";
    for (let i = 0; i < 5; i++) expect((await signIn(lk, project, `${wrong}${guessed.nonce}`)).body.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await signIn(lk, project, `${wrong}${guessed.nonce}`)).body.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    expect((await signIn(lk, project, guessed.code)).body.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
  });

  it("is refused when disabled, for untrusted callbacks, for new users without sign-up, and when re-sent too often", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const off = await lk.createProject();
    const disabled = await lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project: off, body: { email: "a@example.com", callback_url: callback } });
    expect(disabled.status).toBe(403);
    const project = await otpProject(lk, sink, { "auth.allowSignUp": false });
    const untrusted = await lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project, body: { email: "a@example.com", callback_url: "https://evil.test/cb" } });
    expect(untrusted.body.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    const noSignUp = await lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project, body: { email: "a@example.com", callback_url: callback } });
    expect(noSignUp.body.code).toBe("SIGN_UP_NOT_ENABLED");

    const open = await otpProject(lk, sink);
    for (let i = 0; i < 3; i++) {
      expect((await lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project: open, body: { email: "spam@example.com", callback_url: callback } })).status).toBe(200);
    }
    const limited = await lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project: open, body: { email: "spam@example.com", callback_url: callback } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses mail sign-in to an address someone added without verifying it", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await otpProject(lk, sink);
    await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "victim@example.com", primary_email_auth_enabled: true } });
    const refused = await lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project, body: { email: "victim@example.com", callback_url: callback } });
    expect(refused.body).toMatchObject({ code: "USER_EMAIL_ALREADY_EXISTS", details: { would_work_if_email_was_verified: true } });
  });
});
