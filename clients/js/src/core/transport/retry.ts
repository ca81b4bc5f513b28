/** The network retry policy of SPEC section 9. */
export const retryPolicy = {
  /** Attempts per call, the first included. */
  attempts: 5,
  /** The wait before the second attempt, doubled before each later one. */
  baseDelayMs: 1000,
  /** The wait is multiplied by a random factor in [minJitter, maxJitter). */
  minJitter: 0.5,
  maxJitter: 1.5,
  /** The longest a timer can wait (setTimeout's limit). */
  maxWaitMs: 2_147_483_647,
} as const;

/** The wait after failed attempt number `failedAttempt` (0 for the first): jitter × 1000 ms × 2^n. */
export function retryDelayMs(failedAttempt: number, random: () => number = Math.random): number {
  const jitter = retryPolicy.minJitter + random() * (retryPolicy.maxJitter - retryPolicy.minJitter);
  return Math.min(retryPolicy.maxWaitMs, jitter * retryPolicy.baseDelayMs * 2 ** failedAttempt);
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date) as milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === "") return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.min(retryPolicy.maxWaitMs, Math.max(0, seconds * 1000));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.min(retryPolicy.maxWaitMs, Math.max(0, date - now));
}

/** Methods safe to send again after a network failure. */
export function isIdempotent(method: string): boolean {
  return ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"].includes(method.toUpperCase());
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
