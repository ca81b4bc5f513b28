import { and, asc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { preparedInsert } from "../prepared-insert.js";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type VerificationCodeRow = (typeof pgTables)["verificationCodes"]["$inferSelect"];

export function verificationCodeQueries(store: Store) {
  const { verificationCodes: codes } = store.t;
  const insertCode = preparedInsert<VerificationCodeRow>(store, codes, { returning: true });
  return {
    async insert(row: typeof codes.$inferInsert, db: Db = store.db): Promise<VerificationCodeRow> {
      const [created] = await insertCode(row, db);
      return created!;
    },
    /** The code of this project and purpose with this hash, whatever its state (expired, used, locked). */
    async findByCodeHash(projectId: string, purpose: string, hash: string, db: Db = store.db) {
      const [row] = await db
        .select()
        .from(codes)
        .where(and(eq(codes.codeHash, hash), eq(codes.projectId, projectId), eq(codes.purpose, purpose)))
        .limit(1);
      return row;
    },
    /**
     * Adds `delta` attempts (1, or -1 to give one back) to every code of this project and purpose sharing
     * the nonce, in one statement; returns the highest count afterwards, or 0 when no code has this nonce.
     */
    async addAttemptsByNonce(projectId: string, purpose: string, nonceHash: string, delta: 1 | -1, db: Db = store.db): Promise<number> {
      const rows = await db
        .update(codes)
        .set({ attempts: sql`${codes.attempts} + ${sql.raw(String(delta))}` })
        .where(and(eq(codes.nonceHash, nonceHash), eq(codes.projectId, projectId), eq(codes.purpose, purpose)))
        .returning({ attempts: codes.attempts });
      return rows.reduce((max, row) => Math.max(max, row.attempts), 0);
    },
    /** Marks the code used unless it already is; exactly one of any concurrent callers gets `true`. */
    async consume(id: string, now: Date, db: Db = store.db): Promise<boolean> {
      const rows = await db
        .update(codes)
        .set({ usedAt: now })
        .where(and(eq(codes.id, id), isNull(codes.usedAt)))
        .returning({ id: codes.id });
      return rows.length > 0;
    },
    /** The unused, unexpired codes of a team with this purpose (invitations), oldest first. */
    async listPendingForTeam(projectId: string, teamId: string, purpose: string, now: Date, db: Db = store.db) {
      return db
        .select()
        .from(codes)
        .where(and(eq(codes.projectId, projectId), eq(codes.teamId, teamId), eq(codes.purpose, purpose), isNull(codes.usedAt), gt(codes.expiresAt, now)))
        .orderBy(asc(codes.createdAt), asc(codes.id));
    },
    /** Deletes one code of a team with this purpose; returns whether there was one. */
    async deleteForTeam(projectId: string, teamId: string, purpose: string, id: string, db: Db = store.db): Promise<boolean> {
      const rows = await db
        .delete(codes)
        .where(and(eq(codes.id, id), eq(codes.projectId, projectId), eq(codes.teamId, teamId), eq(codes.purpose, purpose)))
        .returning({ id: codes.id });
      return rows.length > 0;
    },
    /**
     * Deletes the codes of a user with this purpose but `exceptId` (outstanding password resets after a
     * new password; the one just used stays, so a replay answers ALREADY_USED); returns how many.
     */
    async deleteForUser(projectId: string, userId: string, purpose: string, exceptId: string | null, db: Db = store.db): Promise<number> {
      const rows = await db
        .delete(codes)
        .where(and(eq(codes.projectId, projectId), eq(codes.userId, userId), eq(codes.purpose, purpose), exceptId ? ne(codes.id, exceptId) : undefined))
        .returning({ id: codes.id });
      return rows.length;
    },
    /** Housekeeping: removes codes that expired before `before`; returns how many. */
    async deleteExpired(before: Date, db: Db = store.db): Promise<number> {
      const rows = await db.delete(codes).where(lt(codes.expiresAt, before)).returning({ id: codes.id });
      return rows.length;
    },
  };
}
