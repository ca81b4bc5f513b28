/**
 * Prometheus metrics (prom-client), one registry per server. The hot path (every API request) costs a
 * map lookup and one labelled histogram observation; everything read from the database (outbox depth
 * and age) or from the pool is read only when /metrics is scraped.
 *
 * Names and labels (label values are fixed sets: procedure names of the contract, methods of our own
 * list, outbox kinds, never user input):
 * - latchkey_http_request_duration_seconds{procedure,method,status}: histogram; its `_count` is the
 *   number of requests
 * - latchkey_sign_ins_total{method,result}: result success, failure, refused (429: locked out or rate
 *   limited), second_factor_required, error
 * - latchkey_sign_in_lockouts_total: sign-in attempts refused because the address is locked
 * - latchkey_outbox_deliveries_total{kind,result} and latchkey_outbox_delivery_duration_seconds{kind}:
 *   e-mails and webhooks handed to their deliverer (result sent, retry, failed, undeliverable, deferred)
 * - latchkey_outbox_pending{kind}, latchkey_outbox_oldest_pending_age_seconds{kind}
 * - latchkey_db_pool_connections{state} (open, idle, waiting), latchkey_db_pool_max and
 *   latchkey_db_round_trips_total (statements sent) (PostgreSQL)
 * - latchkey_email_render_duration_seconds{kind,outcome}: histogram of e-mail renders in the sandbox;
 *   kind default (the product's own mails), template, theme, draft or html; outcome ok or error
 * - latchkey_email_render_failures_total{reason}: failed renders by reason (deadline, memory, error)
 * - latchkey_oauth_tokens_issued_total{client_id,grant_type}: tokens the project's identity provider issued
 *   to a client (issue 40); client ids are ours or metadata-document URLs, so past OAUTH_CLIENT_SERIES
 *   distinct ones the rest count under client_id="other"
 * - latchkey_oauth_token_refusals_total{error}: token requests refused, by OAuth error code
 * - the process's own (CPU, memory, event-loop lag, GC) with the prefix latchkey_
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "../db/store.js";

export type SignInResult = "success" | "failure" | "refused" | "second_factor_required" | "error";
/** What an e-mail render rendered: a product mail (built-in template or the project's copy), or an admin's source. */
export type EmailRenderKind = "default" | "template" | "theme" | "draft" | "html";
/** Why an e-mail render failed: its deadline, a memory (or stack) limit, or anything else. */
export type EmailRenderFailure = "deadline" | "memory" | "error";
export const EMAIL_RENDER_KINDS: readonly EmailRenderKind[] = ["default", "template", "theme", "draft", "html"];
export const EMAIL_RENDER_FAILURES: readonly EmailRenderFailure[] = ["deadline", "memory", "error"];

export interface Metrics {
  /** An API request finished: its procedure (contract name), method, status and duration. */
  request(procedure: string, method: string, status: number, seconds: number): void;
  signIn(method: string, result: SignInResult): void;
  /** A sign-in attempt was refused because its address is locked out. */
  lockout(): void;
  /** A deliverer handled an outbox row (an e-mail, a webhook). */
  delivery(kind: string, result: string, seconds: number): void;
  /** An e-mail render finished (`failure` set: it failed, for that reason). */
  emailRender(kind: EmailRenderKind, seconds: number, failure?: EmailRenderFailure): void;
  /** The identity provider issued a token to a client by a grant type. */
  oauthTokenIssued(clientId: string, grantType: string): void;
  /** The token endpoint refused a request with an OAuth error code. */
  oauthTokenRefused(error: string): void;
  /** The text exposition format. */
  render(): Promise<string>;
  readonly contentType: string;
}

export interface MetricSources {
  outboxPending(): Promise<readonly { kind: string; count: number; oldest: Date | null }[]>;
  poolStats?: () => PoolStats;
  now(): number;
}

/** The most client_id label values of the OAuth metrics one process keeps (the rest are "other"). */
export const OAUTH_CLIENT_SERIES = 500;
const oauthGrantTypes = new Set(["authorization_code", "refresh_token", "client_credentials"]);
const oauthErrors = new Set(["invalid_request", "invalid_client", "invalid_grant", "unauthorized_client", "unsupported_grant_type", "invalid_scope", "invalid_target"]);

const latencyBuckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const outboxKinds = ["email", "webhook", "webhook_fanout"];

type RequestLabels = "procedure" | "method" | "status";
type BoundObserver = { observe(value: number): void };

