/** The server's settings. The only module that reads process.env. */
import { isIP } from "node:net";
import { availableParallelism, homedir } from "node:os";
import { join, resolve } from "node:path";
import { parseDatabaseUrl, type DatabaseLocation } from "./db/store.js";
import { parseTrustedProxies, type TrustedProxies } from "./services/net/addresses.js";

export interface InternalKeysFromEnv {
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
}

export interface SharedSmtpConfig {
  /** `smtp://user:password@host:port` or `smtps://…` */
  url: string;
  /** The From address of mails sent through the shared server, e.g. `Latchkey <noreply@example.com>`. */
  from: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Where the server is reached from outside (issuer of tokens, links to hosted pages). */
  publicUrl: string;
  /**
   * The base URL of stored profile images (LATCHKEY_STORAGE_PUBLIC_URL), for a CDN or proxy in front of
   * this server's `/storage`; unset: `«publicUrl»/storage`.
   */
  storagePublicUrl?: string;
  dataDir: string;
  database: DatabaseLocation;
  databasePoolSize: number;
  internalKeys: InternalKeysFromEnv;
  /** Validate every response against its contract (tests and development). */
  validateResponses: boolean;
  /** Fail on transaction misuse, at some cost per request (tests and development; transaction-guard.ts). */
  checkTransactions: boolean;
  /**
   * The bearer secret of scheduled internal calls (LATCHKEY_CRON_SECRET), e.g. the daily
   * `POST /api/v1/internal/failed-emails-digest`; unset: such calls are refused.
   */
  cronSecret?: string | null;
  /** Base64 server secret (LATCHKEY_SERVER_SECRET); unset: a file in the data directory. */
  serverSecret: string | undefined;
  /**
   * The secret before a rotation (LATCHKEY_SERVER_SECRET_PREVIOUS, base64): it still opens what it sealed
   * while processes roll to the new one (`latchkey secret rotate`); new values are sealed with the current one.
   */
  serverSecretPrevious?: string;
  accessTokenLifetimeMs: number;
  /**
   * The reverse proxies whose X-Forwarded-For entries name the client (LATCHKEY_TRUST_PROXY: a hop count
   * or proxy addresses / CIDR ranges); none: the socket peer is the client.
   */
  trustProxy: TrustedProxies;
  /** Per-address and per-project request limits on sign-in, sign-up and codes (LATCHKEY_ABUSE_LIMITS=off disables). */
  abuseLimits: boolean;
  /**
   * Let projects' own SMTP servers (and later webhook targets) be on loopback, link-local or private
   * addresses (LATCHKEY_ALLOW_PRIVATE_OUTBOUND=true); off, such hosts are refused (services/net/outbound.ts).
   */
  allowPrivateOutbound: boolean;
  /** Password hashes computed at once, and how many more may wait (beyond: 429). */
  passwordHashing: { concurrency: number; queueLimit: number };
  /** The SMTP server for projects whose e-mail config is `shared`; unset: such mails stay undeliverable. */
  sharedSmtp: SharedSmtpConfig | null;
  /**
   * How long one e-mail render may run in the sandbox (LATCHKEY_EMAIL_RENDER_TIMEOUT_MS); unset: 1000 ms.
   * Longer only helps on slow or overloaded machines: a looping template blocks a sandbox that long.
   */
  emailRenderTimeoutMs?: number;
  logLevel: "silent" | "error" | "info" | "debug";
  /**
   * How often the job runner checkpoints the head of each project's audit chain whose head moved
   * (LATCHKEY_AUDIT_CHECKPOINT_MINUTES; services/audit/checkpoints.ts).
   */
  auditCheckpointIntervalMs: number;
  /**
   * The most projects one dashboard user may create, and the most one owner team may own
   * (LATCHKEY_PROJECTS_PER_USER, LATCHKEY_PROJECTS_PER_TEAM).
   */
  projectQuotas: { perUser: number; perTeam: number };
  /** Social sign-in: where provider endpoints are, and the server's own (shared) provider credentials. */
  oauth: OAuthServerConfig;
  /** The Prometheus endpoint `/metrics`: on a port of its own, or on the public port behind a token, or off. */
  metrics: MetricsConfig;
  /** Stripe (payments): the platform's Connect keys and where the Stripe API is; absent: payments in test mode only. */
  stripe?: StripeServerConfig;
  /** The e-mail editor's AI assistant (LATCHKEY_AI_*); null or absent: off, and the chat answers that it is not configured. */
  ai?: AiChatConfig | null;
}

