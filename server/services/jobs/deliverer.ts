/** What the job runner asks of the deliverer of one kind of outbox row. */
import type { OutboxKind, OutboxRow } from "../../db/queries/outbox.js";

/** How a kind of row retries (the runner's defaults, or a deliverer's own). */
export interface RetryPolicy {
  /** Attempts before a row is marked failed. */
  maxAttempts: number;
  /** First retry delay; doubled on every further attempt. */
  retryBaseMs: number;
  /** Longest retry delay. */
  retryMaxMs: number;
}

/** What a deliverer decided about one row. */
export type Outcome =
  | { status: "sent" }
  | { status: "retry"; error: string }
  | { status: "failed"; error: string }
  | { status: "undeliverable"; error: string }
  /** Not now, and no attempt made: due again at `until` with its attempts unchanged (e.g. waiting for an earlier row to go first). */
  | { status: "deferred"; until: Date };

export interface Deliverer {
  /**
   * Delivers one row of its kind. The error of an outcome is stored on the row for admins: never put a
   * payload, token or credential in it. Throwing counts as a retryable failure with a generic message.
   */
  deliver(row: OutboxRow): Promise<Outcome>;
  /** How this kind retries, where it differs from the runner's defaults (webhooks retry for more than a day). */
  readonly retryPolicy?: Partial<RetryPolicy>;
  /** Releases what the deliverer holds (connections); called when the runner that created it stops. */
  close?(): void;
}

/** Deliverers by the outbox `kind` they handle. Rows of a kind without one stay pending. */
export type Deliverers = Partial<Record<OutboxKind, Deliverer>>;
