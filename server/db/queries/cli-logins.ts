import { and, eq, gt, lt } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type CliLoginRow = (typeof pgTables)["cliLogins"]["$inferSelect"];

/**
 * CLI logins. Both codes are stored as hashes; the refresh token is stored sealed while the login is
 * `completed` and cleared when the CLI collects it. State changes are single conditional UPDATEs, so of
 * concurrent callers exactly one wins.
 */
export function cliLoginQueries(store: Store) {
  const { cliLogins } = store.t;
  return {
    async insert(row: typeof cliLogins.$inferInsert, db: Db = store.db) {
      await db.insert(cliLogins).values(row);
    },
    /** The login of this project with this polling-code hash, in whatever state. */
    async findByPollingCodeHash(projectId: string, hash: string, db: Db = store.db): Promise<CliLoginRow | undefined> {
      const [row] = await db
        .select()
        .from(cliLogins)
        .where(and(eq(cliLogins.pollingCodeHash, hash), eq(cliLogins.projectId, projectId)))
        .limit(1);
      return row;
    },
    /** Whether this project has a waiting, unexpired login with this login-code hash. */
    async isWaiting(projectId: string, loginCodeHash: string, now: Date, db: Db = store.db): Promise<boolean> {
      const rows = await db
        .select({ id: cliLogins.id })
        .from(cliLogins)
        .where(and(eq(cliLogins.loginCodeHash, loginCodeHash), eq(cliLogins.projectId, projectId), eq(cliLogins.status, "waiting"), gt(cliLogins.expiresAt, now)))
        .limit(1);
      return rows.length > 0;
    },
    /**
     * Moves a waiting, unexpired login of this project from `waiting` to `completed` with the sealed
     * refresh token; returns false when there is no such login (unknown, expired or already completed).
     */
    async complete(projectId: string, loginCodeHash: string, sealedRefreshToken: string, now: Date, db: Db = store.db): Promise<boolean> {
      const rows = await db
        .update(cliLogins)
        .set({ status: "completed", refreshToken: sealedRefreshToken })
        .where(
          and(
            eq(cliLogins.loginCodeHash, loginCodeHash),
            eq(cliLogins.projectId, projectId),
            eq(cliLogins.status, "waiting"),
            gt(cliLogins.expiresAt, now),
          ),
        )
        .returning({ id: cliLogins.id });
      return rows.length > 0;
    },
    /**
     * Moves a completed login to `used` and clears the stored token; true for the one caller that made
     * the change. (The token never changes while `completed`, so the winner may use the one it read.)
     */
    async markUsed(projectId: string, id: string, db: Db = store.db): Promise<boolean> {
      const rows = await db
        .update(cliLogins)
        .set({ status: "used", refreshToken: null })
        .where(and(eq(cliLogins.id, id), eq(cliLogins.projectId, projectId), eq(cliLogins.status, "completed")))
        .returning({ id: cliLogins.id });
      return rows.length > 0;
    },
    /** Housekeeping: removes logins that expired before `before`; returns how many. */
    async deleteExpired(before: Date, db: Db = store.db): Promise<number> {
      const rows = await db.delete(cliLogins).where(lt(cliLogins.expiresAt, before)).returning({ id: cliLogins.id });
      return rows.length;
    },
  };
}
