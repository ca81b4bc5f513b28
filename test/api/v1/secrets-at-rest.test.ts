/**
 * Secrets at rest: after the flows that create them (sign-up, sign-in, refresh, verification and reset
 * mails, TOTP), no password, token, code or TOTP secret is stored in the clear anywhere in the database.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { linkFrom, startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";

const verifyPage = "http://localhost:3000/handler/email-verification";
const resetPage = "http://localhost:3000/handler/password-reset";

/** Runs the outbox and returns the code of the newest mail whose link goes to `page`. */
async function codeMailedTo(lk: TestInstance, sink: SmtpSink, page: string): Promise<string> {
  await lk.deps.jobs.runOnce();
  const mail = await sink.waitFor((m) => m.text.includes(page), 5_000);
  sink.messages.splice(sink.messages.indexOf(mail), 1);
  return linkFrom(mail);
}

function client(lk: TestInstance, project: ProjectCredentials, token?: string) {
  const headers: Record<string, string> = token ? { "x-stack-access-token": token } : {};
  return async (method: string, path: string, body?: unknown) => {
    const res = await lk.call(method, path, { access: "client", project, headers, body });
    expect([path, res.status]).toEqual([path, 200]);
    return res.body;
  };
}

describe.each(testDialects)("secrets at rest on %s", (dialect) => {
  it("keeps no password, token, mailed code or TOTP secret in the clear, and hashes passwords with argon2id", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject({
      configOverride: {
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      },
    });
    const anonymous = client(lk, project);
    const secrets: Record<string, string> = {};

    secrets.firstPassword = "first-password-Q7xz9";
    const signUp = await anonymous("POST", "/auth/password/sign-up", { email: "ada@example.com", password: secrets.firstPassword, verification_callback_url: verifyPage });
    secrets.signUpAccess = signUp.access_token;
    secrets.signUpRefresh = signUp.refresh_token;
    secrets.verificationCode = await codeMailedTo(lk, sink, verifyPage);

    const signIn = await anonymous("POST", "/auth/password/sign-in", { email: "ada@example.com", password: secrets.firstPassword });
    secrets.signInAccess = signIn.access_token;
    secrets.signInRefresh = signIn.refresh_token;
    const refreshed = await lk.call("POST", "/auth/oauth/token", {
      form: true,
      body: { grant_type: "refresh_token", refresh_token: signIn.refresh_token, client_id: project.id, client_secret: project.keys.publishableClientKey },
    });
    expect(refreshed.status).toBe(200);
    secrets.refreshedAccess = refreshed.body.access_token;

    secrets.totp = randomBytes(20).toString("base64");
    const withTotp = await client(lk, project, secrets.refreshedAccess)("PATCH", "/users/me", { totp_secret_base64: secrets.totp });
    expect(withTotp.requires_totp_mfa).toBe(true);

    await anonymous("POST", "/auth/password/send-reset-code", { email: "ada@example.com", callback_url: resetPage });
    secrets.resetCode = await codeMailedTo(lk, sink, resetPage);
    secrets.resetPassword = "reset-password-K3vw8";
    await anonymous("POST", "/auth/password/reset", { code: secrets.resetCode, password: secrets.resetPassword });

    secrets.serverPassword = "server-password-M2pq5";
    const created = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "grace@example.com", primary_email_auth_enabled: true, password: secrets.serverPassword } });
    expect(created.status).toBe(201);

    const dump = await lk.dumpDatabaseText();
    expect(dump).toContain("ada@example.com");
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length).toBeGreaterThanOrEqual(20);
      expect([name, dump.includes(secret)]).toEqual([name, false]);
    }
    for (const id of [signUp.user_id, created.body.id]) {
      const record = await lk.deps.queries.users.find(project.id, id);
      expect(record!.user.passwordHash).toMatch(/^\$argon2id\$/);
      expect(dump).toContain(record!.user.passwordHash!);
    }
  });
});
