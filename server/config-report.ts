/**
 * The effective settings as the variables that set them (`latchkey start --print-config`), without
 * secrets: keys, the server secret, client secrets and the metrics token show only whether they are set,
 * URLs lose their passwords.
 */
import { withoutPassword, type ServerConfig } from "./config.js";

export interface ConfigLine {
  variable: string;
  value: string;
}

const isSet = (value: unknown, unset: string) => (value ? "(set)" : unset);

export function describeConfig(config: ServerConfig): ConfigLine[] {
  const line = (variable: string, value: string | number | boolean): ConfigLine => ({ variable, value: String(value) });
  const database = config.database.dialect === "postgres" ? withoutPassword(config.database.url) : `sqlite:${config.database.path}`;
  const trust = config.trustProxy;
  const oauthCredentials = Object.entries(config.oauth.sharedCredentials).flatMap(([id, credentials]) => [
    line(`LATCHKEY_OAUTH_SHARED_${id.toUpperCase()}_CLIENT_ID`, credentials.clientId),
    line(`LATCHKEY_OAUTH_SHARED_${id.toUpperCase()}_CLIENT_SECRET`, "(set)"),
  ]);
  return [
    line("PORT", config.port),
    line("HOST", config.host),
    line("LATCHKEY_PUBLIC_URL", config.publicUrl),
    line("LATCHKEY_STORAGE_PUBLIC_URL", config.storagePublicUrl ?? `(unset: ${config.publicUrl}/storage)`),
    line("LATCHKEY_DATA_DIR", config.dataDir),
    line("DATABASE_URL", database),
    line("DATABASE_POOL_SIZE", config.databasePoolSize),
    line("LATCHKEY_SERVER_SECRET", isSet(config.serverSecret, `(unset: kept in ${config.dataDir}/server-secret)`)),
    line("LATCHKEY_SERVER_SECRET_PREVIOUS", isSet(config.serverSecretPrevious, "(unset: no rotation in progress)")),
    line("LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY", isSet(config.internalKeys.publishableClientKey, "(unset)")),
    line("LATCHKEY_INTERNAL_SECRET_SERVER_KEY", isSet(config.internalKeys.secretServerKey, "(unset)")),
    line("LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY", isSet(config.internalKeys.superSecretAdminKey, "(unset)")),
    line("LATCHKEY_ACCESS_TOKEN_LIFETIME_SECONDS", config.accessTokenLifetimeMs / 1000),
    line("LATCHKEY_SMTP_URL", config.sharedSmtp ? withoutPassword(config.sharedSmtp.url) : "(unset: shared e-mail is not delivered)"),
    line("LATCHKEY_EMAIL_FROM", config.sharedSmtp?.from ?? "(unused)"),
    line("LATCHKEY_EMAIL_RENDER_TIMEOUT_MS", config.emailRenderTimeoutMs ?? 1000),
    line("LATCHKEY_TRUST_PROXY", trust.kind === "none" ? "none" : trust.kind === "hops" ? trust.hops : trust.ranges.entries.join(",")),
    line("LATCHKEY_ALLOW_PRIVATE_OUTBOUND", config.allowPrivateOutbound),
    line("LATCHKEY_ABUSE_LIMITS", config.abuseLimits ? "on" : "off"),
    line("LATCHKEY_LOG_LEVEL", config.logLevel),
    line("LATCHKEY_AUDIT_CHECKPOINT_MINUTES", config.auditCheckpointIntervalMs / 60_000),
    line("LATCHKEY_PROJECTS_PER_USER", config.projectQuotas.perUser),
    line("LATCHKEY_PROJECTS_PER_TEAM", config.projectQuotas.perTeam),
    line("LATCHKEY_VALIDATE_RESPONSES", config.validateResponses),
    line("LATCHKEY_CHECK_TRANSACTIONS", config.checkTransactions),
    line("LATCHKEY_PASSWORD_HASH_CONCURRENCY", config.passwordHashing.concurrency),
    line("LATCHKEY_PASSWORD_HASH_QUEUE", config.passwordHashing.queueLimit),
    line("LATCHKEY_OAUTH_PROVIDER_BASE_URLS", Object.entries(config.oauth.providerBaseUrls).map(([id, url]) => `${id}=${withoutPassword(url)}`).join(",") || "(unset)"),
    ...oauthCredentials,
    line("LATCHKEY_METRICS_PORT", config.metrics.port ?? "(unset)"),
    line("LATCHKEY_METRICS_HOST", config.metrics.host),
    line("LATCHKEY_METRICS_TOKEN", isSet(config.metrics.token, "(unset)")),
    line("LATCHKEY_CRON_SECRET", isSet(config.cronSecret, "(unset: POST /internal/failed-emails-digest answers 401)")),
    line("LATCHKEY_STRIPE_SECRET_KEY", isSet(config.stripe?.secretKey, "(unset: purchases in test mode only)")),
    line("LATCHKEY_STRIPE_WEBHOOK_SECRET", isSet(config.stripe?.webhookSecret, "(unset)")),
    line("LATCHKEY_STRIPE_API_BASE", config.stripe?.apiBase ? withoutPassword(config.stripe.apiBase) : "(unset: Stripe's API)"),
    line("LATCHKEY_AI_MODEL", config.ai?.model ?? "(unset: the e-mail editor's AI assistant is off)"),
    line("LATCHKEY_AI_BASE_URL", config.ai ? withoutPassword(config.ai.baseUrl) : "(unused)"),
    line("LATCHKEY_AI_API_KEY", isSet(config.ai?.apiKey, "(unset)")),
    line("LATCHKEY_AI_TIMEOUT_MS", config.ai?.timeoutMs ?? "(unused)"),
  ];
}

/** One `NAME=value` line per setting. */
export function formatConfig(lines: ConfigLine[]): string {
  return lines.map((l) => `${l.variable}=${l.value}`).join("\n");
}
