/** Linked provider accounts, their stored provider tokens, and outer OAuth flows. */
import { and, asc, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type OAuthAccountRow = (typeof pgTables)["oauthAccounts"]["$inferSelect"];
export type OAuthTokenRow = (typeof pgTables)["oauthTokens"]["$inferSelect"];
export type OAuthFlowRow = (typeof pgTables)["oauthFlows"]["$inferSelect"];

export function oauthQueries(store: Store) {
  const { oauthAccounts: accounts, oauthTokens: tokens, oauthFlows: flows, verificationCodes: codes } = store.t;
  return {
    // ---- Linked accounts
    /** A user's linked accounts, oldest first; every user's of the project when `userId` is null. */
    async listAccounts(projectId: string, userId: string | null, db: Db = store.db): Promise<OAuthAccountRow[]> {
      const byUser = userId === null ? undefined : eq(accounts.userId, userId);
      return db
        .select()
        .from(accounts)
        .where(and(eq(accounts.projectId, projectId), byUser))
        .orderBy(asc(accounts.createdAt), asc(accounts.id));
    },
    /** The linked accounts of several users (for user views), oldest first. */
    async listAccountsOfUsers(projectId: string, userIds: readonly string[], db: Db = store.db): Promise<OAuthAccountRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(accounts)
        .where(and(eq(accounts.projectId, projectId), inArray(accounts.userId, [...userIds])))
        .orderBy(asc(accounts.createdAt), asc(accounts.id));
    },
    async findAccount(projectId: string, id: string, db: Db = store.db): Promise<OAuthAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(accounts)
        .where(and(eq(accounts.projectId, projectId), eq(accounts.id, id)))
        .limit(1);
      return row;
    },
    /** Every link of one provider account (a provider account may be linked to several users, signing in one). */
    async findAccountsByProviderId(projectId: string, providerConfigId: string, providerAccountId: string, db: Db = store.db): Promise<OAuthAccountRow[]> {
      return db
        .select()
        .from(accounts)
        .where(and(eq(accounts.projectId, projectId), eq(accounts.providerConfigId, providerConfigId), eq(accounts.providerAccountId, providerAccountId)))
        .orderBy(asc(accounts.createdAt));
    },
    async insertAccount(row: typeof accounts.$inferInsert, db: Db = store.db): Promise<OAuthAccountRow> {
      const [inserted] = await db.insert(accounts).values(row).returning();
      return inserted!;
    },
    async updateAccount(
      projectId: string,
      id: string,
      patch: Partial<Pick<OAuthAccountRow, "email" | "allowSignIn" | "allowConnectedAccounts" | "providerAccountId">>,
      db: Db = store.db,
    ): Promise<OAuthAccountRow | undefined> {
      const [row] = await db
        .update(accounts)
        .set(patch)
        .where(and(eq(accounts.projectId, projectId), eq(accounts.id, id)))
        .returning();
      return row;
    },
    async deleteAccount(projectId: string, id: string, db: Db = store.db): Promise<boolean> {
      const rows = await db
        .delete(accounts)
        .where(and(eq(accounts.projectId, projectId), eq(accounts.id, id)))
        .returning({ id: accounts.id });
      return rows.length > 0;
    },

    // ---- Provider tokens
    /** A linked account's tokens of one kind, newest first. */
    async listTokens(projectId: string, accountId: string, kind: OAuthTokenRow["kind"], db: Db = store.db): Promise<OAuthTokenRow[]> {
      return db
        .select()
        .from(tokens)
        .where(and(eq(tokens.projectId, projectId), eq(tokens.oauthAccountId, accountId), eq(tokens.kind, kind)))
        .orderBy(desc(tokens.createdAt), desc(tokens.id));
    },
    async insertToken(row: typeof tokens.$inferInsert, db: Db = store.db): Promise<void> {
      await db.insert(tokens).values(row);
    },
    async deleteToken(projectId: string, id: string, db: Db = store.db): Promise<void> {
      await db.delete(tokens).where(and(eq(tokens.projectId, projectId), eq(tokens.id, id)));
    },

    // ---- Outer flows
    async insertFlow(row: typeof flows.$inferInsert, db: Db = store.db): Promise<void> {
      await db.insert(flows).values(row);
    },
    async findFlowByStateHash(stateHash: string, db: Db = store.db): Promise<OAuthFlowRow | undefined> {
      const [row] = await db.select().from(flows).where(eq(flows.stateHash, stateHash)).limit(1);
      return row;
    },
    /** Housekeeping: removes at most `limit` flows that expired before `before`; answers how many. */
    async deleteExpiredFlows(before: Date, limit: number, db: Db = store.db): Promise<number> {
      const expired = db.select({ id: flows.id }).from(flows).where(lt(flows.expiresAt, before)).limit(limit);
      const rows = await db.delete(flows).where(inArray(flows.id, expired)).returning({ id: flows.id });
      return rows.length;
    },
    /** Housekeeping: removes at most `limit` verification codes of `purpose` (our authorization codes) that expired before `before`. */
    async deleteExpiredCodes(purpose: string, before: Date, limit: number, db: Db = store.db): Promise<number> {
      const expired = db.select({ id: codes.id }).from(codes).where(and(eq(codes.purpose, purpose), lt(codes.expiresAt, before))).limit(limit);
      const rows = await db.delete(codes).where(inArray(codes.id, expired)).returning({ id: codes.id });
      return rows.length;
    },
    /** Marks a flow used; false when it already was (a replayed callback). */
    async useFlow(id: string, now: Date, db: Db = store.db): Promise<boolean> {
      const rows = await db
        .update(flows)
        .set({ usedAt: now })
        .where(and(eq(flows.id, id), isNull(flows.usedAt)))
        .returning({ id: flows.id });
      return rows.length > 0;
    },
  };
}
