/**
 * Delivering one outbox row now, inside the request that queued it, instead of on the runner's next
 * pass: the row is leased by id (so no pass, in this process or another, sends it too), tried a few
 * times in a row, and its outcome recorded as a pass records it. A row another runner holds is not
 * touched: the caller waits (bounded) for that runner's outcome.
 */
import type { OutboxRow } from "../../db/queries/outbox.js";
import type { AppDeps } from "../../deps.js";
import type { Deliverer, Deliverers, Outcome, RetryPolicy } from "./deliverer.js";
import type { DeliveredNow, DeliverNowOptions } from "./job-runner.js";

export interface DeliverNowParts {
  deps: AppDeps;
  deliverers: Deliverers;
  leaseMs: number;
  /** The runner's attempt: a thrown error becomes a retry, and the metrics are counted. */
  attempt(deliverer: Deliverer, row: OutboxRow): Promise<Outcome>;
  /** The runner's outcome recorder (outcomes.ts). */
  record(row: OutboxRow, outcome: Outcome, kindPolicy?: Partial<RetryPolicy>): Promise<void>;
}

/** How often a request waiting for another runner's outcome looks at the row. */
const WAIT_POLL_MS = 50;

export function createDeliverNow({ deps, deliverers, leaseMs, attempt, record }: DeliverNowParts) {
  const outbox = deps.queries.outbox;
  const leaseFromNow = () => new Date(deps.clock.now().getTime() + leaseMs);

  /** Leases the row, or answers what another runner made of it (or "queued" when the wait ends first). */
  async function leaseOrWait(projectId: string, id: string, waitMs: number): Promise<OutboxRow | DeliveredNow> {
    const waitUntil = performance.now() + waitMs;
    for (;;) {
      const leased = await outbox.claimById(id, deps.clock.now(), leaseFromNow());
      if (leased) return leased;
      const current = await outbox.get(projectId, id);
      if (!current) return "queued"; // gone with its project
      switch (current.status) {
        case "sent":
        case "failed":
        case "undeliverable":
          return current.status;
        case "pending":
          // Leased by another runner (or just released by one: the next claim takes it).
          if (performance.now() >= waitUntil) return "queued";
          await sleep(WAIT_POLL_MS);
      }
    }
  }

  return async function deliverNow(projectId: string, id: string, options: DeliverNowOptions): Promise<DeliveredNow> {
    const leased = await leaseOrWait(projectId, id, options.waitMs);
    if (typeof leased === "string") return leased;
    const deliverer = deliverers[leased.kind];
    if (!deliverer) {
      // As in a pass: left alone until its lease lapses.
      return "queued";
    }
    let row = leased;
    const firstStarted = performance.now();
    const windowClosed = () => options.retryWindowMs !== undefined && performance.now() + options.retryDelayMs - firstStarted > options.retryWindowMs;
    for (let made = 1; ; made++) {
      const outcome = await attempt(deliverer, row);
      if (outcome.status !== "retry") {
        await record(row, outcome, deliverer.retryPolicy);
        return outcome.status === "deferred" ? "queued" : outcome.status;
      }
      if (made >= options.attempts || windowClosed()) {
        // Recorded as a pass records it: handed back to the retry schedule, or failed for good.
        const last: Outcome = options.afterLastFailure === "retry" ? outcome : { status: "failed", error: outcome.error };
        await record(row, last, deliverer.retryPolicy);
        return options.afterLastFailure === "retry" ? "queued" : "failed";
      }
      // Counted on the row, which stays leased to this request for the next attempt.
      row = { ...row, attempts: row.attempts + 1, lastError: outcome.error };
      await outbox.recordAttempt(row.id, row.attempts, outcome.error, leaseFromNow());
      await sleep(options.retryDelayMs);
    }
  };
}

export type DeliverNow = ReturnType<typeof createDeliverNow>;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
