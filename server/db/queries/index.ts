/** Every query group of the server, built once per store: what `deps.queries` holds. */
import { aiChatQueries } from "./ai-chat.js";
import { apiKeySetQueries, type CachedKeySet } from "./api-key-sets.js";
import { apiKeyQueries } from "./api-keys.js";
import { auditCheckpointQueries } from "./audit-checkpoints.js";
import { auditQueries } from "./audit.js";
import { cliLoginQueries } from "./cli-logins.js";
import { contactChannelQueries } from "./contact-channels.js";
import { dataVaultQueries } from "./data-vault.js";
import { emailDraftQueries } from "./email-drafts.js";
import { emailRecipientQueries } from "./email-recipients.js";
import { identityProviderQueries } from "./identity-provider.js";
import { itemQueries } from "./items.js";
import { localInboxQueries } from "./local-inbox.js";
import { mfaQueries } from "./mfa.js";
import { notificationPreferenceQueries } from "./notification-preferences.js";
import { oauthQueries } from "./oauth.js";
import { outboxQueries } from "./outbox.js";
import { passkeyQueries } from "./passkeys.js";
import { permissionQueries } from "./permissions.js";
import { profileImageQueries } from "./profile-images.js";
import { projectMetricsQueries } from "./project-metrics.js";
import { projectQueries, type ProjectRow } from "./projects.js";
import { purchaseCodeQueries } from "./purchase-codes.js";
import { purchaseQueries } from "./purchases.js";
import { rateLimitQueries } from "./rate-limits.js";
import { sealedValueQueries } from "./sealed-values.js";
import { sentEmailQueries } from "./sent-emails.js";
import { sessionQueries } from "./sessions.js";
import { signingKeyQueries } from "./signing-keys.js";
import { stripeQueries } from "./stripe.js";
import { teamQueries } from "./teams.js";
import { usersExportQueries } from "./users-export.js";
import { usersImportQueries } from "./users-import.js";
import { userQueries } from "./users.js";
import { verificationCodeQueries } from "./verification-codes.js";
import { webhookQueries, type EnabledEndpoint } from "./webhooks.js";
import { workflowRunQueries } from "./workflow-runs.js";
import type { Store } from "../store.js";
import { TtlCache } from "../ttl-cache.js";
import type { Clock } from "../../services/clock.js";

/** How long other processes may keep seeing a changed project or revoked key. */
export const HOT_CACHE_TTL_MS = 2_000;

export function createQueries(store: Store, clock: Clock) {
  const now = () => clock.now().getTime();
  return {
    projects: projectQueries(store, new TtlCache<ProjectRow | null>(HOT_CACHE_TTL_MS, 10_000, now)),
    apiKeySets: apiKeySetQueries(store, new TtlCache<CachedKeySet>(HOT_CACHE_TTL_MS, 10_000, now)),
    signingKeys: signingKeyQueries(store),
    users: userQueries(store),
    contactChannels: contactChannelQueries(store),
    sessions: sessionQueries(store),
    teams: teamQueries(store),
    verificationCodes: verificationCodeQueries(store),
    outbox: outboxQueries(store),
    permissions: permissionQueries(store),
    apiKeys: apiKeyQueries(store),
    rateLimits: rateLimitQueries(store),
    cliLogins: cliLoginQueries(store),
    mfa: mfaQueries(store),
    passkeys: passkeyQueries(store),
    items: itemQueries(store),
    audit: auditQueries(store),
    auditCheckpoints: auditCheckpointQueries(store),
    dataVault: dataVaultQueries(store),
    projectMetrics: projectMetricsQueries(store),
    webhooks: webhookQueries(store, new TtlCache<readonly EnabledEndpoint[]>(HOT_CACHE_TTL_MS, 10_000, now)),
    oauth: oauthQueries(store),
    profileImages: profileImageQueries(store),
    workflowRuns: workflowRunQueries(store),
    identityProvider: identityProviderQueries(store),
    purchases: purchaseQueries(store),
    purchaseCodes: purchaseCodeQueries(store),
    stripe: stripeQueries(store),
    emailDrafts: emailDraftQueries(store),
    emailRecipients: emailRecipientQueries(store),
    sentEmails: sentEmailQueries(store),
    localInbox: localInboxQueries(store),
    notificationPreferences: notificationPreferenceQueries(store),
    aiChat: aiChatQueries(store),
    sealedValues: sealedValueQueries(store),
    usersImport: usersImportQueries(store),
    usersExport: usersExportQueries(store),
  };
}

export type Queries = ReturnType<typeof createQueries>;
