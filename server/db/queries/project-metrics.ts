/**
 * The queries behind a project's metrics (`GET /internal/metrics`): counts and day buckets computed in
 * the database over indexed ranges, so that the answer costs a few small result sets however many
 * users the project has. Day buckets are UTC days, numbered from the epoch (`dayNumber`).
 */
import { and, count, countDistinct, desc, eq, gte, isNotNull, sql, type SQL } from "drizzle-orm";
import { preparedInsert } from "../prepared-insert.js";
import type { Store } from "../store.js";
import { primaryEmailOf, userRecordColumns, type UserRecord } from "./users.js";

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of an instant's UTC day (the key of `user_activity_days`). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function projectMetricsQueries(store: Store) {
  const { users, userActivityDays, passkeys, oauthAccounts, contactChannels, teams } = store.t;
  const records = userRecordColumns(store.t);
  // Prepared, so that a sign-up's insert batch can record it.
  const insertActivity = preparedInsert(store, userActivityDays, { returning: false, ignoreConflicts: true });

  /**
   * The UTC day number (days since 1970-01-01) of a time column. The one place where the dialects
   * differ: SQLite keeps integer milliseconds (the divisor is written into the SQL: bound, it would be
   * a real and the division would not truncate), PostgreSQL a timestamptz.
   */
  const dayNumber = (column: typeof users.signedUpAt): SQL<number> =>
    (store.dialect === "sqlite" ? sql`(${column} / ${sql.raw(String(DAY_MS))})` : sql`floor(extract(epoch from ${column}) / 86400)::integer`).mapWith(Number) as SQL<number>;

  const visible = (projectId: string, includeAnonymous: boolean) =>
    includeAnonymous ? eq(users.projectId, projectId) : and(eq(users.projectId, projectId), eq(users.isAnonymous, false))!;

  return {
    /** Notes that a user was active on the instant's UTC day (once per user and day). */
    async markActive(projectId: string, user: { id: string; isAnonymous: boolean }, at: Date, db = store.db): Promise<void> {
      await insertActivity({ projectId, userId: user.id, day: utcDay(at), isAnonymous: user.isAnonymous }, db);
    },

    async totalUsers(projectId: string, includeAnonymous: boolean): Promise<number> {
      const [row] = await store.db.select({ n: count() }).from(users).where(visible(projectId, includeAnonymous));
      return Number(row?.n ?? 0);
    },

    /** Sign-ups per UTC day number since `since` (days without sign-ups are absent). */
    async signUpsByDay(projectId: string, since: Date, includeAnonymous: boolean): Promise<Map<number, number>> {
      const day = dayNumber(users.signedUpAt);
      const rows = await store.db
        .select({ day, n: count() })
        .from(users)
        .where(and(visible(projectId, includeAnonymous), gte(users.signedUpAt, since)))
        .groupBy(day);
      return new Map(rows.map((row) => [Number(row.day), Number(row.n)]));
    },

    /** Distinct active users per UTC day (`YYYY-MM-DD`) from `sinceDay` on (anonymous: as they were that day). */
    async activeByDay(projectId: string, sinceDay: string, includeAnonymous: boolean): Promise<Map<string, number>> {
      const inRange = and(eq(userActivityDays.projectId, projectId), gte(userActivityDays.day, sinceDay));
      const rows = await store.db
        .select({ day: userActivityDays.day, n: count() })
        .from(userActivityDays)
        .where(includeAnonymous ? inRange : and(inRange, eq(userActivityDays.isAnonymous, false)))
        .groupBy(userActivityDays.day);
      return new Map(rows.map((row) => [row.day, Number(row.n)]));
    },

    /** The newest users by last activity (then id), as user records. */
    async recentlyActive(projectId: string, includeAnonymous: boolean, limit: number): Promise<UserRecord[]> {
      return store.db
        .select(records)
        .from(users)
        .leftJoin(contactChannels, primaryEmailOf(store.t))
        .leftJoin(teams, eq(teams.id, users.selectedTeamId))
        .where(visible(projectId, includeAnonymous))
        .orderBy(desc(users.lastActiveAt), desc(users.id))
        .limit(limit);
    },

    /** How many users can sign in with each method: password, one-time code, passkey, each provider config. */
    async loginMethodCounts(projectId: string, includeAnonymous: boolean) {
      const where = visible(projectId, includeAnonymous);
      const [password, otp, passkey, providers] = await Promise.all([
        store.db.select({ n: count() }).from(users).where(and(where, isNotNull(users.passwordHash))),
        // The bare column, as in the partial index's condition (a bound `= true` would not match it).
        store.db.select({ n: count() }).from(users).where(and(where, sql`${users.otpAuthEnabled}`)),
        store.db.select({ n: countDistinct(passkeys.userId) }).from(passkeys).innerJoin(users, eq(users.id, passkeys.userId)).where(and(eq(passkeys.projectId, projectId), where)),
        store.db
          .select({ providerConfigId: oauthAccounts.providerConfigId, n: countDistinct(oauthAccounts.userId) })
          .from(oauthAccounts)
          .innerJoin(users, eq(users.id, oauthAccounts.userId))
          .where(and(eq(oauthAccounts.projectId, projectId), eq(oauthAccounts.allowSignIn, true), where))
          .groupBy(oauthAccounts.providerConfigId),
      ]);
      const first = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
      return {
        password: first(password),
        otp: first(otp),
        passkey: first(passkey),
        providers: providers.map((row) => ({ providerConfigId: row.providerConfigId, count: Number(row.n) })),
      };
    },
  };
}

export type ProjectMetricsQueries = ReturnType<typeof projectMetricsQueries>;
