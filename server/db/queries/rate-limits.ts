import { and, eq, gt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { insertBatchOf } from "../insert-batch.js";
import type { Db, Store } from "../store.js";

/**
 * The account-lockout schedule (services/lockout.ts): this many failures are free, then each further one
 * locks for a wait that doubles from the first to the longest; a day without failures forgets them. It
 * lives here because the reservation below decides "locked" in SQL, atomically, from these numbers.
 */
export const LOCKOUT = { freeFailures: 10, firstWaitMs: 60_000, longestWaitMs: 3_600_000, forgetAfterMs: 24 * 3_600_000 } as const;

/** How long `failures` failures lock the account, counted from the last one. */
export function lockoutWaitMs(failures: number): number {
  if (failures < LOCKOUT.freeFailures) return 0;
  return Math.min(LOCKOUT.longestWaitMs, LOCKOUT.firstWaitMs * 2 ** (failures - LOCKOUT.freeFailures));
}

/** `lockoutWaitMs(count)` as a CASE over literal numbers (no power function on SQLite). */
function lockoutWaitSql(count: SQL.Aliased | SQL | AnyColumn): SQL {
  const steps: SQL[] = [sql`when ${count} < ${sql.raw(String(LOCKOUT.freeFailures))} then 0`];
  for (let failures = LOCKOUT.freeFailures; lockoutWaitMs(failures) < LOCKOUT.longestWaitMs; failures++) {
    steps.push(sql`when ${count} = ${sql.raw(String(failures))} then ${sql.raw(String(lockoutWaitMs(failures)))}`);
  }
  return sql`(case ${sql.join(steps, sql` `)} else ${sql.raw(String(LOCKOUT.longestWaitMs))} end)`;
}

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
  const reserveFailure = store.prepare("rate_limit_reserve_failure", (db) => {
    const stale = sql`${t.windowStartMs} <= ${sql.placeholder("staleAtOrBefore")}`;
    // Free failures never lock, whatever the clocks say: a concurrent attempt from another process may
    // have stamped the window with a slightly later time than this attempt's own `nowMs`.
    const locked = sql`${t.count} >= ${sql.raw(String(LOCKOUT.freeFailures))} and ${t.windowStartMs} + ${lockoutWaitSql(t.count)} > ${nowMs}`;
    return db
      .insert(t)
      .values({ key, windowStartMs: nowMs, count: 1 })
      .onConflictDoUpdate({
        target: t.key,
        set: { count: sql`case when ${stale} then 1 else ${t.count} + 1 end`, windowStartMs: sql`${nowMs}` },
        setWhere: sql`not (${locked})`,
      })
      .returning({ count: t.count });
  });
  const release = store.prepare("rate_limit_release", (db) =>
    db.update(t).set({ count: sql`${t.count} - 1` }).where(and(eq(t.key, key), gt(t.count, 0))),
  );
  const peek = store.prepare("rate_limit_peek", (db) => db.select({ count: t.count, windowStartMs: t.windowStartMs }).from(t).where(eq(t.key, key)).limit(1));
  const reset = store.prepare("rate_limit_reset", (db) => db.delete(t).where(eq(t.key, key)));
  let resetText: string | undefined;

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
     * Counts a sign-in attempt as a failure before it is checked, unless the key is locked (per LOCKOUT),
     * in one statement: of any number of concurrent attempts, only those that find the key unlocked are
     * counted and may be checked. Returns the failure count, or null while locked (nothing counted).
     */
    async reserveFailure(key: string, nowMs: number): Promise<number | null> {
      const [row] = await reserveFailure.execute({ key, nowMs, staleAtOrBefore: nowMs - LOCKOUT.forgetAfterMs });
      return row ? row.count : null;
    },
    /** Takes back one reserved failure (the attempt turned out right but the sign-in goes on). */
    async release(key: string): Promise<void> {
      await release.execute({ key });
    },
    async peek(key: string): Promise<{ count: number; windowStartMs: number } | undefined> {
      const [row] = await peek.execute({ key });
      return row ? { count: row.count, windowStartMs: Number(row.windowStartMs) } : undefined;
    },
    /**
     * Forgets the key's hits. Given an insert batch's db, the delete joins the batch (one statement with
     * its inserts on PostgreSQL: a sign-in clears its failures and starts its session in one round trip).
     */
    async reset(key: string, db?: Db) {
      const batch = insertBatchOf(db);
      if (!batch) return void (await reset.execute({ key }, db));
      resetText ??= store.db.delete(t).where(eq(t.key, "")).toSQL().sql;
      const text = resetText;
      batch.record({ run: (on) => reset.execute({ key }, on), statement: () => ({ text, values: [key] }) });
    },
  };
}
