/** The projects' connected Stripe accounts and the Stripe events applied so far (services/payments/stripe.ts). */
import { eq } from "drizzle-orm";
import type { Db, Store } from "../store.js";

export function stripeQueries(store: Store) {
  const { stripeAccounts: accounts, stripeEvents: events } = store.t;
  return {
    async accountId(projectId: string, db: Db = store.db): Promise<string | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.projectId, projectId)).limit(1);
      return row?.accountId ?? null;
    },
    /** Records the project's account unless it has one already. */
    async insertAccount(projectId: string, accountId: string, createdAt: Date, db: Db = store.db): Promise<void> {
      await db.insert(accounts).values({ projectId, accountId, createdAt }).onConflictDoNothing();
    },
    /** The project a connected account belongs to (account ids are Stripe's, unique across projects). */
    async projectOfAccount(accountId: string, db: Db = store.db): Promise<string | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.accountId, accountId)).limit(1);
      return row?.projectId ?? null;
    },
    /** Records an event as applied; false when it was recorded before (a replay). */
    async recordEvent(row: { projectId: string; id: string; type: string; receivedAt: Date }, db: Db): Promise<boolean> {
      const recorded = await db.insert(events).values(row).onConflictDoNothing().returning({ id: events.id });
      return recorded.length > 0;
    },
  };
}
