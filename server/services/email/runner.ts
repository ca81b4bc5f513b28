/**
 * The job runner: delivers outbox rows after their transaction commits. It polls (and can be woken),
 * leases a batch of due rows, and records for each one: sent, a retry with exponential backoff,
 * failed (attempts exhausted) or undeliverable (nowhere to send). Several runners, in one process or
 * many, may share one database: a row is leased to one of them at a time.
 *
 * Delivery is at-least-once in one narrow case only: if the process dies (or the database is lost)
 * between the SMTP server accepting a message and the row being marked sent, the row is sent again
 * once its lease expires.
 */
import { batchedLookup, type BatchedLookup } from "../../db/batched-lookup.js";
import type { OutboxKind, OutboxRow } from "../../db/queries/outbox.js";
import type { AppDeps } from "../../deps.js";
import { decryptEmailPayload } from "./outbox.js";
import { createEmailTransports, EmailSendError, type EmailTransports } from "./transport.js";

export interface JobRunnerOptions {
  /** Time between passes when idle. Default 1 s. */
  pollIntervalMs?: number;
  /**
   * How long a wake waits for more rows before its pass starts. Default 20 ms: during a sign-up burst
   * one pass (one claim, one status update) then delivers the mails of many sign-ups.
   */
  wakeDelayMs?: number;
  /** How long a claimed row stays reserved for this runner. Default 60 s (well above the SMTP timeouts). */
  leaseMs?: number;
  /** Rows claimed per pass. Default 10. */
  batchSize?: number;
  /** Attempts before a row is marked failed. Default 10. */
  maxAttempts?: number;
  /** First retry delay; doubled on every further attempt. Default 5 s. */
  retryBaseMs?: number;
  /** Longest retry delay. Default 1 h. */
  retryMaxMs?: number;
  /** Where e-mails go (tests may pass their own); default: per-project SMTP from the project's config. */
  transports?: EmailTransports;
}

export interface JobRunner {
  /** Starts polling in the background. */
  start(): void;
  /** Stops polling and waits for the pass in progress to finish. */
  stop(): Promise<void>;
  /** One pass: claims a batch of due rows and delivers them; returns how many rows it handled. */
  runOnce(): Promise<number>;
  /** Runs a pass soon, after `wakeDelayMs` (call it after committing a transaction that wrote to the outbox). */
  wake(): void;
}

/** What a deliverer decided about one row. */
export type Outcome =
  | { status: "sent" }
  | { status: "retry"; error: string }
  | { status: "failed"; error: string }
  | { status: "undeliverable"; error: string };

/** Delivers one row of its kind. Throwing counts as a retryable failure with a generic message. */
export type Deliverer = (row: OutboxRow) => Promise<Outcome>;

export const NO_EMAIL_SERVER = "No e-mail server is configured for this project";

