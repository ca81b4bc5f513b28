/**
 * Issue 35, finding 2 (one-click account takeover): an attacker added the victim's address to their own
 * account and asked for its verification mail, which read like the victim's own sign-up. One click by the
 * victim verified the address on the attacker's account: the victim's password sign-up then answered 409
 * and the victim's magic links and resets landed in the attacker's account.
 *
 * Now an address added to an existing account gets a mail that says an existing account asked to add it
 * (and what to do if it was not the recipient), and its link completes only in that account's signed-in
 * session. The sign-up address still verifies from any browser.
 */
import { describe, expect, it } from "vitest";
import { ownSmtp } from "../../api/v1/emails/sending-support.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";
import { linkFrom, startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";

const callback = "http://localhost:3000/handler/email-verification";
const victim = "victim@example.com";

async function mailProject(lk: TestInstance, sink: SmtpSink) {
  return lk.createProject({ configOverride: { "auth.otp.allowSignIn": true, ...ownSmtp(sink.port) } });
}

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string) {
  const answer = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: `${email} long pass 1`, verification_callback_url: callback } });
  expect(answer.status, answer.text).toBe(200);
  return { userId: answer.body.user_id as string, headers: { "x-stack-access-token": answer.body.access_token as string } };
}

/** The attacker adds the victim's address to their account and has its verification mail sent. */
async function attackerAddsVictimAddress(lk: TestInstance, sink: SmtpSink, project: ProjectCredentials) {
  const client = { access: "client" as const, project };
  const attacker = await signUp(lk, project, "attacker@example.com");
  const added = await lk.call("POST", "/contact-channels", { ...client, headers: attacker.headers, body: { user_id: "me", value: victim, type: "email", used_for_auth: true } });
  expect(added.status, added.text).toBe(201);
  const sent = await lk.call("POST", `/contact-channels/me/${added.body.id}/send-verification-code`, { ...client, headers: attacker.headers, body: { callback_url: callback } });
  expect(sent.status, sent.text).toBe(200);
  await lk.deps.jobs.runOnce();
  const mail = await sink.waitFor((m) => m.to.includes(victim));
  return { attacker, channelId: added.body.id as string, mail, code: linkFrom(mail) };
}

describe.each(testDialects)("verifying an address added to an existing account on %s", (dialect) => {
  it("the victim's click does not verify the address on the attacker's account, and the victim keeps the address", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await mailProject(lk, sink);
    const client = { access: "client" as const, project };
    const { attacker, channelId, mail, code } = await attackerAddsVictimAddress(lk, sink, project);

    // The mail says an existing account asked, and what to do if it was not the recipient.
    expect(mail.subject).toMatch(/^An account at .+ asked to add this address$/);
    expect(mail.text).toContain("asked to add this e-mail address to it");
    expect(mail.text).toContain("If it was not you, ignore this e-mail");
    expect(mail.text).not.toContain("finish signing up");

    // The victim's click, in a browser without the attacker's session.
    const clicked = await lk.call("POST", "/contact-channels/verify", { ...client, body: { code } });
    expectStatusError(clicked, 403, "addedEmailNeedsOwnerSession");
    const channel = await lk.call("GET", `/contact-channels/me/${channelId}`, { ...client, headers: attacker.headers });
    expect(channel.body.is_verified).toBe(false);

    // Signed in to another account (the victim's own, say) is no better.
    const bystander = await signUp(lk, project, "bystander@example.com");
    const asOther = await lk.call("POST", "/contact-channels/verify", { ...client, headers: bystander.headers, body: { code } });
    expectStatusError(asOther, 403, "addedEmailOtherAccount");

    // The address stays the victim's to claim: sign-up with a password works and signs the victim in.
    const victimAccount = await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: victim, password: "victim pass long 22", verification_callback_url: callback } });
    expect(victimAccount.status, victimAccount.text).toBe(200);
    expect(victimAccount.body.user_id).not.toBe(attacker.userId);
  });

  it("the account that added the address verifies it in its own session, with the same link", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await mailProject(lk, sink);
    const client = { access: "client" as const, project };
    const { attacker: owner, channelId, code } = await attackerAddsVictimAddress(lk, sink, project);

    // A refused click leaves the code usable.
    expect((await lk.call("POST", "/contact-channels/verify", { ...client, body: { code } })).status).toBe(403);
    const verified = await lk.call("POST", "/contact-channels/verify", { ...client, headers: owner.headers, body: { code } });
    expect(verified.status, verified.text).toBe(200);
    const channel = await lk.call("GET", `/contact-channels/me/${channelId}`, { ...client, headers: owner.headers });
    expect(channel.body.is_verified).toBe(true);
  });

  it("an address changed on an existing channel counts as added", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await mailProject(lk, sink);
    const client = { access: "client" as const, project };
    const attacker = await signUp(lk, project, "attacker@example.com");
    const channels = await lk.call("GET", "/contact-channels?user_id=me", { ...client, headers: attacker.headers });
    const primary = channels.body.items[0] as { id: string };
    const changed = await lk.call("PATCH", `/contact-channels/me/${primary.id}`, { ...client, headers: attacker.headers, body: { value: victim } });
    expect(changed.status, changed.text).toBe(200);
    await lk.call("POST", `/contact-channels/me/${primary.id}/send-verification-code`, { ...client, headers: attacker.headers, body: { callback_url: callback } });
    await lk.deps.jobs.runOnce();
    const mail = await sink.waitFor((m) => m.to.includes(victim));
    expect(mail.subject).toMatch(/asked to add this address$/);
    const clicked = await lk.call("POST", "/contact-channels/verify", { ...client, body: { code: linkFrom(mail) } });
    expect(clicked.status).toBe(403);
  });

  it("the sign-up address still verifies from any browser", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await mailProject(lk, sink);
    await signUp(lk, project, "newcomer@example.com");
    await lk.deps.jobs.runOnce();
    const mail = await sink.waitFor((m) => m.to.includes("newcomer@example.com"));
    expect(mail.text).toContain("finish signing up");
    const clicked = await lk.call("POST", "/contact-channels/verify", { access: "client", project, body: { code: linkFrom(mail) } });
    expect(clicked.status, clicked.text).toBe(200);
  });

  it("a user can have at most 20 contact channels (issue 35, finding 8)", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await mailProject(lk, sink);
    const client = { access: "client" as const, project };
    const user = await signUp(lk, project, "collector@example.com");
    for (let i = 1; i < 20; i++) {
      const added = await lk.call("POST", "/contact-channels", { ...client, headers: user.headers, body: { user_id: "me", value: `extra${i}@example.com`, type: "email", used_for_auth: false } });
      expect(added.status, added.text).toBe(201);
    }
    const refused = await lk.call("POST", "/contact-channels", { ...client, headers: user.headers, body: { user_id: "me", value: "extra20@example.com", type: "email", used_for_auth: false } });
    expectStatusError(refused, 400, "contactChannelLimitReached", { max: 20 });
    const listed = await lk.call("GET", "/contact-channels?user_id=me", { ...client, headers: user.headers });
    expect(listed.body.items).toHaveLength(20);
  });
});
