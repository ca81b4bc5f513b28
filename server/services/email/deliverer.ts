/** Delivers the outbox's e-mail rows through the project's SMTP server (see transport.ts). */
import type { AppDeps } from "../../deps.js";
import type { Deliverer } from "../jobs/deliverer.js";
import { decryptEmailPayload } from "./outbox.js";
import { createEmailTransports, EmailSendError, type EmailTransports } from "./transport.js";

export const NO_EMAIL_SERVER = "No e-mail server is configured for this project";

/**
 * `transports`: where e-mails go (tests may pass their own, which the deliverer then leaves open);
 * default: per-project SMTP from the project's config.
 */
export function createEmailDeliverer(deps: AppDeps, transports?: EmailTransports): Deliverer {
  const ownTransports = transports ?? createEmailTransports(deps);
  return {
    async deliver(row) {
      const transport = await ownTransports.forProject(row.projectId);
      if (!transport) return { status: "undeliverable", error: NO_EMAIL_SERVER };
      let mail;
      try {
        mail = decryptEmailPayload(deps, row.payload);
      } catch {
        // Only a changed server secret (or a damaged row) gets here; retrying cannot help.
        return { status: "failed", error: "The queued e-mail could not be decrypted" };
      }
      try {
        await transport.send(mail);
        return { status: "sent" };
      } catch (error) {
        if (error instanceof EmailSendError) return { status: "retry", error: `${transport.describe}: ${error.message}` };
        throw error;
      }
    },
    close() {
      if (!transports) ownTransports.close();
    },
  };
}
