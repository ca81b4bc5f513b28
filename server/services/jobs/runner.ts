/**
 * The job runner: delivers outbox rows after their transaction commits. It polls (and can be woken),
 * leases a batch of due rows, hands each to the deliverer registered for its kind (deliverers.ts) and
 * records the outcome (outcomes.ts). Several runners, in one process or many, may share one database:
 * a row is leased to one of them at a time (the claim is in db/queries/outbox.ts).
 *
 * Delivery is at-least-once in one narrow case only: if the process dies (or the database is lost)
 * between a deliverer's success (e.g. the SMTP server accepting a message) and the row being marked
 * sent, the row is delivered again once its lease expires.
 *
 * While started it also checkpoints the audit chains every `auditCheckpointIntervalMs`
 * (services/audit/checkpoint-writer.ts), and hourly removes local-inbox mails past their age
 * (services/email/local-inbox.ts).
 */
import type { OutboxRow } from "../../db/queries/outbox.js";
import type { AppDeps } from "../../deps.js";
import type { Deliverer, Deliverers, Outcome } from "./deliverer.js";
import { createDeliverers } from "./deliverers.js";
import { createDeliverNow } from "./deliver-now.js";
import type { JobRunner } from "./job-runner.js";
import { errorFields } from "./error-fields.js";
import { createOutcomeRecorder } from "./outcomes.js";
import { createPollLoop } from "./poll-loop.js";
import { createPeriodicTask } from "./periodic-task.js";
import { checkpointAllProjects } from "../audit/checkpoint-writer.js";
import { localInboxNotice, pruneLocalInboxes } from "../email/local-inbox.js";

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
  /**
   * Who delivers each kind (tests may pass their own, which the runner then leaves open); default: the
   * registry of deliverers.ts, closed when the runner stops.
   */
  deliverers?: Deliverers;
  /** Time between audit checkpoint rounds; default the server's `auditCheckpointIntervalMs`. */
  auditCheckpointIntervalMs?: number;
}

export function createJobRunner(deps: AppDeps, options: JobRunnerOptions = {}): JobRunner {
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 10;
  const deliverers = options.deliverers ?? createDeliverers(deps);
  const ownsDeliverers = !options.deliverers;
  const record = createOutcomeRecorder(deps, {
    maxAttempts: options.maxAttempts ?? 10,
    retryBaseMs: options.retryBaseMs ?? 5_000,
    retryMaxMs: options.retryMaxMs ?? 3_600_000,
  });

  async function attempt(deliverer: Deliverer, row: OutboxRow): Promise<Outcome> {
    let outcome: Outcome;
    const startedAt = performance.now();
    try {
      outcome = await deliverer.deliver(row);
    } catch (error) {
      // Unexpected (database, a bug): log what it was, never the payload; store a generic message.
      deps.log.error("outbox: delivery error", { id: row.id, kind: row.kind, ...errorFields(error) });
      outcome = { status: "retry", error: "Internal error while delivering" };
    }
    deps.metrics.delivery(row.kind, outcome.status, (performance.now() - startedAt) / 1000);
    return outcome;
  }

  async function handle(row: OutboxRow): Promise<void> {
    const deliverer = deliverers[row.kind];
    if (!deliverer) {
      // Left alone: the lease lapses and the row stays pending until a deliverer is registered.
      deps.log.debug("outbox: no deliverer for this kind yet", { id: row.id, kind: row.kind });
      return;
    }
    await record(row, await attempt(deliverer, row), deliverer.retryPolicy);
  }

  async function runOnce(): Promise<number> {
    const now = deps.clock.now();
    const rows = await deps.queries.outbox.claimDue(now, new Date(now.getTime() + leaseMs), batchSize);
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

  const loop = createPollLoop({
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
    wakeDelayMs: options.wakeDelayMs ?? 20,
    batchSize,
    pass: runOnce,
    log: deps.log,
  });

  const checkpoints = createPeriodicTask({
    intervalMs: options.auditCheckpointIntervalMs ?? deps.config.auditCheckpointIntervalMs,
    task: () => checkpointAllProjects(deps),
    log: deps.log,
    name: "audit checkpoints",
  });

  const inboxPruning = createPeriodicTask({ intervalMs: 60 * 60 * 1000, task: () => pruneLocalInboxes(deps), log: deps.log, name: "local inbox pruning" });

  return {
    start() {
      const notice = localInboxNotice(deps.config);
      if (notice) deps.log.info(notice);
      loop.start();
      checkpoints.start();
      inboxPruning.start();
    },
    async stop() {
      await Promise.all([loop.stop(), checkpoints.stop(), inboxPruning.stop()]);
      if (ownsDeliverers) for (const deliverer of Object.values(deliverers)) deliverer.close?.();
    },
    runOnce,
    wake: loop.wake,
    deliverNow: createDeliverNow({ deps, deliverers, leaseMs, attempt, record }),
  };
}
