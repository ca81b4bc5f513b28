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
    async reset(key: string) {
      await store.db.delete(t).where(sql`${t.key} = ${key}`);
    },
  };
}