/** An OpenAI-compatible chat-completions endpoint for the e-mail editor's AI assistant. */
export interface AiChatConfig {
  /** The API's base URL (LATCHKEY_AI_BASE_URL; `/chat/completions` is appended), OpenAI's when unset. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer …` (LATCHKEY_AI_API_KEY); null: none (local servers). Never logged. */
  apiKey: string | null;
  /** The model asked for (LATCHKEY_AI_MODEL); setting it turns the assistant on. */
  model: string;
  /** How long one answer may take (LATCHKEY_AI_TIMEOUT_MS). */
  timeoutMs: number;
}

export interface StripeServerConfig {
  /** The platform account's secret key (LATCHKEY_STRIPE_SECRET_KEY); null: no Stripe. */
  secretKey: string | null;
  /** The signing secret of the Connect webhook endpoint (LATCHKEY_STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string | null;
  /** Another base URL for the Stripe API (LATCHKEY_STRIPE_API_BASE), for local stand-ins; null: Stripe's own. */
  apiBase: string | null;
}

export interface MetricsConfig {
  /** A port of its own for `/metrics` (LATCHKEY_METRICS_PORT); null: none (then only the token opens it on the public port). */
  port: number | null;
  /** Where that port listens (LATCHKEY_METRICS_HOST). */
  host: string;
  /**
   * The bearer token `/metrics` requires (LATCHKEY_METRICS_TOKEN) wherever it is served. With neither a
   * port nor a token, `/metrics` is not served at all.
   */
  token: string | null;
}

export interface OAuthClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface OAuthServerConfig {
  /**
   * Provider id -> a base URL that replaces the scheme and host of every endpoint of that provider (the
   * path is kept, after the base URL's own path); `*` applies to every provider as `<url>/<id>`. For
   * local stand-ins and tests (LATCHKEY_OAUTH_PROVIDER_BASE_URLS).
   */
  providerBaseUrls: Readonly<Record<string, string>>;
  /** Credentials of `shared` providers, by provider id (LATCHKEY_OAUTH_SHARED_<ID>_CLIENT_ID / _CLIENT_SECRET). */
  sharedCredentials: Readonly<Record<string, OAuthClientCredentials>>;
}

type Env = Record<string, string | undefined>;

/**
 * Reads and checks every setting; a wrong one throws a ConfigError naming the variable and what is wrong
 * (main.ts prints it as one line and exits). Unset and empty mean the same: the default.
 */
