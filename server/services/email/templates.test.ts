import { describe, expect, it, vi } from "vitest";
import { linkFrom } from "../../../test/support/smtp-sink.js";
import type { AppDeps } from "../../deps.js";
import { renderConfig } from "../config/index.js";
import { createMetrics } from "../metrics.js";
import type { EmailProject } from "./compose.js";
import { BUILT_IN_TEMPLATE_IDS } from "./render/defaults/index.js";
import * as queue from "./templates.js";
import { renderQueuedProductEmail, type QueuedProductEmail } from "./templates.js";

/** A queued product mail as the deliverer renders it (the request that queues it renders nothing). */
function delivered<I>(build: (deps: AppDeps, project: EmailProject, input: I) => Promise<QueuedProductEmail>) {
  return async (deps: AppDeps, project: EmailProject, input: I) => renderQueuedProductEmail(deps, project, await build(deps, project, input));
}
const verificationEmail = delivered(queue.verificationEmail);
const passwordResetEmail = delivered(queue.passwordResetEmail);
const magicLinkEmail = delivered(queue.magicLinkEmail);
const teamInvitationEmail = delivered(queue.teamInvitationEmail);
const signInInvitationEmail = delivered(queue.signInInvitationEmail);
const securityAlertEmail = delivered(queue.securityAlertEmail);

// The built-in mails need no database: only the logger (for a failing project template) and the render
// deadline are used. The deadline is generous: these tests are about output, on a machine that may be busy.
const log = { error: vi.fn(), info: vi.fn() };
const metrics = createMetrics({ outboxPending: () => Promise.resolve([]), now: () => Date.now() }, { processMetrics: false });
const deps = { log, metrics, config: { emailRenderTimeoutMs: 15_000 } } as unknown as AppDeps;
const project = (displayName: string, override: Record<string, unknown> = {}): EmailProject => ({
  id: `templates-test-${displayName.length}`,
  displayName,
  config: renderConfig(override),
});

