/**
 * Delivers one mail to an address that is composed only now (the sign-in invitation): renders it,
 * sends it and writes the sent log. A failed render is retried with the row (the sandbox's deadline
 * may have hit a busy moment); a template that no longer exists fails at once.
 */
import type { OutboxRow } from "../../../db/queries/outbox.js";
import type { SenderConfigRecord } from "../../../db/tables/emails.js";
import type { AppDeps } from "../../../deps.js";
import { KnownError, StatusError } from "../../../errors.js";
import type { Outcome } from "../../jobs/deliverer.js";
import { composeEmail } from "../compose.js";
import type { ComposedLater } from "../outbox.js";
import { categoryById, TRANSACTIONAL } from "../preferences.js";
import { EmailSendError, type EmailTransport } from "../transport.js";
import { recordSent } from "./sent-log.js";

export interface ComposedDelivery {
  row: OutboxRow;
  compose: Omit<ComposedLater, "projectId">;
  transport: EmailTransport;
  senderConfig: SenderConfigRecord;
}

export async function deliverComposed(deps: AppDeps, { row, compose, transport, senderConfig }: ComposedDelivery): Promise<Outcome> {
  const project = await deps.queries.projects.find(row.projectId);
  if (!project) return { status: "undeliverable", error: "The project no longer exists" };
  const category = categoryById(compose.categoryId) ?? TRANSACTIONAL;
  const log = { projectId: row.projectId, outboxId: row.id, userId: null, to: [compose.to], notificationCategory: category.name, senderConfig };
  let mail;
  try {
    mail = await composeEmail(deps, project, { ...compose.content, recipient: { email: compose.to } });
  } catch (error) {
    if (error instanceof StatusError) {
      await recordSent(deps, [{ ...log, subject: "", status: "failed", error: { message: error.message } }]);
      return { status: "failed", error: error.message };
    }
    if (!(error instanceof KnownError)) throw error;
    await recordSent(deps, [{ ...log, subject: "", status: "retrying", error: { message: error.message } }]);
    return { status: "retry", error: `rendering failed: ${error.message}` };
  }
  try {
    await transport.send({ to: [compose.to], subject: mail.subject, html: mail.html, text: mail.text });
    await recordSent(deps, [{ ...log, subject: mail.subject, status: "sent", error: null }]);
    return { status: "sent" };
  } catch (error) {
    if (!(error instanceof EmailSendError)) throw error;
    await recordSent(deps, [{ ...log, subject: mail.subject, status: "retrying", error: { message: error.shownMessage } }]);
    return { status: "retry", error: `${transport.describe}: ${error.message}` };
  }
}
