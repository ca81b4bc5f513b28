/**
 * Delivers one batch of a send-email request: for each recipient not already done, checks the
 * notification preference, composes the mail (template, HTML or draft, with the recipient's name and
 * unsubscribe link), sends it and writes the result to the sent log. A batch claimed again after a
 * retry or a lost lease skips the recipients the log shows as sent or skipped.
 */
import type { OutboxRow } from "../../../db/queries/outbox.js";
import type { SenderConfigRecord } from "../../../db/tables/emails.js";
import type { AppDeps } from "../../../deps.js";
import { KnownError, StatusError } from "../../../errors.js";
import type { Outcome } from "../../jobs/deliverer.js";
import { composeEmail } from "../compose.js";
import type { EmailBatch } from "../outbox.js";
import { categoryById, TRANSACTIONAL, usersWithCategoryOff } from "../preferences.js";
import { EmailSendError, type EmailTransport } from "../transport.js";
import { unsubscribeHeaders, unsubscribePageUrl, unsubscribeUrl } from "../unsubscribe.js";
import { loadRecipients, type Recipient } from "./recipients.js";
import { recordSent, type SentLogEntry } from "./sent-log.js";

/**
 * A batch hands its row back (progress kept in the log) after this long: with a send that started just
 * before and runs into every SMTP timeout, still inside the runner's 60 s lease.
 */
const TIME_BUDGET_MS = 20_000;
/** Recipients composed and sent at the same time. */
const CONCURRENCY = 4;

export interface BatchDelivery {
  row: OutboxRow;
  batch: Omit<EmailBatch, "projectId">;
  transport: EmailTransport;
  senderConfig: SenderConfigRecord;
  /** Recipients already sent or skipped (from the sent log). */
  finished: Set<string>;
}

export async function deliverBatch(deps: AppDeps, { row, batch, transport, senderConfig, finished }: BatchDelivery): Promise<Outcome> {
  const startedAt = performance.now();
  const found = await deps.queries.projects.find(row.projectId);
  if (!found) return { status: "undeliverable", error: "The project no longer exists" };
  const project = found;
  const category = categoryById(batch.categoryId) ?? TRANSACTIONAL;
  const pending = batch.userIds.filter((id) => !finished.has(id));
  const recipients = await loadRecipients(deps, row.projectId, pending);
  const off = await usersWithCategoryOff(deps, row.projectId, pending, category);
  const logBase = { projectId: row.projectId, outboxId: row.id, notificationCategory: category.name, senderConfig };
  const entries: SentLogEntry[] = [];
  let retryable: string | null = null;
  let outOfTime = false;

  async function one(recipient: Recipient): Promise<void> {
    const skip = (reason: string) =>
      entries.push({ ...logBase, userId: recipient.userId, to: recipient.email ? [recipient.email] : [], subject: batch.subject ?? "", status: "skipped", error: { reason } });
    if (recipient.email === null) return void skip("The user has no primary e-mail address");
    if (off.has(recipient.userId)) return void skip(`The user turned ${category.name} e-mails off`);
    // The body links to the hosted page (a person confirms there); the header to the one-click API URL.
    const link = category.canDisable ? unsubscribeUrl(deps, row.projectId, recipient.userId, category.id) : undefined;
    const pageLink = category.canDisable ? unsubscribePageUrl(deps, row.projectId, recipient.userId, category.id) : undefined;
    let mail;
    try {
      mail = await composeEmail(deps, project, {
        ...batch.content,
        themeId: batch.themeId === null ? undefined : batch.themeId,
        ...(batch.subject !== null && { subject: batch.subject }),
        recipient: { displayName: recipient.displayName, email: recipient.email, ...(pageLink && { unsubscribeLink: pageLink }) },
      });
    } catch (error) {
      const failed = { ...logBase, userId: recipient.userId, to: [recipient.email], subject: batch.subject ?? "" };
      // The template or draft is gone: retrying will not help.
      if (error instanceof StatusError) return void entries.push({ ...failed, status: "failed", error: { message: error.message } });
      if (!(error instanceof KnownError)) throw error;
      // A render error may be the sandbox's deadline on a busy server: tried again with the row.
      retryable ??= `rendering failed: ${error.message}`;
      entries.push({ ...failed, status: "retrying", error: { message: error.message } });
      return;
    }
    try {
      await transport.send({ to: [recipient.email], subject: mail.subject, html: mail.html, text: mail.text, ...(link && { headers: unsubscribeHeaders(link) }) });
      entries.push({ ...logBase, userId: recipient.userId, to: [recipient.email], subject: mail.subject, status: "sent", error: null });
    } catch (error) {
      if (!(error instanceof EmailSendError)) throw error;
      retryable ??= `${transport.describe}: ${error.message}`;
      entries.push({ ...logBase, userId: recipient.userId, to: [recipient.email], subject: mail.subject, status: "retrying", error: { message: error.shownMessage } });
    }
  }

  // Users deleted since the send was queued are simply not there any more.
  const queue = [...recipients];
  async function worker(): Promise<void> {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (performance.now() - startedAt > TIME_BUDGET_MS) {
        outOfTime = true;
        return;
      }
      await one(next);
      // Write the log as we go, so a crash repeats as little as possible.
      if (entries.length >= 20) await recordSent(deps, entries.splice(0));
    }
  }
  try {
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  } finally {
    await recordSent(deps, entries.splice(0));
  }
  if (outOfTime) return { status: "deferred", until: deps.clock.now() };
  if (retryable !== null) return { status: "retry", error: retryable };
  return { status: "sent" };
}
