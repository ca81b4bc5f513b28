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

  const stored = deps.queries.sealedValues;
  const withPurpose = (purpose: string) => (r: { value: string; write(v: string): Promise<unknown> }): Sealed => ({ value: r.value, purpose, write: r.write });
  await reseal("signing keys", (await stored.signingKeys()).map(withPurpose(SIGNING_KEY_PURPOSE)));
  await reseal("TOTP secrets", (await stored.totpSecrets()).map(withPurpose("totp")));
  await reseal("OAuth provider tokens", (await stored.oauthTokens()).map(withPurpose(OAUTH_TOKEN_PURPOSE)));
  await reseal("OAuth flows", (await stored.oauthFlowVerifiers()).map(withPurpose(VERIFIER_PURPOSE)));
  await reseal("CLI logins", (await stored.cliRefreshTokens()).map(withPurpose(CLI_REFRESH_TOKEN_PURPOSE)));
  await reseal("outbox (e-mails, webhooks)", (await stored.outboxPayloads()).map((r) => withPurpose(r.kind === "email" ? OUTBOX_SECRET_PURPOSE : WEBHOOK_PAYLOAD_PURPOSE)(r)));
  await reseal("local inbox (kept e-mails)", (await stored.localInboxBodies()).map(withPurpose(OUTBOX_SECRET_PURPOSE)));
  await reseal("webhook endpoint secrets", (await stored.webhookEndpointSecrets()).map(withPurpose(WEBHOOK_SECRET_PURPOSE)));
  await reseal("data vault values", (await stored.dataVaultValues()).map((r) => withPurpose(valuePurpose(r.projectId, r.storeId, r.keyDigest))(r)));

  // Project settings hold their secrets (SMTP password, OAuth client secrets) sealed inside the override.
  const counts = (report["project settings"] = { resealed: 0, unreadable: 0 });
  for (const project of await stored.projectOverrides()) {
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
