/** What handlers and services are built from: plain values, created once at start-up. */
import type { ServerConfig } from "./config.js";
import { aiChatQueries } from "./db/queries/ai-chat.js";
import { apiKeySetQueries, type CachedKeySet } from "./db/queries/api-key-sets.js";
import { apiKeyQueries } from "./db/queries/api-keys.js";
import { auditQueries } from "./db/queries/audit.js";
import { auditCheckpointQueries } from "./db/queries/audit-checkpoints.js";
import { cliLoginQueries } from "./db/queries/cli-logins.js";
import { identityProviderQueries } from "./db/queries/identity-provider.js";
import { itemQueries } from "./db/queries/items.js";
import { projectMetricsQueries } from "./db/queries/project-metrics.js";
import { projectQueries, type ProjectRow } from "./db/queries/projects.js";
import { purchaseCodeQueries } from "./db/queries/purchase-codes.js";
import { purchaseQueries } from "./db/queries/purchases.js";
import { rateLimitQueries } from "./db/queries/rate-limits.js";
import { contactChannelQueries } from "./db/queries/contact-channels.js";
import { dataVaultQueries } from "./db/queries/data-vault.js";
import { emailDraftQueries } from "./db/queries/email-drafts.js";
import { emailRecipientQueries } from "./db/queries/email-recipients.js";
import { localInboxQueries } from "./db/queries/local-inbox.js";
import { notificationPreferenceQueries } from "./db/queries/notification-preferences.js";
import { mfaQueries } from "./db/queries/mfa.js";
import { oauthQueries } from "./db/queries/oauth.js";
import { outboxQueries } from "./db/queries/outbox.js";
import { passkeyQueries } from "./db/queries/passkeys.js";
import { permissionQueries } from "./db/queries/permissions.js";
import { profileImageQueries } from "./db/queries/profile-images.js";
import { sessionQueries } from "./db/queries/sessions.js";
import { sealedValueQueries } from "./db/queries/sealed-values.js";
import { sentEmailQueries } from "./db/queries/sent-emails.js";
import { signingKeyQueries } from "./db/queries/signing-keys.js";
import { stripeQueries } from "./db/queries/stripe.js";
import { teamQueries } from "./db/queries/teams.js";
import { userQueries } from "./db/queries/users.js";
import { usersExportQueries } from "./db/queries/users-export.js";
import { usersImportQueries } from "./db/queries/users-import.js";
import { verificationCodeQueries } from "./db/queries/verification-codes.js";
import { webhookQueries, type EnabledEndpoint } from "./db/queries/webhooks.js";
import { workflowRunQueries } from "./db/queries/workflow-runs.js";
import type { Store } from "./db/store.js";
import { TtlCache } from "./db/ttl-cache.js";
import type { Clock } from "./services/clock.js";
import { createEventSinks, type EventSinks } from "./services/events.js";
import type { Logger } from "./services/log.js";
import { createJobRunner, type JobRunner } from "./services/jobs/runner.js";
import { createMetrics, type Metrics } from "./services/metrics.js";
import { withSealedConfigSecrets } from "./services/config/sealed-secrets.js";
import { createSecretBox, type SecretBox } from "./services/secret-box.js";
import { createAccessTokens, type AccessTokens } from "./services/tokens/access-tokens.js";
import { createSigningKeys, type SigningKeys } from "./services/tokens/signing-keys.js";

/** How long other processes may keep seeing a changed project or revoked key. */
const HOT_CACHE_TTL_MS = 2_000;
const RETIRED_KEY_GRACE_MS = HOT_CACHE_TTL_MS + 58_000;

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

export interface AppDeps {
  readonly config: ServerConfig;
  readonly store: Store;
  readonly clock: Clock;
  readonly log: Logger;
  readonly queries: Queries;
  readonly secrets: SecretBox;
  readonly signingKeys: SigningKeys;
  readonly accessTokens: AccessTokens;
  /** Delivers the outbox; call `jobs.wake()` after committing a transaction that queued something. */
  readonly jobs: JobRunner;
  /** Where recorded events go (services/events.ts); no sink until the audit log or webhooks register one. */
  readonly events: EventSinks;
  /** Prometheus counters and histograms (services/metrics.ts), served at /metrics when configured. */
  readonly metrics: Metrics;
}

/** Wires the dependencies every handler and service receives. */
export function createDeps(base: { config: ServerConfig; store: Store; clock: Clock; log: Logger; serverSecret: Buffer }): AppDeps {
  const { config, store, clock, log } = base;
  const previousSecret = base.config.serverSecretPrevious;
  const secrets = createSecretBox(base.serverSecret, previousSecret ? Buffer.from(previousSecret, "base64") : undefined);
  const plainQueries = createQueries(store, clock);
  // Secrets in project configurations are sealed at rest (services/config/sealed-secrets.ts).
  const queries: Queries = { ...plainQueries, projects: withSealedConfigSecrets(plainQueries.projects, secrets) };
  const signingKeys = createSigningKeys(queries.signingKeys, secrets, {
    now: () => clock.now(),
    // Other processes see a rotation once their cached project row is older than HOT_CACHE_TTL_MS; a
    // retired key stays published a minute beyond the lifetime of the last token they may sign with it.
    retiredKeyPublishedMs: config.accessTokenLifetimeMs + RETIRED_KEY_GRACE_MS,
    cachedVersionOf: (projectId) => plainQueries.projects.cached(projectId)?.signingKeysVersion,
  });
  const accessTokens = createAccessTokens(signingKeys, { publicUrl: config.publicUrl, lifetimeMs: config.accessTokenLifetimeMs }, clock);
  const metrics = createMetrics(
    { outboxPending: () => queries.outbox.pendingByKind(), poolStats: store.poolStats, now: () => clock.now().getTime() },
    { processMetrics: config.metrics.port !== null || config.metrics.token !== null },
  );
  const deps: AppDeps = { config, store, clock, log, queries, secrets, signingKeys, accessTokens, jobs: lateJobs(() => jobs), events: createEventSinks(), metrics };
  const jobs = createJobRunner(deps);
  return deps;
}

/** The runner needs the dependencies it is part of; this forwards to it once it exists. */
function lateJobs(runner: () => JobRunner): JobRunner {
  return {
    start: () => runner().start(),
    stop: () => runner().stop(),
    runOnce: () => runner().runOnce(),
    wake: () => runner().wake(),
    deliverNow: (projectId, id, options) => runner().deliverNow(projectId, id, options),
  };
}