describe("built-in e-mail templates", { timeout: 120_000 }, () => {
  it("are only laid out in Node when queued: the sandbox renders them at delivery", async () => {
    const link = "https://app.test/v?code=QUEUED";
    const mail = await queue.verificationEmail(deps, project("Acme"), { link, recipient: { email: "ada@example.com" } });
    expect(mail.subject).toBe("Verify your email at Acme");
    expect(mail.text).toContain(link);
    expect(mail.product).toEqual({ which: "emailVerification", variables: { emailVerificationLink: link }, recipient: { email: "ada@example.com" } });
    expect(log.error).not.toHaveBeenCalled();
  });

  it("escapes every value in the HTML part", async () => {
    const mail = await teamInvitationEmail(deps, project("A&B"), { teamName: "<script>x</script>", link: 'https://app.test/join?code=c1&x="y"' });
    expect(mail.html).toContain("A&amp;B");
    expect(mail.html).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain('href="https://app.test/join?code=c1&amp;x=&quot;y&quot;"');
    // The team name is attacker-written: it stays out of the subject (issue 18, finding 3).
    expect(mail.subject).toBe("You're invited to join a team on A&B");
    expect(mail.text).toContain("“<script>x</script>”");
  });

  it("puts the one-time code in the body, never in the subject", async () => {
    const mail = await magicLinkEmail(deps, project("Acme"), { link: "https://app.test/magic?code=LONGCODE", otp: "X7K2QP" });
    expect(mail.subject).toBe("Sign in to Acme");
    expect(mail.text).toContain("X7K2QP");
    expect(mail.html).toContain("X7K2QP");
    expect(linkFrom(mail)).toBe("LONGCODE");
  });

  it("keeps links and codes out of every subject and writes every link into the text part", async () => {
    const link = "https://app.test/x?code=TOPSECRET";
    const acme = project("Acme");
    const mails = [
      ["Verify your email at Acme", await verificationEmail(deps, acme, { link })],
      ["Reset your password at Acme", await passwordResetEmail(deps, acme, { link })],
      ["Sign in to Acme", await magicLinkEmail(deps, acme, { link, otp: "ABC123" })],
      ["You're invited to join a team on Acme", await teamInvitationEmail(deps, acme, { teamName: "Core", link })],
      ["You're invited to sign in to Acme", await signInInvitationEmail(deps, acme, { link })],
    ] as const;
    for (const [subject, mail] of mails) {
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
    }
  });

  it("greets the recipient by name when the name is known", async () => {
    const named = await passwordResetEmail(deps, project("Acme"), { link: "https://a.test/r?code=1", recipient: { displayName: "Grace" } });
    expect(named.text).toContain("Hi Grace,");
    const anonymous = await passwordResetEmail(deps, project("Acme"), { link: "https://a.test/r?code=1" });
    expect(anonymous.text).toContain("Hello,");
  });

  it("words security alerts by kind, with the time and without a link", async () => {
    const mail = await securityAlertEmail(deps, project("Acme"), { kind: "mfaDisabled", when: new Date("2026-03-04T05:06:07Z") });
    expect(mail.subject).toBe("Security alert for your Acme account");
    expect(mail.text).toContain("Two-factor authentication was turned off on your Acme account (2026-03-04 05:06 UTC).");
    expect(mail.html).not.toContain("<a ");
  });

  it("keeps subjects on one line", async () => {
    expect((await verificationEmail(deps, project("Evil\r\nBcc: x@y.test"), { link: "https://a.test" })).subject).not.toMatch(/[\r\n]/);
  });

  it("uses the project's edited template", async () => {
    const override = {
      [`emails.templates.${BUILT_IN_TEMPLATE_IDS.emailVerification}.tsxSource`]: `import { Subject } from "@latchkey/emails";
export function EmailTemplate({ project, variables }: any) {
  return <><Subject value={"Welcome aboard " + project.displayName} /><a href={variables.emailVerificationLink}>Confirm</a></>;
}`,
    };
    const mail = await verificationEmail(deps, project("Acme", override), { link: "https://a.test/v?code=9" });
    expect(mail.subject).toBe("Welcome aboard Acme");
    expect(mail.html).toContain('href="https://a.test/v?code=9"');
  });

  it("falls back to the built-in template when the project's copy fails, and logs it", async () => {
    log.error.mockClear();
    const override = { [`emails.templates.${BUILT_IN_TEMPLATE_IDS.passwordReset}.tsxSource`]: "export function EmailTemplate() { throw new Error('broken'); }" };
    const mail = await passwordResetEmail(deps, project("Acme", override), { link: "https://a.test/r?code=2" });
    expect(mail.subject).toBe("Reset your password at Acme");
    expect(linkFrom(mail)).toBe("2");
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining("failed"), expect.objectContaining({ templateId: BUILT_IN_TEMPLATE_IDS.passwordReset, error: expect.stringContaining("broken") }));
    expect(mail.html).toContain('href="https://a.test/r?code=2"');
  });

  it("picks the texts of the recipient's locale, English when there are none", async () => {
    const mail = await verificationEmail(deps, project("Acme"), { link: "https://a.test/v?code=1", recipient: { locale: "xx-YY" } });
    expect(mail.subject).toBe("Verify your email at Acme");
    const queuedGerman = await queue.passwordResetEmail(deps, project("Acme"), { link: "https://a.test/r?code=1", recipient: { locale: "de-DE", displayName: "Grete" } });
    const german = await renderQueuedProductEmail(deps, project("Acme"), queuedGerman);
    expect([queuedGerman.subject, german.subject]).toEqual(["Passwort für Acme zurücksetzen", "Passwort für Acme zurücksetzen"]);
    expect(german.text).toContain("Hallo Grete,");
    expect(german.text).toContain("Neues Passwort wählen https://a.test/r?code=1");
  });

  it("falls back to the project's e-mail language (emails.locale) when the recipient's is unknown", async () => {
    const germanProject = project("Acme", { "emails.locale": "de" });
    const queuedGerman = await queue.passwordResetEmail(deps, germanProject, { link: "https://a.test/r?code=1", recipient: { displayName: "Grete" } });
    const german = await renderQueuedProductEmail(deps, germanProject, queuedGerman);
    expect([queuedGerman.subject, german.subject]).toEqual(["Passwort für Acme zurücksetzen", "Passwort für Acme zurücksetzen"]);
    // The recipient's own language still wins over the project's.
    const english = await queue.passwordResetEmail(deps, germanProject, { link: "https://a.test/r?code=1", recipient: { locale: "en" } });
    expect(english.subject).toBe("Reset your password at Acme");
  });

  it("sends the subject decided when the mail was queued, unless the project edited the template", async () => {
    const queued = await queue.verificationEmail(deps, project("Acme"), { link: "https://a.test/v?code=3" });
    // What the outbox summary shows is what is sent: the sandbox's <Subject> of the built-in wording does not replace it.
    const sent = await renderQueuedProductEmail(deps, project("Acme"), { ...queued, subject: "Queued subject" });
    expect(sent.subject).toBe("Queued subject");
    expect(sent.html).toContain('href="https://a.test/v?code=3"');
  });

  it("sends the queued layout when the sandbox cannot render the mail", async () => {
    log.error.mockClear();
    const queued = await queue.magicLinkEmail(deps, project("Acme"), { link: "https://a.test/m?code=4", otp: "QX4Z7P" });
    // Variables the template's schema refuses: the built-in template fails in the sandbox.
    const sent = await renderQueuedProductEmail(deps, project("Acme"), { ...queued, product: { ...queued.product, variables: {} } });
    expect(sent).toEqual({ subject: queued.subject, html: queued.html, text: queued.text });
    expect(sent.text).toContain("QX4Z7P");
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining("failed"), expect.objectContaining({ templateId: BUILT_IN_TEMPLATE_IDS.magicLink }));
  });
});
