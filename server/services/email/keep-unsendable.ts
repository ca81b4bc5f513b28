/**
 * What the e-mail deliverer does with a row its project has nowhere to send: the row stays
 * undeliverable, and unless the project is in production mode the mail is rendered and kept in the
 * project's local inbox (local-inbox.ts) for its admins to read; a project in production mode
 * forgets what it kept before. Batches of the send-email route are not kept: that route requires a
 * server of the project's own.
 */
import type { OutboxRow } from "../../db/queries/outbox.js";
import type { AppDeps } from "../../deps.js";
import type { Outcome } from "../jobs/deliverer.js";
import { errorFields } from "../jobs/error-fields.js";
import { composeEmail } from "./compose.js";
import { forgetLocalInbox, inboxState, keepInLocalInbox } from "./local-inbox.js";
import { decryptSealedEmail, type EmailPayload } from "./outbox.js";
import { renderQueuedProductEmail } from "./templates.js";

export const NO_EMAIL_SERVER = "No e-mail server is configured for this project";

export async function keepUnsendable(deps: AppDeps, row: OutboxRow): Promise<Outcome> {
  const outcome: Outcome = { status: "undeliverable", error: NO_EMAIL_SERVER };
  const project = await deps.queries.projects.find(row.projectId);
  if (!project) return outcome;
  const state = inboxState(deps, project);
  // A project that went into production mode forgets what it kept before.
  if (state === "production_mode") await forgetLocalInbox(deps, project.id);
  if (state !== "kept") return outcome;
  try {
    const sealed = decryptSealedEmail(deps, row.payload);
    let mail: EmailPayload | null;
    switch (sealed.kind) {
      case "single":
        mail = sealed.mail;
        break;
      case "product":
        mail = { to: sealed.mail.to, ...(await renderQueuedProductEmail(deps, project, { ...sealed.mail, product: sealed.product })) };
        break;
      case "compose": {
        const { compose } = sealed;
        mail = { to: [compose.to], ...(await composeEmail(deps, project, { ...compose.content, recipient: { email: compose.to } })) };
        break;
      }
      case "batch":
        mail = null;
    }
    if (mail) await keepInLocalInbox(deps, project.id, row.id, { to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
  } catch (error) {
    // Keeping is a convenience for development: a mail that cannot be kept is not retried for it.
    deps.log.error("local inbox: could not keep a mail", { id: row.id, projectId: row.projectId, ...errorFields(error) });
  }
  return outcome;
}
