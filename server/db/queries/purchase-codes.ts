/**
 * The one-time checkout codes (services/payments/checkout.ts): stored hashed, read back by the hosted
 * checkout page, used at most once.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type PurchaseCodeRow = (typeof pgTables)["purchaseCodes"]["$inferSelect"];

export function purchaseCodeQueries(store: Store) {
  const t = store.t.purchaseCodes;
  return {
    async insert(row: PurchaseCodeRow, db: Db = store.db): Promise<void> {
      await db.insert(t).values(row);
    },
    async findByHash(projectId: string, codeHash: string, db: Db = store.db): Promise<PurchaseCodeRow | undefined> {
      const [row] = await db.select().from(t).where(and(eq(t.projectId, projectId), eq(t.codeHash, codeHash))).limit(1);
      return row;
    },
    async findById(projectId: string, id: string, db: Db = store.db): Promise<PurchaseCodeRow | undefined> {
      const [row] = await db.select().from(t).where(and(eq(t.projectId, projectId), eq(t.id, id))).limit(1);
      return row;
    },
    /** Marks the code used unless it was already; answers whether this call did. */
    async markUsed(id: string, at: Date, db: Db): Promise<boolean> {
      const used = await db.update(t).set({ usedAt: at }).where(and(eq(t.id, id), isNull(t.usedAt))).returning({ id: t.id });
      return used.length > 0;
    },
    async clearUsed(id: string, db: Db): Promise<void> {
      await db.update(t).set({ usedAt: null }).where(eq(t.id, id));
    },
    async setStripeSession(id: string, sessionId: string, db: Db = store.db): Promise<void> {
      await db.update(t).set({ stripeSessionId: sessionId }).where(eq(t.id, id));
    },
  };
}
