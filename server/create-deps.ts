/**
 * The composition root: builds the dependencies every handler and service receives (their types are in deps.ts),
 * once at start-up. Only start-up code (main.ts, the CLI, the test instance) imports this file.
 */
import type { ServerConfig } from "./config.js";
import type { AppDeps } from "./deps.js";
import { createQueries, HOT_CACHE_TTL_MS, type Queries } from "./db/queries/index.js";
import type { Store } from "./db/store.js";
import type { Clock } from "./services/clock.js";
import type { Logger } from "./services/log.js";
import { createJobRunner } from "./services/jobs/runner.js";
import type { JobRunner } from "./services/jobs/job-runner.js";
import { createMetrics } from "./services/metrics.js";
import { withSealedConfigSecrets } from "./services/config/sealed-secrets.js";
import { createSecretBox } from "./services/secret-box.js";
import { createEventSinks } from "./services/sink-registry.js";
import { createAccessTokens } from "./services/tokens/access-tokens.js";
import { createSigningKeys } from "./services/tokens/signing-keys.js";

const RETIRED_KEY_GRACE_MS = HOT_CACHE_TTL_MS + 58_000;

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
