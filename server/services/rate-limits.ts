/** Rate limits kept in the database, so every server process shares them. */
import type { AppDeps } from "../deps.js";
import { TooManyRequestsError } from "../errors.js";

export { TooManyRequestsError };

export interface Limit {
  /** Hits allowed per window. */
  max: number;
  windowMs: number;
}

/** Counts a hit on `key`; throws TooManyRequestsError once the window's allowance is used up. */
export async function enforceLimit(deps: AppDeps, key: string, limit: Limit): Promise<void> {
  const now = deps.clock.now().getTime();
  const { count, windowStartMs } = await deps.queries.rateLimits.hit(key, now, limit.windowMs);
  if (count > limit.max) {
    throw new TooManyRequestsError(Math.max(1, Math.ceil((windowStartMs + limit.windowMs - now) / 1000)));
  }
}
