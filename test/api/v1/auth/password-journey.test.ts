import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { linkFrom, startSmtpSink, type SmtpSink } from "../../../support/smtp-sink.js";

const callback = "http://localhost:3000/handler/email-verification";

async function projectWithMail(lk: TestInstance, sink: SmtpSink): Promise<ProjectCredentials> {
  return lk.createProject({
    configOverride: {
      "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
    },
  });
}

async function deliverMail(lk: TestInstance, sink: SmtpSink, to: string) {
  await lk.deps.jobs.runOnce();
  return sink.waitFor((m) => m.to.includes(to), 5_000);
}

function asUser(token: string, extra: Record<string, string> = {}) {
  return { "x-stack-access-token": token, ...extra };
}

describe.each(testDialects)("password journey on %s", (dialect) => {
  it("signs up, mails a verification link, signs in, refreshes, lists and ends sessions, changes and resets the password", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await projectWithMail(lk, sink);
    const client = { access: "client" as const, project };

    const signUp = await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: "Ada@Example.com", password: "first password", verification_callback_url: callback } });
    expect(signUp.status).toBe(200);
    expect(Object.keys(signUp.body).sort()).toEqual(["access_token", "refresh_token", "user_id"]);

    const mail = await deliverMail(lk, sink, "ada@example.com");
    expect(mail.from).toContain("noreply@acme.test");
    expect(linkFrom(mail)).toHaveLength(45);

    const me = await lk.call("GET", "/users/me", { ...client, headers: asUser(signUp.body.access_token) });
    expect(me.body).toMatchObject({ id: signUp.body.user_id, primary_email: "ada@example.com", primary_email_verified: false, has_password: true, auth_with_email: true });
    expect(me.body.server_metadata).toBeUndefined();
    const verified = await lk.call("POST", "/contact-channels/verify", { ...client, body: { code: linkFrom(mail) } });
    expect(verified.body).toEqual({ success: true });
    const afterVerify = await lk.call("GET", "/users/me", { ...client, headers: asUser(signUp.body.access_token) });
    expect(afterVerify.body.primary_email_verified).toBe(true);

    const duplicate = await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: "ada@example.com", password: "another password", verification_callback_url: callback } });
    expect([duplicate.status, duplicate.body.code]).toEqual([409, "USER_EMAIL_ALREADY_EXISTS"]);

    const wrong = await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "ada@example.com", password: "not it at all" } });
    expect([wrong.status, wrong.body.code]).toEqual([400, "EMAIL_PASSWORD_MISMATCH"]);
    const unknown = await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "nobody@example.com", password: "first password" } });
    expect(unknown.body.code).toBe("EMAIL_PASSWORD_MISMATCH");

    const signIn = await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "ADA@example.com", password: "first password" } });
    expect(signIn.status).toBe(200);

    const refreshed = await lk.call("POST", "/auth/oauth/token", {
      form: true,
      body: { grant_type: "refresh_token", refresh_token: signIn.body.refresh_token, client_id: project.id, client_secret: project.keys.publishableClientKey },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toMatchObject({ token_type: "Bearer", scope: "legacy" });
    const token = refreshed.body.access_token as string;

    const sessions = await lk.call("GET", "/auth/sessions?user_id=me", { ...client, headers: asUser(token) });
    expect(sessions.body.items).toHaveLength(2);
    const current = sessions.body.items.find((s: { is_current_session: boolean }) => s.is_current_session);
    const other = sessions.body.items.find((s: { is_current_session: boolean }) => !s.is_current_session);
    expect(current).toBeDefined();
    const self = await lk.call("DELETE", `/auth/sessions/${current.id}?user_id=me`, { ...client, headers: asUser(token) });
    expect(self.body.code).toBe("CANNOT_DELETE_CURRENT_SESSION");
    const revoked = await lk.call("DELETE", `/auth/sessions/${other.id}?user_id=me`, { ...client, headers: asUser(token) });
    expect(revoked.body).toEqual({ success: true });
    const signUpRefresh = await lk.call("POST", "/auth/oauth/token", {
      form: true,
      body: { grant_type: "refresh_token", refresh_token: signUp.body.refresh_token, client_id: project.id, client_secret: project.keys.publishableClientKey },
    });
    expect([signUpRefresh.status, signUpRefresh.body.code]).toEqual([401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"]);

    const changed = await lk.call("POST", "/auth/password/update", { ...client, headers: asUser(token), body: { old_password: "first password", new_password: "second password" } });
    expect(changed.body).toEqual({ success: true });
    const badOld = await lk.call("POST", "/auth/password/update", { ...client, headers: asUser(token), body: { old_password: "nope nope", new_password: "third password" } });
    expect(badOld.body.code).toBe("PASSWORD_CONFIRMATION_MISMATCH");

    const reset = await lk.call("POST", "/auth/password/send-reset-code", { ...client, body: { email: "ada@example.com", callback_url: "http://localhost:3000/handler/password-reset" } });
    expect(reset.body).toEqual({ success: "maybe, only if user with e-mail exists" });
    const resetMail = await deliverMail(lk, sink, "ada@example.com").then(() => sink.waitFor((m) => m.text.includes("password-reset"), 5_000));
    const resetCode = linkFrom(resetMail);
    expect((await lk.call("POST", "/auth/password/reset/check-code", { ...client, body: { code: resetCode } })).body).toEqual({ is_code_valid: true });
    expect((await lk.call("POST", "/auth/password/reset", { ...client, body: { code: resetCode, password: "reset password" } })).body).toEqual({ success: true });
    const reused = await lk.call("POST", "/auth/password/reset", { ...client, body: { code: resetCode, password: "reset again!" } });
    expect([reused.status, reused.body.code]).toEqual([409, "VERIFICATION_CODE_ALREADY_USED"]);

    // The reset ended every session: the old access token no longer names a user.
    const afterReset = await lk.call("GET", "/users/me", { ...client, headers: asUser(token) });
    expect(afterReset.body.code).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
    const finalSignIn = await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "ada@example.com", password: "reset password" } });
    expect(finalSignIn.status).toBe(200);
    const signOut = await lk.call("DELETE", "/auth/sessions/current", { ...client, headers: asUser(finalSignIn.body.access_token), body: {} });
    expect(signOut.body).toEqual({ success: true });
    const again = await lk.call("DELETE", "/auth/sessions/current", { ...client, headers: asUser(finalSignIn.body.access_token), body: {} });
    expect(again.body.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });
});
