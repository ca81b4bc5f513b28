import { sql } from "drizzle-orm";
import type { Store } from "../store.js";

export function rateLimitQueries(store: Store) {
  const { rateLimits: t } = store.t;
  return {
    /**
     * Counts one hit on `key` in a fixed window starting at the first hit, atomically (one upsert), and
     * returns the count so far and when the window started.
     */
    async hit(key: string, nowMs: number, windowMs: number): Promise<{ count: number; windowStartMs: number }> {
      const expired = sql`${t.windowStartMs} <= ${nowMs - windowMs}`;
      const [row] = await store.db
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
      return { count: row!.count, windowStartMs: Number(row!.windowStartMs) };
    },
    /**
     * Counts a failure on `key` and stamps it with `nowMs` (the count starts over when the previous
     * failure is older than `forgetAfterMs`); returns the count.
     */
    async recordFailure(key: string, nowMs: number, forgetAfterMs: number): Promise<number> {
      const stale = sql`${t.windowStartMs} <= ${nowMs - forgetAfterMs}`;
      const [row] = await store.db
        .insert(t)
        .values({ key, windowStartMs: nowMs, count: 1 })
        .onConflictDoUpdate({ target: t.key, set: { count: sql`case when ${stale} then 1 else ${t.count} + 1 end`, windowStartMs: nowMs } })
        .returning({ count: t.count });
      return row!.count;
    },
    async peek(key: string): Promise<{ count: number; windowStartMs: number } | undefined> {
      const [row] = await store.db.select({ count: t.count, windowStartMs: t.windowStartMs }).from(t).where(sql`${t.key} = ${key}`).limit(1);
      return row ? { count: row.count, windowStartMs: Number(row.windowStartMs) } : undefined;
    },
    async reset(key: string) {
      await store.db.delete(t).where(sql`${t.key} = ${key}`);
    },
  };
}
