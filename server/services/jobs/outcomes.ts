/**
 * Records what a deliverer decided about a row: sent, a retry with exponential backoff, failed
 * (attempts exhausted or hopeless) or undeliverable (nowhere to send).
 */
import { batchedLookup, type BatchedLookup } from "../../db/batched-lookup.js";
import type { OutboxRow } from "../../db/queries/outbox.js";
import type { AppDeps } from "../../deps.js";
import type { Outcome, RetryPolicy } from "./deliverer.js";

export function createOutcomeRecorder(deps: AppDeps, policy: RetryPolicy) {
  const outbox = deps.queries.outbox;

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

  return async function record(row: OutboxRow, outcome: Outcome, kindPolicy?: Partial<RetryPolicy>): Promise<void> {
    const now = deps.clock.now();
    const { maxAttempts, retryBaseMs, retryMaxMs } = kindPolicy ? { ...policy, ...kindPolicy } : policy;
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
      case "deferred":
        await outbox.defer(row.id, outcome.until);
        deps.log.debug("outbox: deferred", { id: row.id, kind: row.kind, projectId: row.projectId });
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
  };
}
