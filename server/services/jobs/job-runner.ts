/**
 * What the rest of the server sees of the job runner (runner.ts) on `deps.jobs`. Apart from the runner, which
 * needs the whole AppDeps, so that deps.ts can name it without an import cycle.
 */

export interface DeliverNowOptions {
  /** Attempts made in the request (at least 1). */
  attempts: number;
  /** Pause between two attempts. */
  retryDelayMs: number;
  /**
   * No attempt starts later than this after the first one began: fewer attempts than `attempts` when
   * each one is slow (a server that accepts connections and then says nothing runs into the
   * transport's timeouts every time). Unset: every attempt is made.
   */
  retryWindowMs?: number;
  /**
   * What a row that failed every attempt becomes: "failed" (never sent later: the caller is told the
   * mail did not go out) or "retry" (handed back to the runner's passes and their retry schedule).
   */
  afterLastFailure: "failed" | "retry";
  /** How long to wait for a row another runner holds. */
  waitMs: number;
}

/**
 * What became of the row: delivered, failed for good, undeliverable (nowhere to send), or still queued
 * (handed back to the runner's retries, or another runner still had it when the wait ended).
 */
export type DeliveredNow = "sent" | "failed" | "undeliverable" | "queued";

export interface JobRunner {
  /** Starts polling in the background. */
  start(): void;
  /** Stops polling and waits for the pass in progress to finish. */
  stop(): Promise<void>;
  /** One pass: claims a batch of due rows and delivers them; returns how many rows it handled. */
  runOnce(): Promise<number>;
  /** Runs a pass soon, after `wakeDelayMs` (call it after committing a transaction that wrote to the outbox). */
  wake(): void;
  /**
   * Delivers one committed row now, in the caller's request (deliver-now.ts): leased by id so no pass
   * sends it too; a row another runner holds is waited for. Answers what became of it.
   */
  deliverNow(projectId: string, id: string, options: DeliverNowOptions): Promise<DeliveredNow>;
}