export function loadConfig(env: Env = process.env): ServerConfig {
  const port = integer(env, "PORT", 8102, { max: 65_535 });
  const host = hostName(env, "HOST", "0.0.0.0");
  const dataDir = resolve(env.LATCHKEY_DATA_DIR || ".latchkey");
  const logLevel = choice(env, "LATCHKEY_LOG_LEVEL", ["silent", "error", "info", "debug"], "info");
  return {
    port,
    host,
    publicUrl: httpUrl(env, "LATCHKEY_PUBLIC_URL") ?? `http://localhost:${port}`,
    storagePublicUrl: httpUrl(env, "LATCHKEY_STORAGE_PUBLIC_URL"),
    dataDir,
    database: setting(env, "DATABASE_URL", (value) => parseDatabaseUrl(value || undefined, dataDir), withoutPassword),
    databasePoolSize: integer(env, "DATABASE_POOL_SIZE", 10, { min: 1 }),
    internalKeys: {
      publishableClientKey: env.LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY || undefined,
      secretServerKey: env.LATCHKEY_INTERNAL_SECRET_SERVER_KEY || undefined,
      superSecretAdminKey: env.LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY || undefined,
    },
    validateResponses: choice(env, "LATCHKEY_VALIDATE_RESPONSES", ["true", "false"], "false") === "true",
    checkTransactions: choice(env, "LATCHKEY_CHECK_TRANSACTIONS", ["true", "false"], "false") === "true",
    cronSecret: env.LATCHKEY_CRON_SECRET || null,
    serverSecret: serverSecret(env, "LATCHKEY_SERVER_SECRET"),
    serverSecretPrevious: previousServerSecret(env),
    accessTokenLifetimeMs: integer(env, "LATCHKEY_ACCESS_TOKEN_LIFETIME_SECONDS", 600, { min: 1, max: 86_400 }) * 1000,
    trustProxy: setting(env, "LATCHKEY_TRUST_PROXY", parseTrustedProxies),
    abuseLimits: choice(env, "LATCHKEY_ABUSE_LIMITS", ["on", "off"], "on") === "on",
    allowPrivateOutbound: choice(env, "LATCHKEY_ALLOW_PRIVATE_OUTBOUND", ["true", "false"], "false") === "true",
    passwordHashing: {
      // One hash per core. Cores + 1 raised sign-in from 81% to 85% of the argon2id rate on 2 cores, but
      // pushed GET /users/me p99 during a sign-in storm on PostgreSQL from 15 to 20 ms: reads come first.
      concurrency: integer(env, "LATCHKEY_PASSWORD_HASH_CONCURRENCY", availableParallelism(), { min: 1 }),
      queueLimit: integer(env, "LATCHKEY_PASSWORD_HASH_QUEUE", 256),
    },
    sharedSmtp: sharedSmtp(env),
    emailRenderTimeoutMs: integer(env, "LATCHKEY_EMAIL_RENDER_TIMEOUT_MS", 1000, { min: 100, max: 60_000 }),
    logLevel,
    auditCheckpointIntervalMs: integer(env, "LATCHKEY_AUDIT_CHECKPOINT_MINUTES", 10, { min: 1, max: 1440 }) * 60_000,
    projectQuotas: {
      perUser: integer(env, "LATCHKEY_PROJECTS_PER_USER", 100, { min: 1 }),
      perTeam: integer(env, "LATCHKEY_PROJECTS_PER_TEAM", 100, { min: 1 }),
    },
    oauth: {
      providerBaseUrls: setting(env, "LATCHKEY_OAUTH_PROVIDER_BASE_URLS", parseProviderBaseUrls),
      sharedCredentials: sharedOAuthCredentials(env),
    },
    metrics: metricsConfig(env, port),
    stripe: {
      secretKey: env.LATCHKEY_STRIPE_SECRET_KEY || null,
      webhookSecret: env.LATCHKEY_STRIPE_WEBHOOK_SECRET || null,
      apiBase: httpUrl(env, "LATCHKEY_STRIPE_API_BASE") ?? null,
    },
    ai: aiChatConfig(env),
  };
}

/** OpenAI's API, where the AI assistant goes when LATCHKEY_AI_BASE_URL is unset. */
export const DEFAULT_AI_BASE_URL = "https://api.openai.com/v1";

/** LATCHKEY_AI_MODEL turns the assistant on; the base URL or key without it is a mistake worth a message. */
function aiChatConfig(env: Env): AiChatConfig | null {
  const baseUrl = httpUrl(env, "LATCHKEY_AI_BASE_URL");
  const apiKey = env.LATCHKEY_AI_API_KEY || null;
  const model = env.LATCHKEY_AI_MODEL?.trim() || null;
  const timeoutMs = integer(env, "LATCHKEY_AI_TIMEOUT_MS", 60_000, { min: 1000, max: 600_000 });
  if (!model) {
    if (baseUrl) throw new ConfigError("LATCHKEY_AI_BASE_URL", "needs LATCHKEY_AI_MODEL too (the model to ask, e.g. gpt-4o-mini)", baseUrl);
    // The key is a secret: not shown.
    if (apiKey) throw new ConfigError("LATCHKEY_AI_API_KEY", "needs LATCHKEY_AI_MODEL too (the model to ask, e.g. gpt-4o-mini)");
    return null;
  }
  if (/\s/.test(apiKey ?? "")) throw new ConfigError("LATCHKEY_AI_API_KEY", "must not contain spaces");
  return { baseUrl: baseUrl ?? DEFAULT_AI_BASE_URL, apiKey, model, timeoutMs };
}

