/**
 * The plain-text part of the product's mails over a real SMTP conversation (issue 28, rows E8 and E9):
 * every mail is sent with a `text/plain` part; in the mails with a code (verification, password reset,
 * magic link, team invitation) that part holds `«callback_url»?code=«code»` with the 45-character
 * alphanumeric code, and holds the callback URL exactly once (Stack's test helpers count it in the
 * reset mail and fail on two).
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { drainOutbox, ownSmtp, startHeaderSink, type HeaderMessage } from "./sending-support.js";

const app = "http://localhost:3000/handler";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The mail's text part holds the callback URL once, followed by `?code=` and a 45-character code. */
function expectCodeLinkOnce(mail: HeaderMessage, callbackUrl: string): void {
  const links = [...mail.text.matchAll(new RegExp(`${escapeRegExp(callbackUrl)}\\?code=([a-zA-Z0-9]+)`, "g"))];
  expect(links.map((link) => link[1]!.length), mail.text).toEqual([45]);
  expect(mail.text.split(callbackUrl).length - 1, mail.text).toBe(1);
  // The HTML keeps the button and the link written out below it.
  expect(mail.html.split(`href="${links[0]![0]}"`).length - 1).toBe(2);
}

describe.each(testDialects)("the text part of the product's mails on %s", { timeout: 120_000 }, (dialect) => {
  it("sends every mail with a text/plain part, and the code links once in it", async () => {
    await using lk = await createTestInstance(dialect, { emailRenderTimeoutMs: 15_000, abuseLimits: false });
    await using sink = await startHeaderSink();
    const project = await lk.createProject({ displayName: "Acme", configOverride: { ...ownSmtp(sink.port), "auth.otp.allowSignIn": true, "auth.password.allowSignIn": true } });
    const client = { access: "client" as const, project };
    const server = { access: "server" as const, project };
    const mailTo = async (to: string, subject: string): Promise<HeaderMessage> => {
      await drainOutbox(lk);
      const found = sink.messages.filter((m) => m.to.includes(to) && m.subject.includes(subject));
      expect(found, `${subject} to ${to}`).toHaveLength(1);
      return found[0]!;
    };

    const signUp = await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: "ada@example.com", password: "a fine password", verification_callback_url: `${app}/email-verification` } });
    expect(signUp.status, signUp.text).toBe(200);
    expectCodeLinkOnce(await mailTo("ada@example.com", "Verify your email"), `${app}/email-verification`);

    expect((await lk.call("POST", "/auth/password/send-reset-code", { ...client, body: { email: "ada@example.com", callback_url: `${app}/password-reset` } })).status).toBe(200);
    expectCodeLinkOnce(await mailTo("ada@example.com", "Reset your password at"), `${app}/password-reset`);

    expect((await lk.call("POST", "/auth/otp/send-sign-in-code", { ...client, body: { email: "grace@example.com", callback_url: `${app}/magic-link-callback` } })).status).toBe(200);
    expectCodeLinkOnce(await mailTo("grace@example.com", "Sign in to"), `${app}/magic-link-callback`);

    const team = await lk.call("POST", "/teams", { ...server, body: { display_name: "Engines" } });
    expect(team.status, team.text).toBe(201);
    const invited = await lk.call("POST", "/team-invitations/send-code", { ...server, body: { team_id: team.body.id, email: "bob@example.com", callback_url: `${app}/team-invitation` } });
    expect(invited.status, invited.text).toBe(200);
    expectCodeLinkOnce(await mailTo("bob@example.com", "join"), `${app}/team-invitation`);

    // The mails without a code: a sign-in invitation and a security alert (a verified address's password changed).
    expect((await lk.call("POST", "/internal/send-sign-in-invitation", { ...server, body: { email: "new@example.com", callback_url: `${app}/sign-in` } })).status).toBe(200);
    const user = await lk.call("POST", "/users", { ...server, body: { primary_email: "eve@example.com", primary_email_verified: true, primary_email_auth_enabled: true, password: "the old password" } });
    expect(user.status, user.text).toBe(201);
    const signIn = await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "eve@example.com", password: "the old password" } });
    expect(signIn.status, signIn.text).toBe(200);
    const changed = await lk.call("POST", "/auth/password/update", {
      ...client,
      headers: { "x-stack-access-token": signIn.body.access_token },
      body: { old_password: "the old password", new_password: "the new password" },
    });
    expect(changed.status, changed.text).toBe(200);
    await mailTo("new@example.com", "invited to sign in");
    await mailTo("eve@example.com", "Security alert");

    expect(sink.messages).toHaveLength(6);
    for (const mail of sink.messages) {
      expect(mail.partTypes, mail.subject).toEqual(["multipart/alternative", "text/plain", "text/html"]);
      expect(mail.text.trim().length, mail.subject).toBeGreaterThan(0);
    }
  });
});
