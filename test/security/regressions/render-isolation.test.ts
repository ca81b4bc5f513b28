/**
 * Issue 35, finding 1 (one tenant stalls every tenant's mail and sign-ups): all projects share one pool of
 * template-render workers. Previews of a template that spins inside a native built-in cannot be interrupted
 * and held a worker each until it was killed, so 12 such previews from one project made a password sign-up
 * in another project take 28 s.
 *
 * Now the product's own mail has a lane of its own with a warm context that tenant work never takes,
 * projects take turns, and previews are rate-limited per project. The acceptance check of the issue: while
 * one project floods previews, another project's sign-up mail arrives within 2 s.
 */
import { describe, expect, it } from "vitest";
import { closeEmailRenderer, emailRenderer } from "../../../server/services/email/catalogue/renderer.js";
import { ownSmtp } from "../../api/v1/emails/sending-support.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { startSmtpSink, type SmtpSink } from "../../support/smtp-sink.js";

const callback = "http://localhost:3000/handler/email-verification";

/** A template whose comparator never returns: the loop runs inside the sort built-in. */
const spinningTemplate = `import { Subject, NotificationCategory } from "@latchkey/emails";
export function EmailTemplate() {
  [3, 2, 1].sort(() => { for (;;) {} });
  return <><Subject value="never" /><NotificationCategory value="Transactional" /></>;
}`;

async function projectWithMail(lk: TestInstance, sink: SmtpSink, displayName: string): Promise<ProjectCredentials> {
  return lk.createProject({ displayName, configOverride: ownSmtp(sink.port) });
}

/** Signs up and waits for the verification mail; answers the milliseconds from the request to the mail. */
async function signUpUntilMailed(lk: TestInstance, sink: SmtpSink, project: ProjectCredentials, email: string): Promise<number> {
  const started = performance.now();
  const answer = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: `${email} long pass 1`, verification_callback_url: callback } });
  expect(answer.status, answer.text).toBe(200);
  await sink.waitFor((m) => m.to.includes(email));
  return performance.now() - started;
}

describe.each(testDialects)("render isolation between projects on %s", (dialect) => {
  it("another project's sign-up mail arrives within 2 s while one project floods hanging previews", async () => {
    await using lk = await createTestInstance(dialect, { emailRenderTimeoutMs: 1000 });
    await using sink = await startSmtpSink();
    const attacker = await lk.createProject({ displayName: "Attacker" });
    const victim = await projectWithMail(lk, sink, "Victim");
    await emailRenderer(lk.deps).whenReady();
    // Plain sign-ups first: they warm the victim's templates, and the slowest of them is what a sign-up costs
    // on this machine right now (a cold pool's start is no tenant's doing).
    let plain = 0;
    for (const email of ["warm-1@example.com", "warm-2@example.com"]) plain = Math.max(plain, await signUpUntilMailed(lk, sink, victim, email));

    const flood = Array.from({ length: 12 }, () =>
      lk.call("POST", "/emails/render-email", { access: "admin", project: attacker, body: { template_tsx_source: spinningTemplate, theme_id: false } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // the flood reaches the pool first

    const underFlood = await signUpUntilMailed(lk, sink, victim, "ada@example.com");
    // Within 2 s; on a machine so busy that a plain sign-up already takes longer, within a second of that.
    // Before the fix it waited for every hanging preview queued ahead of it (28 s for 12).
    expect(underFlood).toBeLessThan(Math.max(2000, plain + 1000));

    // The flood's previews fail at their deadline, never with a 5xx.
    for (const answer of await Promise.all(flood.slice(0, 2))) expect([answer.status, answer.body.details]).toEqual([400, { error: "Rendering timed out after 1000 ms" }]);
    await closeEmailRenderer(); // the rest need not run: their waiting renders are refused
    await Promise.all(flood);
  }, 90_000);

  it("limits a project's previews per minute", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const template = `import { Subject, NotificationCategory } from "@latchkey/emails";
export function EmailTemplate() { return <><Subject value="hi" /><NotificationCategory value="Transactional" /></>; }`;
    // Counted before anything else: requests the contract refuses count too, so the 121st of the minute is refused.
    expect((await lk.call("POST", "/emails/render-email", { access: "admin", project, body: { template_tsx_source: template, theme_id: false } })).status).toBe(200);
    for (let i = 1; i < 120; i++) {
      const answer = await lk.call("POST", "/emails/render-email", { access: "admin", project, body: {} });
      expect(answer.status).toBe(400);
    }
    const refused = await lk.call("POST", "/emails/render-email", { access: "admin", project, body: { template_tsx_source: template, theme_id: false } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
  }, 60_000);
});
