/**
 * Set-up for the sending tests: a project with its own SMTP server (the in-process sink of
 * test/support/smtp-sink.ts), users with e-mail addresses, and a way to run the outbox until it is empty.
 */
import type { ProjectCredentials, TestInstance } from "../../../support/instance.js";

// The sending tests' names for the shared SMTP sink (its messages carry their headers and part types).
export { startSmtpSink as startHeaderSink, type SinkMessage as HeaderMessage, type SmtpSink as HeaderSink } from "../../../support/smtp-sink.js";

export function ownSmtp(port: number) {
  return {
    "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port, username: "u", password: "smtp-password", senderName: "Acme", senderEmail: "noreply@acme.test" },
  };
}

/** Creates users through the API (server key) and answers their ids in order. */
export async function createUsers(lk: TestInstance, project: ProjectCredentials, emails: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const email of emails) {
    const res = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: email, display_name: email.split("@")[0] } });
    if (res.status !== 201 && res.status !== 200) throw new Error(`create user: ${res.status} ${res.text}`);
    ids.push(res.body.id as string);
  }
  return ids;
}

/**
 * Runs outbox passes until nothing is pending, moving the clock past retry delays (a render or send
 * that failed on a busy machine is tried again, as in production); answers the rows handled.
 */
export async function drainOutbox(lk: TestInstance, maxPasses = 50): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxPasses; i++) {
    const handled = await lk.deps.jobs.runOnce();
    total += handled;
    if (handled > 0) continue;
    const pending = (await lk.deps.queries.outbox.pendingByKind()).reduce((sum, k) => sum + k.count, 0);
    if (pending === 0) return total;
    lk.clock.advance(3_600_000);
  }
  throw new Error("The outbox did not drain");
}
