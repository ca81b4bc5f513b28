/**
 * `latchkey secret rotate`: re-seals every value the database holds sealed (secret-box.ts) with the
 * current server secret. Run with LATCHKEY_SERVER_SECRET (new) and LATCHKEY_SERVER_SECRET_PREVIOUS
 * (old): each value opens with either and is sealed again with the new one; a value already sealed with
 * the new secret is sealed again too, so running it twice is harmless. Values that open with neither are
 * counted and left as they are.
 *
 * Keyed hashes (secret-box `mac`: the audit chain, data-vault lookups, unsubscribe links, hosted-page
 * keys, checkout codes) are not sealed values and are not re-keyed here (DEPLOYMENT.md says what that means).
 */
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../deps.js";
import { openConfigSecrets, sealConfigSecrets } from "./config/sealed-secrets.js";
import { SEAL_PURPOSE as CLI_REFRESH_TOKEN_PURPOSE } from "./cli-auth.js";
import { OUTBOX_SECRET_PURPOSE } from "./email/outbox.js";
import { TOKEN_PURPOSE as OAUTH_TOKEN_PURPOSE } from "./oauth/accounts.js";
import { VERIFIER_PURPOSE } from "./oauth/flow.js";
import { SIGNING_KEY_PURPOSE } from "./tokens/signing-keys.js";
import { valuePurpose } from "./vault.js";
import { SECRET_PURPOSE as WEBHOOK_SECRET_PURPOSE } from "./webhooks/endpoints.js";
import { WEBHOOK_PAYLOAD_PURPOSE } from "./webhooks/sink.js";

/** Per kind of sealed value: how many were sealed again, and how many opened with neither secret. */
export type ResealReport = Record<string, { resealed: number; unreadable: number }>;

interface Sealed {
  value: string;
  purpose: string;
  write(value: string): Promise<unknown>;
}

export async function resealAll(deps: AppDeps): Promise<ResealReport> {
  const { db, t } = deps.store;
  const report: ResealReport = {};
  const reseal = async (kind: string, values: Sealed[]) => {
    const counts = (report[kind] = { resealed: 0, unreadable: 0 });
    for (const sealed of values) {
      let plain: string;
      try {
        plain = deps.secrets.decrypt(sealed.value, sealed.purpose);
      } catch {
        counts.unreadable++;
        continue;
      }
      await sealed.write(deps.secrets.encrypt(plain, sealed.purpose));
      counts.resealed++;
    }
  };

  const signingKeys = await db.select({ id: t.signingKeys.id, value: t.signingKeys.privateKey }).from(t.signingKeys);
  await reseal("signing keys", signingKeys.map((r) => ({ value: r.value, purpose: SIGNING_KEY_PURPOSE, write: (v) => db.update(t.signingKeys).set({ privateKey: v }).where(eq(t.signingKeys.id, r.id)) })));

  const totp = await db.select({ id: t.users.id, value: t.users.totpSecret }).from(t.users);
  await reseal("TOTP secrets", totp.flatMap((r) => (r.value === null ? [] : [{ value: r.value, purpose: "totp", write: (v: string) => db.update(t.users).set({ totpSecret: v }).where(eq(t.users.id, r.id)) }])));

  const oauthTokens = await db.select({ id: t.oauthTokens.id, value: t.oauthTokens.token }).from(t.oauthTokens);
  await reseal("OAuth provider tokens", oauthTokens.map((r) => ({ value: r.value, purpose: OAUTH_TOKEN_PURPOSE, write: (v) => db.update(t.oauthTokens).set({ token: v }).where(eq(t.oauthTokens.id, r.id)) })));

  const flows = await db.select({ id: t.oauthFlows.id, value: t.oauthFlows.providerCodeVerifier }).from(t.oauthFlows);
  await reseal("OAuth flows", flows.map((r) => ({ value: r.value, purpose: VERIFIER_PURPOSE, write: (v) => db.update(t.oauthFlows).set({ providerCodeVerifier: v }).where(eq(t.oauthFlows.id, r.id)) })));

  const cliLogins = await db.select({ id: t.cliLogins.id, value: t.cliLogins.refreshToken }).from(t.cliLogins);
  await reseal("CLI logins", cliLogins.flatMap((r) => (r.value === null ? [] : [{ value: r.value, purpose: CLI_REFRESH_TOKEN_PURPOSE, write: (v: string) => db.update(t.cliLogins).set({ refreshToken: v }).where(eq(t.cliLogins.id, r.id)) }])));

  const outbox = await db.select({ id: t.outbox.id, kind: t.outbox.kind, value: t.outbox.payload }).from(t.outbox);
  await reseal("outbox (e-mails, webhooks)", outbox.map((r) => ({
    value: r.value,
    purpose: r.kind === "email" ? OUTBOX_SECRET_PURPOSE : WEBHOOK_PAYLOAD_PURPOSE,
    write: (v) => db.update(t.outbox).set({ payload: v }).where(eq(t.outbox.id, r.id)),
  })));

  const kept = await db.select({ id: t.localInboxEmails.id, value: t.localInboxEmails.body }).from(t.localInboxEmails);
  await reseal("local inbox (kept e-mails)", kept.map((r) => ({ value: r.value, purpose: OUTBOX_SECRET_PURPOSE, write: (v) => db.update(t.localInboxEmails).set({ body: v }).where(eq(t.localInboxEmails.id, r.id)) })));

  const endpoints = await db.select({ id: t.webhookEndpoints.id, secret: t.webhookEndpoints.secretSealed, previous: t.webhookEndpoints.previousSecretSealed }).from(t.webhookEndpoints);
  await reseal("webhook endpoint secrets", endpoints.flatMap((r) => [
    { value: r.secret, purpose: WEBHOOK_SECRET_PURPOSE, write: (v: string) => db.update(t.webhookEndpoints).set({ secretSealed: v }).where(eq(t.webhookEndpoints.id, r.id)) },
    ...(r.previous === null ? [] : [{ value: r.previous, purpose: WEBHOOK_SECRET_PURPOSE, write: (v: string) => db.update(t.webhookEndpoints).set({ previousSecretSealed: v }).where(eq(t.webhookEndpoints.id, r.id)) }]),
  ]));

  const vault = t.dataVaultEntries;
  const entries = await db.select({ projectId: vault.projectId, storeId: vault.storeId, keyDigest: vault.keyDigest, value: vault.valueSealed }).from(vault);
  await reseal("data vault values", entries.map((r) => ({
    value: r.value,
    purpose: valuePurpose(r.projectId, r.storeId, r.keyDigest),
    write: (v) => db.update(vault).set({ valueSealed: v }).where(and(eq(vault.projectId, r.projectId), eq(vault.storeId, r.storeId), eq(vault.keyDigest, r.keyDigest))),
  })));

  // Project settings hold their secrets (SMTP password, OAuth client secrets) sealed inside the override.
  const counts = (report["project settings"] = { resealed: 0, unreadable: 0 });
  for (const project of await db.select({ id: t.projects.id, override: t.projects.configOverride }).from(t.projects)) {
    let opened;
    try {
      opened = openConfigSecrets(project.override, deps.secrets);
    } catch {
      counts.unreadable++;
      continue;
    }
    if (opened === project.override) continue;
    await deps.queries.projects.update(project.id, { configOverride: sealConfigSecrets(opened, deps.secrets) });
    counts.resealed++;
  }
  return report;
}
