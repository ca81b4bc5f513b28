/** The server's settings. The only module that reads process.env. */
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { parseDatabaseUrl, type DatabaseLocation } from "./db/store.js";
import { parseAllowedNetworks, parseTrustedProxies, type NonPublicKind, type TrustedProxies } from "./services/net/addresses.js";

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
  dataDir: string;
  database: DatabaseLocation;
  databasePoolSize: number;
  internalKeys: InternalKeysFromEnv;
  /** Validate every response against its contract (tests and development). */
  validateResponses: boolean;
  /** Fail on transaction misuse, at some cost per request (tests and development; transaction-guard.ts). */
  checkTransactions: boolean;
  /** Base64 server secret (LATCHKEY_SERVER_SECRET); unset: a file in the data directory. */
  serverSecret: string | undefined;
  accessTokenLifetimeMs: number;
  /**
   * The reverse proxies whose X-Forwarded-For entries name the client (LATCHKEY_TRUST_PROXY: a hop count
   * or proxy addresses / CIDR ranges); none: the socket peer is the client.
   */
  trustProxy: TrustedProxies;
  /** Per-address and per-project request limits on sign-in, sign-up and codes (LATCHKEY_ABUSE_LIMITS=off disables). */
  abuseLimits: boolean;
  /** Password hashes computed at once, and how many more may wait (beyond: 429). */
  passwordHashing: { concurrency: number; queueLimit: number };
  /** The SMTP server for projects whose e-mail config is `shared`; unset: such mails stay undeliverable. */
  sharedSmtp: SharedSmtpConfig | null;
  logLevel: "silent" | "error" | "info" | "debug";
  /**
   * The non-public networks (loopback, private, link-local, reserved) webhook targets may resolve to
   * (LATCHKEY_WEBHOOK_ALLOWED_NETWORKS); by default none: such targets are refused.
   */
  webhookAllowedNetworks: ReadonlySet<NonPublicKind>;
  /** Social sign-in: where provider endpoints are, and the server's own (shared) provider credentials. */
  oauth: OAuthServerConfig;
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

export function loadConfig(env: Env = process.env): ServerConfig {
  const port = integer(env.PORT, 8102, "PORT");
  const host = env.HOST ?? "0.0.0.0";
  const dataDir = resolve(env.LATCHKEY_DATA_DIR ?? ".latchkey");
  const logLevel = env.LATCHKEY_LOG_LEVEL ?? "info";
  if (!["silent", "error", "info", "debug"].includes(logLevel)) throw new Error("LATCHKEY_LOG_LEVEL must be silent, error, info or debug");
  return {
    port,
    host,
    publicUrl: (env.LATCHKEY_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    dataDir,
    database: parseDatabaseUrl(env.DATABASE_URL || undefined, dataDir),
    databasePoolSize: integer(env.DATABASE_POOL_SIZE, 10, "DATABASE_POOL_SIZE"),
    internalKeys: {
      publishableClientKey: env.LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY || undefined,
      secretServerKey: env.LATCHKEY_INTERNAL_SECRET_SERVER_KEY || undefined,
      superSecretAdminKey: env.LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY || undefined,
    },
    validateResponses: env.LATCHKEY_VALIDATE_RESPONSES === "true",
    checkTransactions: env.LATCHKEY_CHECK_TRANSACTIONS === "true",
    serverSecret: env.LATCHKEY_SERVER_SECRET || undefined,
    accessTokenLifetimeMs: integer(env.LATCHKEY_ACCESS_TOKEN_LIFETIME_SECONDS, 600, "LATCHKEY_ACCESS_TOKEN_LIFETIME_SECONDS") * 1000,
    trustProxy: parseTrustedProxies(env.LATCHKEY_TRUST_PROXY),
    abuseLimits: env.LATCHKEY_ABUSE_LIMITS !== "off",
    passwordHashing: {
      // One hash per core. Cores + 1 raised sign-in from 81% to 85% of the argon2id rate on 2 cores, but
      // pushed GET /users/me p99 during a sign-in storm on PostgreSQL from 15 to 20 ms: reads come first.
      concurrency: integer(env.LATCHKEY_PASSWORD_HASH_CONCURRENCY, availableParallelism(), "LATCHKEY_PASSWORD_HASH_CONCURRENCY"),
      queueLimit: integer(env.LATCHKEY_PASSWORD_HASH_QUEUE, 256, "LATCHKEY_PASSWORD_HASH_QUEUE"),
    },
    sharedSmtp: env.LATCHKEY_SMTP_URL
      ? { url: env.LATCHKEY_SMTP_URL, from: env.LATCHKEY_EMAIL_FROM ?? "Latchkey <noreply@localhost>" }
      : null,
    logLevel: logLevel as ServerConfig["logLevel"],
    webhookAllowedNetworks: parseAllowedNetworks(env.LATCHKEY_WEBHOOK_ALLOWED_NETWORKS, "LATCHKEY_WEBHOOK_ALLOWED_NETWORKS"),
    oauth: { providerBaseUrls: parseProviderBaseUrls(env.LATCHKEY_OAUTH_PROVIDER_BASE_URLS), sharedCredentials: sharedOAuthCredentials(env) },
  };
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
    if (!clientId || !clientSecret) throw new Error(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
    result[id] = { clientId, clientSecret };
  }
  return result;
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer`);
  return n;
}
