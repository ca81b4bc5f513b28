/**
 * What handlers and services are built from: the types of the plain values created once at start-up (by
 * create-deps.ts, the composition root). This file imports types only, from modules that do not import it
 * back, so any file may depend on it without joining an import cycle.
 */
import type { ServerConfig } from "./config.js";
import type { Queries } from "./db/queries/index.js";
import type { Store } from "./db/store.js";
import type { Clock } from "./services/clock.js";
import type { JobRunner } from "./services/jobs/job-runner.js";
import type { Logger } from "./services/log.js";
import type { Metrics } from "./services/metrics.js";
import type { SecretBox } from "./services/secret-box.js";
import type { EventSinks } from "./services/sink-registry.js";
import type { AccessTokens } from "./services/tokens/access-tokens.js";
import type { SigningKeys } from "./services/tokens/signing-keys.js";

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
