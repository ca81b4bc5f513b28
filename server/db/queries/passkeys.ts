import { and, asc, eq } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type PasskeyRow = (typeof pgTables)["passkeys"]["$inferSelect"];

export function passkeyQueries(store: Store) {
  const { passkeys } = store.t;
  return {
    /** A user's passkeys, oldest first. */
    async listForUser(projectId: string, userId: string, db: Db = store.db): Promise<PasskeyRow[]> {
      return db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.projectId, projectId), eq(passkeys.userId, userId)))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },
    /** The passkey with this base64url credential id, whoever owns it. */
    async findByCredentialId(projectId: string, credentialId: string, db: Db = store.db): Promise<PasskeyRow | undefined> {
      const [row] = await db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.projectId, projectId), eq(passkeys.credentialId, credentialId)))
        .limit(1);
      return row;
    },
    async insert(row: typeof passkeys.$inferInsert, db: Db = store.db): Promise<void> {
      await db.insert(passkeys).values(row);
    },
    /**
     * Records a use: the new signature counter and the time, only while the stored counter is still
     * `previousCounter`; false when a concurrent sign-in got there first.
     */
    async recordUse(projectId: string, id: string, previousCounter: number, counter: number, now: Date, db: Db = store.db): Promise<boolean> {
      const rows = await db
        .update(passkeys)
        .set({ counter, lastUsedAt: now })
        .where(and(eq(passkeys.projectId, projectId), eq(passkeys.id, id), eq(passkeys.counter, previousCounter)))
        .returning({ id: passkeys.id });
      return rows.length > 0;
    },
    /** Removes every passkey of a user (`passkey_auth_enabled: false`); returns how many there were. */
    async deleteForUser(projectId: string, userId: string, db: Db = store.db): Promise<number> {
      const rows = await db
        .delete(passkeys)
        .where(and(eq(passkeys.projectId, projectId), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id });
      return rows.length;
    },
  };
}
