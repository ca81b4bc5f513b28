/**
 * Product mails a client reads right after the answer (sign-in codes, verification links, team
 * invitations) are handed to SMTP before the request answers, as Stack's backend does: the mail is
 * still queued in the outbox (durable, in the sent log, seen by admins), and once its transaction has
 * committed the request delivers that row itself through the runner (jobs/deliver-now.ts).
 *
 * Password-reset mails and security alerts stay with the background runner: a reset answers the same
 * whether or not the address has an account, and waiting for SMTP only when it has one would tell
 * the two apart by the answer's timing.
 */
import type { ProjectRow } from "../../db/queries/projects.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { renderProjectConfig } from "../config/project-config.js";
import { resolveSmtpSettings } from "./transport.js";

/** Stack tries a mail three times before the request fails. */
const ATTEMPTS = 3;
/** Short: the client is waiting; a server that refuses twice in a second is not coming back for this request. */
const RETRY_DELAY_MS = 200;
/**
 * A refusing server fails all three attempts within a second; one that accepts and then hangs runs
 * into the transport's 10 s timeouts each time, and three of those would hold the client for half a
 * minute. No attempt starts more than this long after the first.
 */
const RETRY_WINDOW_MS = 5_000;
/** Another runner already sending the row: wait for its outcome about as long as one slow SMTP attempt. */
const WAIT_FOR_OTHER_RUNNER_MS = 15_000;

/**
 * "required": the request fails (400 `emailSendFailed`) when every attempt fails, and the row is
 * marked failed so it is never sent after the caller was told it was not.
 * "best-effort": one attempt; a failure leaves the row to the runner's retries and the request
 * answers as usual (sign-up, whose account exists by then; Stack's sign-up does not fail on its mail
 * either).
 */
export type SendNowMode = "required" | "best-effort";

/** Delivers the committed outbox row `outboxId` of `project` before the caller answers (see the file's comment). */
export async function sendQueuedEmailNow(deps: AppDeps, project: ProjectRow, outboxId: string, mode: SendNowMode): Promise<void> {
  // Nowhere to send (no server of its own and no shared one): nothing to wait for and nothing to fail;
  // the row goes to the runner as before, which records it undeliverable. No query spent on it here.
  if (!resolveSmtpSettings(renderProjectConfig(project).emails.server, deps.config.sharedSmtp)) return;
  const outcome = await deps.jobs.deliverNow(project.id, outboxId, {
    attempts: mode === "required" ? ATTEMPTS : 1,
    retryDelayMs: RETRY_DELAY_MS,
    retryWindowMs: RETRY_WINDOW_MS,
    afterLastFailure: mode === "required" ? "failed" : "retry",
    waitMs: WAIT_FOR_OTHER_RUNNER_MS,
  });
  if (outcome === "failed" && mode === "required") throw statusError("emailSendFailed");
}
