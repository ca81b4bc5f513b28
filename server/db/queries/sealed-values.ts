/**
 * Every sealed value the database holds, read for `latchkey secret rotate` (services/secret-rotation.ts),
 * each with the statement that writes it back. Not scoped to a project: the rotation re-seals the whole
 * database. Each reader reads when called, so a caller that writes one kind before reading the next sees
 * the same rows as before.
 */
import { and, eq } from "drizzle-orm";
import type { Store } from "../store.js";

/** One sealed value and how to store its replacement. */
export interface SealedValue {
  value: string;
  write(value: string): Promise<unknown>;
}

export function sealedValueQueries(store: Store) {
  const { db, t } = store;
  return {
    async signingKeys(): Promise<SealedValue[]> {
      const rows = await db.select({ id: t.signingKeys.id, value: t.signingKeys.privateKey }).from(t.signingKeys);
      return rows.map((r) => ({ value: r.value, write: (v) => db.update(t.signingKeys).set({ privateKey: v }).where(eq(t.signingKeys.id, r.id)) }));
    },
    async totpSecrets(): Promise<SealedValue[]> {
      const rows = await db.select({ id: t.users.id, value: t.users.totpSecret }).from(t.users);
      return rows.flatMap((r) => (r.value === null ? [] : [{ value: r.value, write: (v: string) => db.update(t.users).set({ totpSecret: v }).where(eq(t.users.id, r.id)) }]));
    },
    async oauthTokens(): Promise<SealedValue[]> {
      const rows = await db.select({ id: t.oauthTokens.id, value: t.oauthTokens.token }).from(t.oauthTokens);
      return rows.map((r) => ({ value: r.value, write: (v) => db.update(t.oauthTokens).set({ token: v }).where(eq(t.oauthTokens.id, r.id)) }));
    },
    async oauthFlowVerifiers(): Promise<SealedValue[]> {
      const rows = await db.select({ id: t.oauthFlows.id, value: t.oauthFlows.providerCodeVerifier }).from(t.oauthFlows);
      return rows.map((r) => ({ value: r.value, write: (v) => db.update(t.oauthFlows).set({ providerCodeVerifier: v }).where(eq(t.oauthFlows.id, r.id)) }));
    },
    async cliRefreshTokens(): Promise<SealedValue[]> {
      const rows = await db.select({ id: t.cliLogins.id, value: t.cliLogins.refreshToken }).from(t.cliLogins);
      return rows.flatMap((r) => (r.value === null ? [] : [{ value: r.value, write: (v: string) => db.update(t.cliLogins).set({ refreshToken: v }).where(eq(t.cliLogins.id, r.id)) }]));
    },
    /** Outbox payloads, with the row's kind (e-mails and webhooks are sealed under different purposes). */
    async outboxPayloads(): Promise<(SealedValue & { kind: string })[]> {
      const rows = await db.select({ id: t.outbox.id, kind: t.outbox.kind, value: t.outbox.payload }).from(t.outbox);
      return rows.map((r) => ({ kind: r.kind, value: r.value, write: (v) => db.update(t.outbox).set({ payload: v }).where(eq(t.outbox.id, r.id)) }));
    },
    async localInboxBodies(): Promise<SealedValue[]> {
      const rows = await db.select({ id: t.localInboxEmails.id, value: t.localInboxEmails.body }).from(t.localInboxEmails);
      return rows.map((r) => ({ value: r.value, write: (v) => db.update(t.localInboxEmails).set({ body: v }).where(eq(t.localInboxEmails.id, r.id)) }));
    },
    /** Each endpoint's secret, then its previous secret if it has one. */
    async webhookEndpointSecrets(): Promise<SealedValue[]> {
      const e = t.webhookEndpoints;
      const rows = await db.select({ id: e.id, secret: e.secretSealed, previous: e.previousSecretSealed }).from(e);
      return rows.flatMap((r) => [
        { value: r.secret, write: (v: string) => db.update(e).set({ secretSealed: v }).where(eq(e.id, r.id)) },
        ...(r.previous === null ? [] : [{ value: r.previous, write: (v: string) => db.update(e).set({ previousSecretSealed: v }).where(eq(e.id, r.id)) }]),
      ]);
    },
    /** Data vault values, with the entry's key (the purpose they are sealed under depends on it). */
    async dataVaultValues(): Promise<(SealedValue & { projectId: string; storeId: string; keyDigest: string })[]> {
      const vault = t.dataVaultEntries;
      const rows = await db.select({ projectId: vault.projectId, storeId: vault.storeId, keyDigest: vault.keyDigest, value: vault.valueSealed }).from(vault);
      return rows.map((r) => ({
        ...r,
        write: (v) => db.update(vault).set({ valueSealed: v }).where(and(eq(vault.projectId, r.projectId), eq(vault.storeId, r.storeId), eq(vault.keyDigest, r.keyDigest))),
      }));
    },
    /** Every project's config override (which holds its secrets sealed inside); written back through the project queries. */
    async projectOverrides() {
      return db.select({ id: t.projects.id, override: t.projects.configOverride }).from(t.projects);
    },
  };
}
