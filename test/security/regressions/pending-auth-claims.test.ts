/**
 * Issue 18, finding 1 (pre-account hijack): a signed-in user could add someone else's address as an
 * unverified contact channel with `used_for_auth: true`. The owner of the address then could not sign
 * up, and a magic-link sign-in with the address signed the owner into the attacker's account.
 *
 * Now such a channel (unverified, not the primary e-mail) is only a pending claim: it signs nobody in
 * (code, password or reset mail), and whoever signs up with the address takes it over; the claim keeps
 * its channel with `used_for_auth: false`. Verified, it works as before.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { linkFrom, startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";

const callback = "http://localhost:3000/handler/magic-link-callback";
const victim = "victim@example.com";

async function mailProject(lk: TestInstance, sink: SmtpSink) {
  return lk.createProject({
    configOverride: {
      "auth.otp.allowSignIn": true,
      "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
    },
  });
}

/** The attacker's account, with the victim's address added as an unverified sign-in channel. */
async function attackerWithClaim(lk: TestInstance, project: ProjectCredentials) {
  const client = { access: "client" as const, project };
  const attacker = await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: "attacker@example.com", password: "attacker pass 1", verification_callback_url: callback } });
  const headers = { "x-stack-access-token": attacker.body.access_token as string };
  const claim = await lk.call("POST", "/contact-channels", { ...client, headers, body: { user_id: "me", value: victim, type: "email", used_for_auth: true } });
  expect(claim.status).toBe(201);
  expect(claim.body).toMatchObject({ used_for_auth: true, is_verified: false, is_primary: false });
  return { userId: attacker.body.user_id as string, headers, channelId: claim.body.id as string };
}

async function magicLinkCode(lk: TestInstance, sink: SmtpSink, project: ProjectCredentials, email: string) {
  const before = sink.messages.length;
  const sent = await lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project, body: { email, callback_url: callback } });
  expect(sent.status, sent.text).toBe(200);
  await lk.deps.jobs.runOnce();
  return linkFrom(await sink.waitFor((m) => m.to.includes(email) && sink.messages.indexOf(m) >= before));
}

describe.each(testDialects)("pending sign-in claims on %s", (dialect) => {
  it("a magic link to the claimed address signs its owner up as a new user, never into the claimer's account", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await mailProject(lk, sink);
    const attacker = await attackerWithClaim(lk, project);

    const code = await magicLinkCode(lk, sink, project, victim);
    const signedIn = await lk.call("POST", "/auth/otp/sign-in", { access: "client", project, body: { code } });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.user_id).not.toBe(attacker.userId);
    expect(signedIn.body.is_new_user).toBe(true);

    // The claim lost: the attacker keeps the channel, no longer used for sign-in.
    const channels = await lk.call("GET", "/contact-channels?user_id=me", { access: "client", project, headers: attacker.headers });
    expect(channels.body.items.find((c: { value: string }) => c.value === victim)).toMatchObject({ used_for_auth: false, is_verified: false });
  });

  it("the owner of the address can sign up with a password, and the claim signs nobody in by password or reset mail", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await mailProject(lk, sink);
    await attackerWithClaim(lk, project);
    const client = { access: "client" as const, project };

    const byClaim = await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: victim, password: "attacker pass 1" } });
    expect(byClaim.body.code).toBe("EMAIL_PASSWORD_MISMATCH");
    await lk.call("POST", "/auth/password/send-reset-code", { ...client, body: { email: victim, callback_url: "http://localhost:3000/handler/password-reset" } });
    await lk.deps.jobs.runOnce();
    expect(sink.messages.filter((m) => m.to.includes(victim))).toHaveLength(0);

    const signUp = await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: victim, password: "victim pass 22", verification_callback_url: callback } });
    expect(signUp.status, signUp.text).toBe(200);
    expect((await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: victim, password: "victim pass 22" } })).status).toBe(200);
  });

  it("a server creating a user with the address takes it over too", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await mailProject(lk, sink);
    await attackerWithClaim(lk, project);
    const created = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: victim, primary_email_auth_enabled: true, password: "victim pass 22" } });
    expect(created.status, created.text).toBe(201);
    expect((await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: victim, password: "victim pass 22" } })).body.user_id).toBe(created.body.id);
  });

  it("a verified channel signs in as before", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await mailProject(lk, sink);
    const owner = await attackerWithClaim(lk, project);
    await lk.call("PATCH", `/contact-channels/${owner.userId}/${owner.channelId}`, { access: "server", project, body: { is_verified: true } });
    const code = await magicLinkCode(lk, sink, project, victim);
    const signedIn = await lk.call("POST", "/auth/otp/sign-in", { access: "client", project, body: { code } });
    expect(signedIn.body).toMatchObject({ user_id: owner.userId, is_new_user: false });
    const taken = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email: victim, password: "victim pass 22", verification_callback_url: callback } });
    expect(taken.body.code).toBe("USER_EMAIL_ALREADY_EXISTS");
  });
});
