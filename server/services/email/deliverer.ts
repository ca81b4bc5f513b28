/**
 * Delivers the outbox's e-mail rows through the project's SMTP server (see transport.ts): a single
 * rendered mail (the product's own mails), a batch of a send-email request composed per recipient
 * (sending/deliver-batch.ts), or one mail composed now (sending/deliver-composed.ts). Every result goes
 * to the sent log. A project with nowhere to send keeps its mails in its local inbox (keep-unsendable.ts).
 */
import type { SenderConfigRecord } from "../../db/tables/emails.js";
import type { AppDeps } from "../../deps.js";
import type { Deliverer } from "../jobs/deliverer.js";
import { renderProjectConfig } from "../config/project-config.js";
import { decryptSealedEmail, type SealedEmail } from "./outbox.js";
import { deliverBatch } from "./sending/deliver-batch.js";
import { deliverComposed } from "./sending/deliver-composed.js";
import { finishedRecipients, recordSent } from "./sending/sent-log.js";
import { renderQueuedProductEmail } from "./templates.js";
import { createEmailTransports, EmailSendError, type EmailTransports } from "./transport.js";
import { keepUnsendable } from "./keep-unsendable.js";

export { NO_EMAIL_SERVER } from "./keep-unsendable.js";

/**
 * `transports`: where e-mails go (tests may pass their own, which the deliverer then leaves open);
 * default: per-project SMTP from the project's config.
 */
export function createEmailDeliverer(deps: AppDeps, transports?: EmailTransports): Deliverer {
  const ownTransports = transports ?? createEmailTransports(deps);
  return {
    async deliver(row) {
      const transport = await ownTransports.forProject(row.projectId);
      // Nowhere to send: undeliverable, and kept in the project's local inbox unless it is in production mode.
      if (!transport) return keepUnsendable(deps, row);
      let sealed: SealedEmail;
      try {
        sealed = decryptSealedEmail(deps, row.payload);
      } catch {
        // Only a changed server secret (or a damaged row) gets here; retrying cannot help.
        return { status: "failed", error: "The queued e-mail could not be decrypted" };
      }
      const senderConfig = await senderConfigOf(deps, row.projectId);
      if (sealed.kind === "batch") {
        const finished = await finishedRecipients(deps, row.projectId, row.id);
        return deliverBatch(deps, { row, batch: sealed.batch, transport, senderConfig, finished });
      }
      if (sealed.kind === "compose") return deliverComposed(deps, { row, compose: sealed.compose, transport, senderConfig });
      let { mail } = sealed;
      if (sealed.kind === "product") {
        // Rendered now, not in the request that queued it; renderQueuedProductEmail falls back to the Node layout itself.
        const project = await deps.queries.projects.find(row.projectId);
        if (!project) return { status: "undeliverable", error: "The project no longer exists" };
        mail = { to: mail.to, ...(await renderQueuedProductEmail(deps, project, { ...mail, product: sealed.product })) };
      }
      const log = { projectId: row.projectId, outboxId: row.id, userId: null, to: mail.to, subject: mail.subject, notificationCategory: "Transactional", senderConfig };
      try {
        await transport.send(mail);
        await recordSent(deps, [{ ...log, status: "sent", error: null }]);
        return { status: "sent" };
      } catch (error) {
        if (!(error instanceof EmailSendError)) throw error;
        await recordSent(deps, [{ ...log, status: "retrying", error: { message: error.message } }]);
        return { status: "retry", error: `${transport.describe}: ${error.message}` };
      }
    },
    close() {
      if (!transports) ownTransports.close();
    },
  };
}

/** Where a project's mail goes, as the sent log shows it (never the password). */
export async function senderConfigOf(deps: Pick<AppDeps, "queries">, projectId: string): Promise<SenderConfigRecord> {
  const project = await deps.queries.projects.find(projectId);
  const server = project ? renderProjectConfig(project).emails.server : null;
  if (!server || server.isShared) return { type: "shared" };
  return {
    type: "standard",
    ...(server.host !== undefined && { host: server.host }),
    ...(server.port !== undefined && { port: server.port }),
    ...(server.username !== undefined && { username: server.username }),
    ...(server.senderName !== undefined && { senderName: server.senderName }),
    ...(server.senderEmail !== undefined && { senderEmail: server.senderEmail }),
  };
}
