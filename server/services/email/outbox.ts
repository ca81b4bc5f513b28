/** Queues e-mails in the outbox, inside the caller's transaction; the job runner sends them after commit. */
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";

export interface OutgoingEmail {
  projectId: string;
  to: string[];
  /** Shown to admins in the outbox summary: never put a code, token or link in a subject. */
  subject: string;
  html: string;
  text: string;
}

/** What the payload column holds once decrypted. */
export interface EmailPayload {
  to: string[];
  subject: string;
  html: string;
  text: string;
}

/** The purpose the payload is sealed under (a distinct key from every other secret). */
export const OUTBOX_SECRET_PURPOSE = "outbox";

/**
 * Writes the e-mail to the outbox through `db` (pass the transaction of the change that sends it, so
 * a rollback sends nothing) and returns the outbox id. Call the runner's `wake()` after the commit.
 */
export async function enqueueEmail(deps: AppDeps, db: Db, email: OutgoingEmail): Promise<string> {
  if (email.to.length === 0) throw new Error("An e-mail needs at least one recipient");
  const now = deps.clock.now();
  const payload: EmailPayload = { to: email.to, subject: email.subject, html: email.html, text: email.text };
  const row = await deps.queries.outbox.insert(
    {
      id: randomUUID(),
      projectId: email.projectId,
      kind: "email",
      // Bodies carry codes and links, so they are encrypted; the summary is what admins may read.
      // Subjects land in the summary in the clear, which is why they must never contain a code.
      summary: { to: email.to, subject: email.subject },
      payload: deps.secrets.encrypt(JSON.stringify(payload), OUTBOX_SECRET_PURPOSE),
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    },
    db,
  );
  // Deliver as soon as the row is visible to the runner (after the surrounding transaction commits).
  deps.store.afterCommit(() => deps.jobs.wake(), db);
  return row.id;
}

export function decryptEmailPayload(deps: Pick<AppDeps, "secrets">, sealed: string): EmailPayload {
  return JSON.parse(deps.secrets.decrypt(sealed, OUTBOX_SECRET_PURPOSE)) as EmailPayload;
}
