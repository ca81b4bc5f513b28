/** Queues e-mails in the outbox, inside the caller's transaction; the job runner sends them after commit. */
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import type { ProductEmailSpec } from "./templates.js";

export interface OutgoingEmail {
  projectId: string;
  to: string[];
  /** Shown to admins in the outbox summary: never put a code, token or link in a subject. */
  subject: string;
  html: string;
  text: string;
  /** A product mail: rendered by the deliverer from its template (html and text are then its Node layout). */
  product?: ProductEmailSpec;
}

/** What the payload column of a single, already rendered mail holds once decrypted. */
export interface EmailPayload {
  to: string[];
  subject: string;
  html: string;
  text: string;
}

/** What a send to many users asks for: each recipient's mail is composed when the batch is delivered. */
export type BatchContent =
  | { kind: "html"; html: string }
  | { kind: "template"; templateId: string; variables: Record<string, unknown> }
  | { kind: "draft"; draftId: string };

/** One batch of a send-email request: up to a page of users, one outbox row. */
export interface EmailBatch {
  projectId: string;
  userIds: string[];
  content: BatchContent;
  /** A theme id, false for none, null for the project's selected theme. */
  themeId: string | false | null;
  subject: string | null;
  categoryId: string;
}

/** A mail to an address (not a user of the project), composed when it is delivered. */
export interface ComposedLater {
  projectId: string;
  to: string;
  content: BatchContent;
  categoryId: string;
}

/** The payload column of an e-mail row, decrypted: a rendered mail, a batch of users, or one mail to compose. */
export type SealedEmail =
  | { kind: "single"; mail: EmailPayload }
  | { kind: "product"; mail: EmailPayload; product: ProductEmailSpec }
  | { kind: "batch"; batch: Omit<EmailBatch, "projectId"> }
  | { kind: "compose"; compose: Omit<ComposedLater, "projectId"> };

/** The purpose the payload is sealed under (a distinct key from every other secret). */
export const OUTBOX_SECRET_PURPOSE = "outbox";

/**
 * Writes the e-mail to the outbox through `db` (pass the transaction of the change that sends it, so
 * a rollback sends nothing) and returns the outbox id. Call the runner's `wake()` after the commit.
 */
export async function enqueueEmail(deps: AppDeps, db: Db, email: OutgoingEmail): Promise<string> {
  if (email.to.length === 0) throw new Error("An e-mail needs at least one recipient");
  const now = deps.clock.now();
  const mail: EmailPayload = { to: email.to, subject: email.subject, html: email.html, text: email.text };
  const payload = email.product ? { ...mail, product: email.product } : mail;
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

/**
 * Writes batches of a send to the outbox, one row each (many recipients per row; the deliverer
 * composes and sends each recipient's mail and writes the sent log), in one statement. Call it with
 * the transaction of the change, as `enqueueEmail`. Answers the rows' ids.
 */
export async function enqueueEmailBatches(deps: AppDeps, db: Db, batches: readonly EmailBatch[]): Promise<string[]> {
  if (batches.length === 0) return [];
  const now = deps.clock.now();
  const rows = batches.map(({ projectId, ...batch }) => {
    if (batch.userIds.length === 0) throw new Error("A batch needs at least one recipient");
    return {
      id: randomUUID(),
      projectId,
      kind: "email" as const,
      summary: { batch: true, recipients: batch.userIds.length, ...(batch.subject === null ? {} : { subject: batch.subject }), category: batch.categoryId },
      // Variables and HTML may hold anything the app put in them: sealed like every mail body.
      payload: deps.secrets.encrypt(JSON.stringify({ batch }), OUTBOX_SECRET_PURPOSE),
      status: "pending" as const,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    };
  });
  await deps.queries.outbox.insertMany(rows, db);
  deps.store.afterCommit(() => deps.jobs.wake(), db);
  return rows.map((r) => r.id);
}

/**
 * Queues one mail to an address, composed (rendered) by the deliverer, so a render that fails on a
 * busy server is tried again like a failed send. Call it with the transaction of the change.
 */
export async function enqueueComposedEmail(deps: AppDeps, db: Db, { projectId, ...compose }: ComposedLater): Promise<string> {
  const now = deps.clock.now();
  const row = await deps.queries.outbox.insert(
    {
      id: randomUUID(),
      projectId,
      kind: "email",
      summary: { to: [compose.to], composed: true, category: compose.categoryId },
      payload: deps.secrets.encrypt(JSON.stringify({ compose }), OUTBOX_SECRET_PURPOSE),
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    },
    db,
  );
  deps.store.afterCommit(() => deps.jobs.wake(), db);
  return row.id;
}

/** Decrypts an e-mail row's payload: a rendered mail, a batch, or a mail to compose. */
export function decryptSealedEmail(deps: Pick<AppDeps, "secrets">, sealed: string): SealedEmail {
  const parsed = JSON.parse(deps.secrets.decrypt(sealed, OUTBOX_SECRET_PURPOSE)) as
    | (EmailPayload & { product?: ProductEmailSpec })
    | { batch: Omit<EmailBatch, "projectId"> }
    | { compose: Omit<ComposedLater, "projectId"> };
  if ("batch" in parsed) return { kind: "batch", batch: parsed.batch };
  if ("compose" in parsed) return { kind: "compose", compose: parsed.compose };
  const { product, ...mail } = parsed;
  return product ? { kind: "product", mail, product } : { kind: "single", mail };
}

/**
 * The rendered mail of a single e-mail row (tests read links from it; a product mail answers its Node
 * layout, which holds the same links and codes). Batch and compose rows have no
 * rendered mail yet: they answer an empty one.
 */
export function decryptEmailPayload(deps: Pick<AppDeps, "secrets">, sealed: string): EmailPayload {
  const sealedEmail = decryptSealedEmail(deps, sealed);
  switch (sealedEmail.kind) {
    case "single":
    case "product":
      return sealedEmail.mail;
    case "batch":
      return { to: [], subject: sealedEmail.batch.subject ?? "", html: "", text: "" };
    case "compose":
      return { to: [sealedEmail.compose.to], subject: "", html: "", text: "" };
  }
}