/** `github=http://127.0.0.1:4010/github,*=http://127.0.0.1:4010`: provider id (or `*`) = http(s) base URL. */
export function parseProviderBaseUrls(value: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const entry of (value ?? "").split(",").map((e) => e.trim()).filter(Boolean)) {
    const eq = entry.indexOf("=");
    const id = entry.slice(0, eq).trim();
    const url = entry.slice(eq + 1).trim().replace(/\/+$/, "");
    if (eq <= 0 || !/^(\*|[a-z0-9_:]+)$/.test(id) || !/^https?:\/\//.test(url) || !URL.canParse(url)) {
      throw new Error("LATCHKEY_OAUTH_PROVIDER_BASE_URLS must be a comma-separated list of <provider id or *>=<http(s) URL>");
    }
    result[id] = url;
  }
  return result;
}

/** The providers Latchkey knows presets for; `shared` credentials are read for each. */
const sharedOAuthProviderIds = ["google", "github", "microsoft", "spotify", "facebook", "discord", "gitlab", "bitbucket", "linkedin", "apple", "x", "twitch"];

function sharedOAuthCredentials(env: Env): Record<string, OAuthClientCredentials> {
  const result: Record<string, OAuthClientCredentials> = {};
  for (const id of sharedOAuthProviderIds) {
    const prefix = `LATCHKEY_OAUTH_SHARED_${id.toUpperCase()}`;
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      throw new ConfigError(`${prefix}_${clientId ? "CLIENT_SECRET" : "CLIENT_ID"}`, `must be set together with ${prefix}_${clientId ? "CLIENT_ID" : "CLIENT_SECRET"}`);
    }
    result[id] = { clientId, clientSecret };
  }
  return result;
}

/** A setting that is wrong: the variable, what is wrong with it, and its value unless that is a secret. */
export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(
    readonly variable: string,
    readonly problem: string,
    readonly value?: string,
  ) {
    super(`${variable}${value === undefined ? "" : `=${value}`}: ${problem}`);
  }
}

/**
 * Runs a parser of another module on a setting; what it throws becomes a ConfigError naming the
 * variable (and showing its value as `shown` gives it: without a password, say).
 */
function setting<T>(env: Env, name: string, parse: (value: string | undefined) => T, shown: (value: string) => string = (v) => v): T {
  const value = env[name];
  try {
    return parse(value);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    // The parsers' messages often start with the variable's name already.
    const problem = (error instanceof Error ? error.message : String(error)).replace(new RegExp(`^${name}(=\\S*)?:?\\s*`), "");
    throw new ConfigError(name, problem, value === undefined ? undefined : shown(value));
  }
}

/** A URL as it may be shown: its password (if any) replaced by `***`. */
export function withoutPassword(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):[^@/]*@/i, "$1:***@");
}