export function createJobRunner(deps: AppDeps, options: JobRunnerOptions = {}): JobRunner {
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const wakeDelayMs = options.wakeDelayMs ?? 20;
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 10;
  const maxAttempts = options.maxAttempts ?? 10;
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const retryMaxMs = options.retryMaxMs ?? 3_600_000;
  const transports = options.transports ?? createEmailTransports(deps);
  const ownsTransports = !options.transports;
  const outbox = deps.queries.outbox;

  /**
   * One deliverer per kind. Extension point: add `webhook: (row) => deliverWebhook(deps, row)` here.
   * Rows of a kind without a deliverer are left alone: their lease lapses and they stay pending.
   */
  const deliverers: Partial<Record<OutboxKind, Deliverer>> = {
    email: async (row) => {
      const transport = await transports.forProject(row.projectId);
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
  };

  // The common outcomes of rows finishing at about the same time are written by one statement.
  const sentMarks = batchedLookup((ids) => outbox.markSent(ids, deps.clock.now()), (id) => id);
  const undeliverableMarks = new Map<string, BatchedLookup<string>>();
  function markUndeliverable(id: string, error: string): Promise<string[]> {
    let marks = undeliverableMarks.get(error);
    if (!marks) {
      // A handful of distinct reasons at most; forget them all if something keeps inventing new ones.
      if (undeliverableMarks.size >= 16) undeliverableMarks.clear();
      marks = batchedLookup((ids) => outbox.markUndeliverable(ids, deps.clock.now(), error), (id) => id);
      undeliverableMarks.set(error, marks);
    }
    return marks.get(id);
  }

  async function handle(row: OutboxRow): Promise<void> {
    const deliver = deliverers[row.kind];
    if (!deliver) {
      deps.log.debug("outbox: no deliverer for this kind yet", { id: row.id, kind: row.kind });
      return;
    }
    let outcome: Outcome;
    try {
      outcome = await deliver(row);
    } catch (error) {
      // Unexpected (database, a bug): log what it was, never the payload; store a generic message.
      deps.log.error("outbox: delivery error", { id: row.id, kind: row.kind, ...errorFields(error) });
      outcome = { status: "retry", error: "Internal error while delivering" };
    }
    const now = deps.clock.now();
    switch (outcome.status) {
      case "sent":
        await sentMarks.get(row.id);
        deps.log.debug("outbox: delivered", { id: row.id, kind: row.kind, projectId: row.projectId });
        return;
      case "failed":
        await outbox.markFailed(row.id, now, outcome.error, row.attempts + 1);
        deps.log.error("outbox: failed", { id: row.id, kind: row.kind, projectId: row.projectId, reason: outcome.error });
        return;
      case "undeliverable":
        await markUndeliverable(row.id, outcome.error);
        deps.log.info("outbox: undeliverable", { id: row.id, kind: row.kind, projectId: row.projectId, reason: outcome.error });
        return;
      case "retry": {
        const attempts = row.attempts + 1;
        if (attempts >= maxAttempts) {
          await outbox.markFailed(row.id, now, outcome.error, attempts);
          deps.log.error("outbox: giving up", { id: row.id, kind: row.kind, projectId: row.projectId, attempts, reason: outcome.error });
          return;
        }
        const delay = Math.min(retryBaseMs * 2 ** row.attempts, retryMaxMs);
        await outbox.scheduleRetry(row.id, attempts, new Date(now.getTime() + delay), outcome.error);
        deps.log.info("outbox: will retry", { id: row.id, kind: row.kind, projectId: row.projectId, attempts, reason: outcome.error });
        return;
      }
    }
  }

  async function runOnce(): Promise<number> {
    const now = deps.clock.now();
    const rows = await outbox.claimDue(now, new Date(now.getTime() + leaseMs), batchSize);
    await Promise.all(
      rows.map((row) =>
        handle(row).catch((error: unknown) => {
          // Recording the outcome failed; the lease lapses and the row is tried again.
          deps.log.error("outbox: could not record the outcome", { id: row.id, ...errorFields(error) });
        }),
      ),
    );
    return rows.length;
  }

  let running = false;
  let timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires (performance.now() time). */
  let timerDueAt = 0;
  let current: Promise<void> | undefined;
  let wakeRequested = false;

  async function loop(): Promise<void> {
    timer = undefined;
    let processed = 0;
    do {
      wakeRequested = false;
      try {
        processed = await runOnce();
      } catch (error) {
        deps.log.error("outbox: pass failed", errorFields(error));
        processed = 0;
      }
      // A full batch suggests more is due: go on at once.
    } while (running && (wakeRequested || processed === batchSize));
    if (running) schedule(pollIntervalMs);
  }

  function schedule(delayMs: number) {
    if (timer) clearTimeout(timer);
    timerDueAt = performance.now() + delayMs;
    timer = setTimeout(pass, delayMs);
  }

  function pass() {
    current = loop().finally(() => {
      current = undefined;
      // A wake that came after the loop's last look at `wakeRequested` must not wait for the poll.
      if (running && wakeRequested) schedule(wakeDelayMs);
    });
  }

  return {
    start() {
      if (running) return;
      running = true;
      pass();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current;
      if (ownsTransports) transports.close();
    },
    runOnce,
    wake() {
      if (!running) return;
      if (current) {
        wakeRequested = true;
        return;
      }
      // A pass due within the delay already takes this wake's rows.
      if (timer && timerDueAt <= performance.now() + wakeDelayMs) return;
      schedule(wakeDelayMs);
    },
  };
}

/** Name and message of an unexpected error (database, bug); payloads never reach these code paths. */
function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.name, detail: error.message } : { error: String(error) };
}
