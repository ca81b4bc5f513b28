/**
 * The product's own mails over a real SMTP conversation, rendered from the built-in templates: each
 * arrives with its subject, its link in the HTML and the text part; a template the project edited
 * over HTTP is what arrives next.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { linkFrom, startSmtpSink, type SinkMessage, type SmtpSink } from "../../../support/smtp-sink.js";

const RESET = "a70fb3a4-56c1-4e42-af25-49d25603abd0";
const app = "http://localhost:3000/handler";

describe.each(testDialects)("the product's mails from the default templates on %s", { timeout: 120_000 }, (dialect) => {
  async function setUp(lk: TestInstance, sink: SmtpSink): Promise<ProjectCredentials> {
    return lk.createProject({
      displayName: "Acme",
      configOverride: {
        "auth.otp.allowSignIn": true,
        "auth.password.allowSignIn": true,
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      },
    });
  }

  async function delivered(lk: TestInstance, sink: SmtpSink, match: (m: SinkMessage) => boolean): Promise<SinkMessage> {
    await lk.deps.jobs.runOnce();
    return sink.waitFor(match, 15_000);
  }

  function expectLinkInBothParts(mail: SinkMessage, prefix: string): string {
    const code = linkFrom(mail);
    const link = `${prefix}?code=${code}`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    return code;
  }

  it("mails verification, password reset and magic link with subject, link, HTML and text", async () => {
    await using lk = await createTestInstance(dialect, { emailRenderTimeoutMs: 15_000 });
    await using sink = await startSmtpSink();
    const project = await setUp(lk, sink);
    const client = { access: "client" as const, project };

    const signUp = await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: "ada@example.com", password: "a fine password", verification_callback_url: `${app}/email-verification` } });
    expect(signUp.status, signUp.text).toBe(200);
    const verification = await delivered(lk, sink, (m) => m.subject === "Verify your email at Acme");
    expect(verification.to).toEqual(["ada@example.com"]);
    expectLinkInBothParts(verification, `${app}/email-verification`);
    expect(verification.text).toContain("Please confirm that this address is yours to finish signing up to Acme.");

    expect((await lk.call("POST", "/auth/password/send-reset-code", { ...client, body: { email: "ada@example.com", callback_url: `${app}/password-reset` } })).status).toBe(200);
    const reset = await delivered(lk, sink, (m) => m.subject === "Reset your password at Acme");
    expectLinkInBothParts(reset, `${app}/password-reset`);

    // (an address whose owner has not verified it gets no sign-in code: a new address signs up)
    expect((await lk.call("POST", "/auth/otp/send-sign-in-code", { ...client, body: { email: "grace@example.com", callback_url: `${app}/magic-link-callback` } })).status).toBe(200);
    const magic = await delivered(lk, sink, (m) => m.subject === "Sign in to Acme");
    const code = expectLinkInBothParts(magic, `${app}/magic-link-callback`);
    const otp = code.slice(0, 6).toUpperCase();
    expect(magic.text).toContain(otp);
    expect(magic.html).toContain(otp);
  });

  it("mails the project's edited template from then on", async () => {
    await using lk = await createTestInstance(dialect, { emailRenderTimeoutMs: 15_000 });
    await using sink = await startSmtpSink();
    const project = await setUp(lk, sink);
    const edited = `import { type } from "arktype";
import { Subject, NotificationCategory } from "@latchkey/emails";
import { Button, Text } from "@react-email/components";
export const variablesSchema = type({ passwordResetLink: "string" });
export function EmailTemplate({ project, variables }: any) {
  return <><Subject value={"New password for " + project.displayName} /><NotificationCategory value="Transactional" />
    <Text>Our own words.</Text><Button href={variables.passwordResetLink}>Reset</Button></>;
}
EmailTemplate.PreviewVariables = { passwordResetLink: "https://example.com/r" };`;
    const saved = await lk.call("PATCH", `/internal/email-templates/${RESET}`, { access: "admin", project, body: { tsx_source: edited } });
    expect(saved.status, saved.text).toBe(200);

    const client = { access: "client" as const, project };
    expect((await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: "bob@example.com", password: "a fine password", verification_callback_url: `${app}/email-verification` } })).status).toBe(200);
    expect((await lk.call("POST", "/auth/password/send-reset-code", { ...client, body: { email: "bob@example.com", callback_url: `${app}/password-reset` } })).status).toBe(200);
    const reset = await delivered(lk, sink, (m) => m.subject === "New password for Acme");
    expect(reset.text).toContain("Our own words.");
    expectLinkInBothParts(reset, `${app}/password-reset`);
  });
});
