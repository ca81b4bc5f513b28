/**
 * Account lockout: after 10 failed sign-ins for an address (wrong passwords or wrong second factors),
 * sign-ins for it are refused for a wait that doubles with every further failure (1 min, 2, 4, … up to
 * 1 h; schedule in db/queries/rate-limits.ts). Failures of unknown addresses count the same, so lockout
 * reveals nothing about who exists. A successful sign-in clears the count; a day without failures forgets it.
 */
import { lockoutWaitMs } from "../db/queries/rate-limits.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { recordLockout } from "./audit/security-events.js";
import { TooManyRequestsError } from "./rate-limits.js";

const keyOf = (projectId: string, email: string) => `lockout:${projectId}:${email}`;

/**
 * Counts a sign-in attempt for the address as a failure before its password or second factor is
 * checked (atomically, across processes), or throws 429 with Retry-After while the address is locked:
 * of a burst of concurrent guesses, only as many as the lockout allows are ever checked. A right answer
 * then clears the failures (`clearSignInFailures`) or, with a second factor still to come, takes its
 * own count back (`releaseSignInAttempt`).
 */
export async function reserveSignInAttempt(deps: AppDeps, projectId: string, email: string, method: "password" | "mfa" = "password"): Promise<void> {
  const key = keyOf(projectId, email);
  const now = deps.clock.now().getTime();
  if ((await deps.queries.rateLimits.reserveFailure(key, now)) !== null) return;
  const state = await deps.queries.rateLimits.peek(key);
  const lockedUntil = state ? state.windowStartMs + lockoutWaitMs(state.count) : now;
  const retryAfterSeconds = Math.max(1, Math.ceil((lockedUntil - now) / 1000));
  deps.metrics.lockout();
  await recordLockout(deps, projectId, method, email, retryAfterSeconds);
  throw new TooManyRequestsError(retryAfterSeconds);
}

/** Takes back the failure `reserveSignInAttempt` counted, for an attempt that was right (or never checked). */
export async function releaseSignInAttempt(deps: AppDeps, projectId: string, email: string): Promise<void> {
  await deps.queries.rateLimits.release(keyOf(projectId, email));
}

/** Clears the address's failures; with an insert batch's db, as part of that batch. */
export async function clearSignInFailures(deps: AppDeps, projectId: string, email: string, db?: Db): Promise<void> {
  await deps.queries.rateLimits.reset(keyOf(projectId, email), db);
}
