import { eq, sql } from "drizzle-orm";
import type { Store } from "../store.js";

/** Counters keyed by string (rate limits, sign-in failures). Prepared: they run on every sign-in and sign-up. */
export function rateLimitQueries(store: Store) {
  const { rateLimits: t } = store.t;
  const key = sql.placeholder("key");
  const nowMs = sql.placeholder("nowMs");
  const hit = store.prepare("rate_limit_hit", (db) => {
    const expired = sql`${t.windowStartMs} <= ${sql.placeholder("expiredAtOrBefore")}`;
    return db
      .insert(t)
      .values({ key, windowStartMs: nowMs, count: 1 })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: sql`case when ${expired} then 1 else ${t.count} + 1 end`,
          windowStartMs: sql`case when ${expired} then ${nowMs} else ${t.windowStartMs} end`,
        },
      })
      .returning({ count: t.count, windowStartMs: t.windowStartMs });
  });
  const recordFailure = store.prepare("rate_limit_record_failure", (db) => {
    const stale = sql`${t.windowStartMs} <= ${sql.placeholder("staleAtOrBefore")}`;
    return db
      .insert(t)
      .values({ key, windowStartMs: nowMs, count: 1 })
      .onConflictDoUpdate({ target: t.key, set: { count: sql`case when ${stale} then 1 else ${t.count} + 1 end`, windowStartMs: sql`${nowMs}` } })
      .returning({ count: t.count });
  });
  const peek = store.prepare("rate_limit_peek", (db) => db.select({ count: t.count, windowStartMs: t.windowStartMs }).from(t).where(eq(t.key, key)).limit(1));
  const reset = store.prepare("rate_limit_reset", (db) => db.delete(t).where(eq(t.key, key)));

  return {
    /**
     * Counts one hit on `key` in a fixed window starting at the first hit, atomically (one upsert), and
     * returns the count so far and when the window started.
     */
    async hit(key: string, nowMs: number, windowMs: number): Promise<{ count: number; windowStartMs: number }> {
      const [row] = await hit.execute({ key, nowMs, expiredAtOrBefore: nowMs - windowMs });
      return { count: row!.count, windowStartMs: Number(row!.windowStartMs) };
    },
    /**
     * Counts a failure on `key` and stamps it with `nowMs` (the count starts over when the previous
     * failure is older than `forgetAfterMs`); returns the count.
     */
    async recordFailure(key: string, nowMs: number, forgetAfterMs: number): Promise<number> {
      const [row] = await recordFailure.execute({ key, nowMs, staleAtOrBefore: nowMs - forgetAfterMs });
      return row!.count;
    },
    async peek(key: string): Promise<{ count: number; windowStartMs: number } | undefined> {
      const [row] = await peek.execute({ key });
      return row ? { count: row.count, windowStartMs: Number(row.windowStartMs) } : undefined;
    },
    async reset(key: string) {
      await reset.execute({ key });
    },
  };
}
