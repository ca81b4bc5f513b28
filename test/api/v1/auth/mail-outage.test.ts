/**
 * A sign-up while the project's SMTP server is down: the request tries the verification mail once and
 * still succeeds, the mail waits in the outbox, and once the server is back and the retry time has
 * come it is sent once.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { linkFrom, startSmtpSink } from "../../../support/smtp-sink.js";

const callback = "http://localhost:3000/handler/email-verification";

/** A port nothing listens on any more: a sink's, after it was closed. */
async function closedSinkPort(): Promise<number> {
  const sink = await startSmtpSink();
  await sink.close();
  return sink.port;
}

describe.each(testDialects)("mail outage on %s", (dialect) => {
  it("signs up while SMTP is down, keeps the verification mail, and delivers it once when SMTP is back", async () => {
    await using lk = await createTestInstance(dialect);
    const port = await closedSinkPort();
    const project = await lk.createProject({
      configOverride: {
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      },
    });

    const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email: "ada@example.com", password: "a good password", verification_callback_url: callback } });
    expect(signUp.status).toBe(200);
    const queuedAt = lk.clock.now().getTime();

    // The attempt the sign-up made is counted as the runner counts its own.
    const [pending, ...others] = await lk.deps.queries.outbox.listForProject(project.id, "email");
    expect(others).toEqual([]);
    expect(pending).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(pending!.nextAttemptAt.getTime()).toBe(queuedAt + 5_000);

    await using sink = await startSmtpSink({ port });
    expect(await lk.deps.jobs.runOnce()).toBe(0);
    expect(sink.messages).toEqual([]);

    lk.clock.advance(5_001);
    expect(await lk.deps.jobs.runOnce()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail!.to).toEqual(["ada@example.com"]);
    expect(linkFrom(mail!)).toMatch(/^[0-9a-hjkmnp-tv-z]{45}$/);

    lk.clock.advance(3_600_000);
    expect(await lk.deps.jobs.runOnce()).toBe(0);
    expect(sink.messages).toHaveLength(1);
    expect(await lk.deps.queries.outbox.listForProject(project.id, "email")).toMatchObject([{ id: pending!.id, status: "sent", attempts: 2 }]);
  });
});
