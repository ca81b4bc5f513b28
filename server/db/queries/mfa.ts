import { and, count, eq, isNull, lt, or } from "drizzle-orm";
import type { Db, Store } from "../store.js";

export function mfaQueries(store: Store) {
  const { users, mfaRecoveryCodes: codes } = store.t;
  return {
    /** Records a TOTP step as used unless a later or equal one already was; false when it was. */
    async advanceTotpStep(projectId: string, userId: string, step: number, db: Db = store.db) {
      const updated = await db
        .update(users)
        .set({ totpLastUsedStep: step })
        .where(and(eq(users.projectId, projectId), eq(users.id, userId), or(isNull(users.totpLastUsedStep), lt(users.totpLastUsedStep, step))))
        .returning({ id: users.id });
      return updated.length > 0;
    },
    /** The user's recovery code with this hash, used or not (a used one is refused with its own reason). */
    async findRecoveryCode(projectId: string, userId: string, codeHash: string) {
      const [row] = await store.db
        .select({ id: codes.id, usedAt: codes.usedAt })
        .from(codes)
        .where(and(eq(codes.projectId, projectId), eq(codes.userId, userId), eq(codes.codeHash, codeHash)))
        .limit(1);
      return row;
    },
    async countUnusedRecoveryCodes(projectId: string, userId: string, db: Db = store.db) {
      const [row] = await db
        .select({ n: count() })
        .from(codes)
        .where(and(eq(codes.projectId, projectId), eq(codes.userId, userId), isNull(codes.usedAt)));
      return Number(row?.n ?? 0);
    },
    async useRecoveryCode(id: string, now: Date, db: Db = store.db) {
      const used = await db.update(codes).set({ usedAt: now }).where(and(eq(codes.id, id), isNull(codes.usedAt))).returning({ id: codes.id });
      return used.length > 0;
    },
    async insertRecoveryCode(row: typeof codes.$inferInsert, db: Db = store.db) {
      await db.insert(codes).values(row);
    },
    async deleteRecoveryCodes(projectId: string, userId: string, db: Db = store.db) {
      await db.delete(codes).where(and(eq(codes.projectId, projectId), eq(codes.userId, userId)));
    },
  };
}
