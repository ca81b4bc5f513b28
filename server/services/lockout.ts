/**
 * Account lockout: after 10 failed sign-ins for an address (wrong passwords or wrong second factors),
 * sign-ins for it are refused for a wait that doubles with every further failure (1 min, 2, 4, … up to
 * 1 h). Failures of unknown addresses count the same, so lockout reveals nothing about who exists. A
 * successful sign-in clears the count; a day without failures forgets it.
 */
import type { AppDeps } from "../deps.js";
import { TooManyRequestsError } from "./rate-limits.js";

const FREE_FAILURES = 10;
const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 3_600_000;
const FORGET_AFTER_MS = 24 * 3_600_000;

const keyOf = (projectId: string, email: string) => `lockout:${projectId}:${email}`;

function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
}

/**
 * Throws 429 with Retry-After while the address is locked. Returns whether failures are on record, so
 * that a successful sign-in clears them only when there are any (one write fewer per sign-in; failures
 * recorded by concurrent wrong attempts after this check stay counted).
 */
export async function assertNotLockedOut(deps: AppDeps, projectId: string, email: string): Promise<boolean> {
  const state = await deps.queries.rateLimits.peek(keyOf(projectId, email));
  if (!state) return false;
  const lockedUntil = state.windowStartMs + waitAfter(state.count);
  const now = deps.clock.now().getTime();
  if (lockedUntil > now) throw new TooManyRequestsError(Math.ceil((lockedUntil - now) / 1000));
  return true;
}

export async function recordSignInFailure(deps: AppDeps, projectId: string, email: string): Promise<void> {
  await deps.queries.rateLimits.recordFailure(keyOf(projectId, email), deps.clock.now().getTime(), FORGET_AFTER_MS);
}

export async function clearSignInFailures(deps: AppDeps, projectId: string, email: string): Promise<void> {
  await deps.queries.rateLimits.reset(keyOf(projectId, email));
}