export function createMetrics(sources: MetricSources, options: { processMetrics: boolean } = { processMetrics: true }): Metrics {
  const registry = new Registry();
  const registers = [registry];
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: "latchkey_" });

  const requests = new Histogram<RequestLabels>({
    name: "latchkey_http_request_duration_seconds",
    help: "API requests by contract procedure, method and status: latency in seconds (_count: the number of requests)",
    labelNames: ["procedure", "method", "status"],
    buckets: latencyBuckets,
    registers,
  });
  const signIns = new Counter<"method" | "result">({ name: "latchkey_sign_ins_total", help: "Sign-in attempts by method and result", labelNames: ["method", "result"], registers });
  const lockouts = new Counter({ name: "latchkey_sign_in_lockouts_total", help: "Sign-in attempts refused because the address is locked out", registers });
  const deliveries = new Counter<"kind" | "result">({
    name: "latchkey_outbox_deliveries_total",
    help: "Outbox rows (e-mails, webhooks) handled by their deliverer, by kind and result",
    labelNames: ["kind", "result"],
    registers,
  });
  const deliveryTime = new Histogram<"kind">({
    name: "latchkey_outbox_delivery_duration_seconds",
    help: "Time a deliverer took for one outbox row (an SMTP send, a webhook request), by kind",
    labelNames: ["kind"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });

  const emailRenders = new Histogram<"kind" | "outcome">({
    name: "latchkey_email_render_duration_seconds",
    help: "E-mail renders in the sandbox by kind (default: the product's own mails) and outcome (ok, error): duration in seconds",
    labelNames: ["kind", "outcome"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const emailRenderFailures = new Counter<"reason">({
    name: "latchkey_email_render_failures_total",
    help: "E-mail renders that failed, by reason (deadline, memory, error)",
    labelNames: ["reason"],
    registers,
  });
  // Every series exists from the start (fixed label sets), so a scrape shows 0 rather than nothing.
  for (const kind of EMAIL_RENDER_KINDS) for (const outcome of ["ok", "error"]) emailRenders.zero({ kind, outcome });
  for (const reason of EMAIL_RENDER_FAILURES) emailRenderFailures.inc({ reason }, 0);

  // Both outbox gauges come from one query per scrape: the first collect() runs it, the second reuses it.
  let outboxRead: Promise<readonly { kind: string; count: number; oldest: Date | null }[]> | null = null;
  const readOutbox = () => (outboxRead ??= sources.outboxPending().finally(() => (outboxRead = null)));
  new Gauge<"kind">({
    name: "latchkey_outbox_pending",
    help: "Outbox rows waiting for delivery (due or retrying later), by kind",
    labelNames: ["kind"],
    registers,
    async collect() {
      const rows = await readOutbox();
      for (const kind of outboxKinds) this.set({ kind }, rows.find((r) => r.kind === kind)?.count ?? 0);
    },
  });
  new Gauge<"kind">({
    name: "latchkey_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest outbox row waiting for delivery, by kind (0: none waiting)",
    labelNames: ["kind"],
    registers,
    async collect() {
      const rows = await readOutbox();
      const now = sources.now();
      for (const kind of outboxKinds) {
        const oldest = rows.find((r) => r.kind === kind)?.oldest;
        this.set({ kind }, oldest ? Math.max(0, (now - oldest.getTime()) / 1000) : 0);
      }
    },
  });

  const poolStats = sources.poolStats;
  if (poolStats) {
    new Gauge<"state">({
      name: "latchkey_db_pool_connections",
      help: "PostgreSQL pool: connections open and idle, and requests waiting for one",
      labelNames: ["state"],
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: "open" }, stats.open);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
    new Gauge({
      name: "latchkey_db_pool_max",
      help: "PostgreSQL pool: the most connections it opens (DATABASE_POOL_SIZE)",
      registers,
      collect() {
        this.set(poolStats().max);
      },
    });
    new Counter({
      name: "latchkey_db_round_trips_total",
      help: "PostgreSQL: statements sent (each a round trip; BEGIN and COMMIT included)",
      registers,
      collect() {
        this.reset();
        this.inc(poolStats().roundTrips);
      },
    });
  }

  const oauthTokens = new Counter<"client_id" | "grant_type">({
    name: "latchkey_oauth_tokens_issued_total",
    help: "Tokens the identity provider issued, by client and grant type",
    labelNames: ["client_id", "grant_type"],
    registers,
  });
  const oauthRefusals = new Counter<"error">({ name: "latchkey_oauth_token_refusals_total", help: "Token requests the identity provider refused, by OAuth error", labelNames: ["error"], registers });
  const oauthClients = new Set<string>();

  // procedure -> status -> the bound histogram child: labels are resolved once per series.
  const observers = new Map<string, Map<number, BoundObserver>>();
  return {
    request(procedure, method, status, seconds) {
      let byStatus = observers.get(procedure);
      if (!byStatus) observers.set(procedure, (byStatus = new Map()));
      let observer = byStatus.get(status);
      if (!observer) byStatus.set(status, (observer = requests.labels(procedure, method, String(status))));
      observer.observe(seconds);
    },
    signIn: (method, result) => signIns.inc({ method, result }),
    lockout: () => lockouts.inc(),
    delivery(kind, result, seconds) {
      deliveries.inc({ kind, result });
      deliveryTime.observe({ kind }, seconds);
    },
    emailRender(kind, seconds, failure) {
      emailRenders.observe({ kind, outcome: failure ? "error" : "ok" }, seconds);
      if (failure) emailRenderFailures.inc({ reason: failure });
    },
    oauthTokenIssued(clientId, grantType) {
      if (!oauthClients.has(clientId) && oauthClients.size < OAUTH_CLIENT_SERIES) oauthClients.add(clientId);
      oauthTokens.inc({ client_id: oauthClients.has(clientId) ? clientId : "other", grant_type: oauthGrantTypes.has(grantType) ? grantType : "other" });
    },
    oauthTokenRefused: (error) => oauthRefusals.inc({ error: oauthErrors.has(error) ? error : "other" }),
    render: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