function integer(env: Env, name: string, fallback: number, range: { min?: number; max?: number } = {}): number {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  const min = range.min ?? 0;
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || n < min || n > max) {
    throw new ConfigError(name, range.max === undefined ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`, value);
  }
  return n;
}

function choice<const T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new ConfigError(name, `must be ${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}`, value);
  return value as T;
}

/** An IP address or a DNS name to listen on. */
function hostName(env: Env, name: string, fallback: string): string {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  if (isIP(value) === 0 && !/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(value)) {
    throw new ConfigError(name, "must be an IP address or a host name to listen on (e.g. 0.0.0.0, 127.0.0.1 or ::)", value);
  }
  return value;
}

/** An http(s) URL without query or fragment; trailing slashes dropped. Undefined when unset. */
function httpUrl(env: Env, name: string): string | undefined {
  const value = env[name];
  if (value === undefined || value === "") return undefined;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.search || url.hash) {
    throw new ConfigError(name, "must be an http:// or https:// URL without query or fragment (e.g. https://auth.example.com)", value);
  }
  return value.replace(/\/+$/, "");
}

function serverSecret(env: Env, name: string): string | undefined {
  const value = env[name];
  if (value === undefined || value === "") return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value.trim()) || Buffer.from(value, "base64").length < 32) {
    throw new ConfigError(name, "must be base64 of at least 32 random bytes (e.g. the output of `openssl rand -base64 32`)");
  }
  return value;
}

/** Only beside LATCHKEY_SERVER_SECRET: the new secret of a rotation is always set in the environment. */
function previousServerSecret(env: Env): string | undefined {
  const previous = serverSecret(env, "LATCHKEY_SERVER_SECRET_PREVIOUS");
  if (previous !== undefined && !env.LATCHKEY_SERVER_SECRET) {
    throw new ConfigError("LATCHKEY_SERVER_SECRET_PREVIOUS", "is set without LATCHKEY_SERVER_SECRET (set the new secret there, the old one here)");
  }
  if (previous !== undefined && previous.trim() === env.LATCHKEY_SERVER_SECRET?.trim()) {
    throw new ConfigError("LATCHKEY_SERVER_SECRET_PREVIOUS", "is the same as LATCHKEY_SERVER_SECRET (it must be the secret before the rotation)");
  }
  return previous;
}

function sharedSmtp(env: Env): SharedSmtpConfig | null {
  const url = env.LATCHKEY_SMTP_URL;
  const from = env.LATCHKEY_EMAIL_FROM || "Latchkey <noreply@localhost>";
  if (!from.includes("@")) throw new ConfigError("LATCHKEY_EMAIL_FROM", "must be an e-mail address, optionally with a name (e.g. Example <noreply@example.com>)", from);
  if (url === undefined || url === "") return null;
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || (parsed.protocol !== "smtp:" && parsed.protocol !== "smtps:") || !parsed.hostname) {
    // The URL may hold a password: not shown.
    throw new ConfigError("LATCHKEY_SMTP_URL", "must be smtp://[user:password@]host[:port] or smtps://…");
  }
  return { url, from };
}

function metricsConfig(env: Env, apiPort: number): MetricsConfig {
  const port = env.LATCHKEY_METRICS_PORT ? integer(env, "LATCHKEY_METRICS_PORT", 0, { min: 1, max: 65_535 }) : null;
  if (port !== null && port === apiPort) throw new ConfigError("LATCHKEY_METRICS_PORT", "must differ from PORT (leave it unset and set LATCHKEY_METRICS_TOKEN to serve /metrics on the public port)", String(port));
  const token = env.LATCHKEY_METRICS_TOKEN || null;
  if (token !== null && (token.length < 16 || /\s/.test(token))) {
    throw new ConfigError("LATCHKEY_METRICS_TOKEN", "must be at least 16 characters without spaces (e.g. the output of `openssl rand -hex 16`)");
  }
  return { port, host: hostName(env, "LATCHKEY_METRICS_HOST", "127.0.0.1"), token };
}

/** What the `latchkey` CLI reads from the environment besides the server's settings. */
export interface CliSettings {
  /** Where `latchkey login` keeps its session (a directory only the user may read). */
  configDir: string;
}

/**
 * LATCHKEY_CLI_CONFIG_DIR, else `$XDG_CONFIG_HOME/latchkey`, else `~/.config/latchkey` (on Windows
 * `%APPDATA%\latchkey`).
 */
export function loadCliSettings(env: Env = process.env, home: string = homedir()): CliSettings {
  if (env.LATCHKEY_CLI_CONFIG_DIR) return { configDir: resolve(env.LATCHKEY_CLI_CONFIG_DIR) };
  if (env.XDG_CONFIG_HOME) return { configDir: join(env.XDG_CONFIG_HOME, "latchkey") };
  if (process.platform === "win32" && env.APPDATA) return { configDir: join(env.APPDATA, "latchkey") };
  return { configDir: join(home, ".config", "latchkey") };
}
