/** The identity provider's clients, codes, consents, refresh tokens and settings. Every query is scoped to one project. */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db, Store } from "../store.js";
import type { pgTables } from "../schema.pg.js";

export type OAuthClientRow = (typeof pgTables)["oauthClients"]["$inferSelect"];
export type OAuthCodeRow = (typeof pgTables)["oauthAuthorizationCodes"]["$inferSelect"];
export type OAuthRefreshTokenRow = (typeof pgTables)["oauthRefreshTokens"]["$inferSelect"];
export type OAuthConsentRow = (typeof pgTables)["oauthConsents"]["$inferSelect"];
export type IdentityProviderSettingsRow = (typeof pgTables)["identityProviderSettings"]["$inferSelect"];

export function identityProviderQueries(store: Store) {
  const { oauthClients: clients, oauthAuthorizationCodes: codes, oauthConsents: consents, oauthRefreshTokens: refresh, identityProviderSettings: settings } = store.t;

  return {
    async listClients(projectId: string, db: Db = store.db) {
      return db.select().from(clients).where(eq(clients.projectId, projectId)).orderBy(desc(clients.createdAt), desc(clients.id));
    },
    async findClient(projectId: string, clientId: string, db: Db = store.db): Promise<OAuthClientRow | undefined> {
      const [row] = await db.select().from(clients).where(and(eq(clients.projectId, projectId), eq(clients.clientId, clientId))).limit(1);
      return row;
    },
    async insertClient(row: typeof clients.$inferInsert, db: Db = store.db) {
      const [created] = await db.insert(clients).values(row).returning();
      return created!;
    },
    async updateClient(projectId: string, clientId: string, patch: Partial<typeof clients.$inferInsert>, db: Db = store.db) {
      const [updated] = await db.update(clients).set(patch).where(and(eq(clients.projectId, projectId), eq(clients.clientId, clientId))).returning();
      return updated;
    },
    async deleteClient(projectId: string, clientId: string, db: Db = store.db) {
      const deleted = await db.delete(clients).where(and(eq(clients.projectId, projectId), eq(clients.clientId, clientId))).returning({ id: clients.id });
      return deleted.length > 0;
    },

    async insertCode(row: typeof codes.$inferInsert, db: Db = store.db) {
      await db.insert(codes).values(row);
    },
    async findCode(projectId: string, codeHash: string, db: Db = store.db): Promise<OAuthCodeRow | undefined> {
      const [row] = await db.select().from(codes).where(and(eq(codes.projectId, projectId), eq(codes.codeHash, codeHash))).limit(1);
      return row;
    },
    /** Marks a code used; false when it was used already (a replay). */
    async useCode(projectId: string, id: string, now: Date, db: Db = store.db) {
      const used = await db.update(codes).set({ usedAt: now }).where(and(eq(codes.projectId, projectId), eq(codes.id, id), isNull(codes.usedAt))).returning({ id: codes.id });
      return used.length > 0;
    },

    async findConsent(projectId: string, userId: string, clientRowId: string, db: Db = store.db): Promise<OAuthConsentRow | undefined> {
      const [row] = await db
        .select()
        .from(consents)
        .where(and(eq(consents.projectId, projectId), eq(consents.userId, userId), eq(consents.clientRowId, clientRowId)))
        .limit(1);
      return row;
    },
    async upsertConsent(row: typeof consents.$inferInsert, db: Db = store.db) {
      await db
        .insert(consents)
        .values(row)
        .onConflictDoUpdate({ target: [consents.projectId, consents.userId, consents.clientRowId], set: { scopes: row.scopes, updatedAt: row.updatedAt } });
    },
    async listConsentsOfUser(projectId: string, userId: string, db: Db = store.db) {
      return db
        .select({ consent: consents, client: clients })
        .from(consents)
        .innerJoin(clients, eq(clients.id, consents.clientRowId))
        .where(and(eq(consents.projectId, projectId), eq(consents.userId, userId)))
        .orderBy(desc(consents.updatedAt));
    },
    async deleteConsent(projectId: string, userId: string, clientRowId: string, db: Db = store.db) {
      const deleted = await db
        .delete(consents)
        .where(and(eq(consents.projectId, projectId), eq(consents.userId, userId), eq(consents.clientRowId, clientRowId)))
        .returning({ id: consents.id });
      return deleted.length > 0;
    },

    async insertRefreshToken(row: typeof refresh.$inferInsert, db: Db = store.db) {
      await db.insert(refresh).values(row);
    },
    async findRefreshToken(projectId: string, tokenHash: string, db: Db = store.db): Promise<OAuthRefreshTokenRow | undefined> {
      const [row] = await db.select().from(refresh).where(and(eq(refresh.projectId, projectId), eq(refresh.tokenHash, tokenHash))).limit(1);
      return row;
    },
    /** Marks a refresh token used; false when it was used (or revoked) already. */
    async useRefreshToken(projectId: string, id: string, now: Date, db: Db = store.db) {
      const used = await db
        .update(refresh)
        .set({ usedAt: now })
        .where(and(eq(refresh.projectId, projectId), eq(refresh.id, id), isNull(refresh.usedAt), isNull(refresh.revokedAt)))
        .returning({ id: refresh.id });
      return used.length > 0;
    },
    /** Revokes a grant: its refresh tokens, and (marked on the code it came from) its access tokens. */
    async revokeGrant(projectId: string, grantId: string, now: Date, db: Db = store.db) {
      await db.update(refresh).set({ revokedAt: now }).where(and(eq(refresh.projectId, projectId), eq(refresh.grantId, grantId), isNull(refresh.revokedAt)));
      await db.update(codes).set({ grantRevokedAt: now }).where(and(eq(codes.projectId, projectId), eq(codes.grantId, grantId), isNull(codes.grantRevokedAt)));
    },
    /** The code a grant came from (its client, user and revocation), or undefined once its client or user is deleted. */
    async findGrant(projectId: string, grantId: string, db: Db = store.db): Promise<OAuthCodeRow | undefined> {
      const [row] = await db.select().from(codes).where(and(eq(codes.projectId, projectId), eq(codes.grantId, grantId))).limit(1);
      return row;
    },
    async revokeUserClientTokens(projectId: string, userId: string, clientRowId: string, now: Date, db: Db = store.db) {
      await db
        .update(refresh)
        .set({ revokedAt: now })
        .where(and(eq(refresh.projectId, projectId), eq(refresh.userId, userId), eq(refresh.clientRowId, clientRowId), isNull(refresh.revokedAt)));
    },

    async settings(projectId: string, db: Db = store.db): Promise<IdentityProviderSettingsRow> {
      const [row] = await db.select().from(settings).where(eq(settings.projectId, projectId)).limit(1);
      return row ?? { projectId, dynamicRegistrationEnabled: false, metadataDocumentsEnabled: false, scopes: [], updatedAt: new Date(0) };
    },
    async saveSettings(row: typeof settings.$inferInsert, db: Db = store.db) {
      const { projectId, ...rest } = row;
      await db.insert(settings).values(row).onConflictDoUpdate({ target: settings.projectId, set: rest });
      void projectId;
    },
  };
}
