/**
 * Stack's backend answers on the contact-channel endpoints (reference/wire/backend-fidelity.md §4 and
 * A5): the verification mail's subject, the already-verified text, and the legacy send without a user.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";
import { startSmtpSink } from "../../support/smtp-sink.js";

const callback = "http://localhost:3000/handler/email-verification";

describe.each(testDialects)("contact channels as Stack's backend answers them on %s", (dialect) => {
  it("C1/C2: mails `Verify your email at «project»`, and answers an already verified address with Stack's text", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject({
      displayName: "Acme",
      configOverride: {
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      },
    });
    const body = { email: "ada@example.com", password: "a good password", verification_callback_url: callback };
    const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body });
    await lk.deps.jobs.runOnce();
    const mail = await sink.waitFor((m) => m.to.includes("ada@example.com"));
    expect(mail.subject).toBe("Verify your email at Acme");

    const user = await lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": signUp.body.access_token } });
    const channel = (await lk.call("GET", `/contact-channels?user_id=${user.body.id}`, { access: "server", project })).body.items[0];
    await lk.call("PATCH", `/contact-channels/${user.body.id}/${channel.id}`, { access: "server", project, body: { is_verified: true } });
    const again = await lk.call("POST", `/contact-channels/${user.body.id}/${channel.id}/send-verification-code`, { access: "server", project, body: { callback_url: callback } });
    expect([again.status, again.body]).toEqual([409, { code: "EMAIL_ALREADY_VERIFIED", error: "The e-mail is already verified." }]);
  });

  it("E6: mails `Reset your password at «project»`", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject({
      displayName: "Acme",
      configOverride: {
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      },
    });
    await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com", primary_email_auth_enabled: true, password: "a good password" } });
    const sent = await lk.call("POST", "/auth/password/send-reset-code", { access: "client", project, body: { email: "ada@example.com", callback_url: "http://localhost:3000/handler/password-reset" } });
    expect(sent.status).toBe(200);
    await lk.deps.jobs.runOnce();
    const mail = await sink.waitFor((m) => m.to.includes("ada@example.com"));
    expect(mail.subject).toBe("Reset your password at Acme");
  });

  it("A5: answers the legacy send-verification-code without a user session with SCHEMA_ERROR `auth.user must be defined`", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const res = await lk.call("POST", "/contact-channels/send-verification-code", { access: "client", project, body: { email: "ada@example.com", callback_url: callback } });
    expect([res.status, res.body.code, res.body.error]).toEqual([
      400, "SCHEMA_ERROR", "Request validation failed on POST /api/v1/contact-channels/send-verification-code:\n  - auth.user must be defined",
    ]);
  });
});
