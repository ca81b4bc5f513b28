/**
 * Issue 18, finding 8: a stolen access token could enrol or remove TOTP (the wire protocol allows it:
 * the Stack SDK sets TOTP through PATCH /users/me) and nobody heard of it. The user's verified primary
 * e-mail now gets a security alert when the password is changed or reset, two-factor is turned on or off,
 * a passkey is added, the primary e-mail changes (to the old address), and at each sign-in
 * completed with a second factor. Project owners turn each kind off in the configuration.
 */
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { softAuthenticator } from "../support/passkey.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";

const password = "first secret 123";

/** Subjects and recipients of the queued security alerts (the outbox summary holds both in the clear). */
async function alerts(lk: TestInstance, project: ProjectCredentials) {
  const rows = await lk.deps.store.db.select().from(lk.deps.store.t.outbox);
  return rows
    .filter((row) => row.projectId === project.id && row.kind === "email")
    .map((row) => row.summary as { to: string[]; subject: string })
    .filter((summary) => summary.subject.startsWith("Security alert"))
    .map((summary) => summary.to.join(","));
}

async function verifiedUser(lk: TestInstance, project: ProjectCredentials) {
  const server = { access: "server" as const, project };
  const created = await lk.call("POST", "/users", { ...server, body: { primary_email: "ada@example.com", primary_email_verified: true, primary_email_auth_enabled: true, password } });
  const session = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "ada@example.com", password } });
  return { id: created.body.id as string, me: { access: "client" as const, project, headers: { "x-stack-access-token": session.body.access_token as string } } };
}

describe.each(testDialects)("security alerts on %s", (dialect) => {
  it("alerts on TOTP turned on and off, a password change, a sign-in with TOTP and a changed primary e-mail", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await verifiedUser(lk, project);
    expect(await alerts(lk, project)).toEqual([]);

    const secret = randomBytes(20);
    expect((await lk.call("PATCH", "/users/me", { ...ada.me, body: { totp_secret_base64: secret.toString("base64") } })).status).toBe(200);
    expect(await alerts(lk, project)).toHaveLength(1);

    const attempt = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "ada@example.com", password } });
    const totp = new TOTP({ secret: new Secret({ buffer: Uint8Array.from(secret).buffer }), digits: 6, period: 30 }).generate({ timestamp: lk.clock.now().getTime() });
    const signedIn = await lk.call("POST", "/auth/mfa/sign-in", { access: "client", project, body: { type: "totp", totp, code: attempt.body.details.attempt_code } });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(await alerts(lk, project)).toHaveLength(2);

    expect((await lk.call("PATCH", "/users/me", { ...ada.me, body: { totp_secret_base64: null } })).status).toBe(200);
    const changed = await lk.call("POST", "/auth/password/update", { ...ada.me, body: { old_password: password, new_password: "second secret 456" } });
    expect(changed.status).toBe(200);
    expect(await alerts(lk, project)).toHaveLength(4);

    await lk.call("PATCH", `/users/${ada.id}`, { access: "server", project, body: { primary_email: "ada@new.example" } });
    expect(await alerts(lk, project)).toEqual(Array(5).fill("ada@example.com"));
  });

  it("alerts when a passkey is added", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.passkey.allowSignIn": true } });
    const ada = await verifiedUser(lk, project);
    const { options_json, code } = (await lk.call("POST", "/auth/passkey/initiate-passkey-registration", { ...ada.me, body: {} })).body;
    const registered = await lk.call("POST", "/auth/passkey/register", { ...ada.me, body: { credential: softAuthenticator().create(options_json), code } });
    expect(registered.status, registered.text).toBe(200);
    expect(await alerts(lk, project)).toEqual(["ada@example.com"]);
  });

  it("sends nothing for a kind the project turned off, nor to an unverified address", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "emails.securityAlerts.mfaEnabled": false } });
    const ada = await verifiedUser(lk, project);
    await lk.call("PATCH", "/users/me", { ...ada.me, body: { totp_secret_base64: randomBytes(20).toString("base64") } });
    expect(await alerts(lk, project)).toEqual([]);

    const bob = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "bob@example.com", primary_email_auth_enabled: true, password } });
    await lk.call("PATCH", `/users/${bob.body.id}`, { access: "server", project, body: { password: "another secret 9" } });
    expect(await alerts(lk, project)).toEqual([]);
  });
});
