/** Rate limits kept in the database, so every server process shares them. */
import type { AppDeps } from "../deps.js";
import { StatusError } from "../http/status-error.js";

export interface Limit {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

/** A 429 with Retry-After (seconds), which clients wait out before retrying. */
export class TooManyRequestsError extends StatusError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many attempts. Try again in ${retryAfterSeconds} seconds.`);
    this.name = "TooManyRequestsError";
  }
}

/** Counts a hit on `key`; throws TooManyRequestsError once the window's allowance is used up. */
export async function enforceLimit(deps: AppDeps, key: string, limit: Limit): Promise<void> {
  const now = deps.clock.now().getTime();
  const { count, windowStartMs } = await deps.queries.rateLimits.hit(key, now, limit.windowMs);
  if (count > limit.max) {
    throw new TooManyRequestsError(Math.max(1, Math.ceil((windowStartMs + limit.windowMs - now) / 1000)));
  }
}
