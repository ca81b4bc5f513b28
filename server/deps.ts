/** What handlers and services are built from: plain values, created once at start-up. */
import type { ServerConfig } from "./config.js";
import { apiKeySetQueries } from "./db/queries/api-key-sets.js";
import { projectQueries } from "./db/queries/projects.js";
import type { Store } from "./db/store.js";
import type { Clock } from "./services/clock.js";
import type { Logger } from "./services/log.js";

export function createQueries(store: Store) {
  return {
    projects: projectQueries(store),
    apiKeySets: apiKeySetQueries(store),
  };
}

export type Queries = ReturnType<typeof createQueries>;

export interface AppDeps {
  readonly config: ServerConfig;
  readonly store: Store;
  readonly clock: Clock;
  readonly log: Logger;
  readonly queries: Queries;
}
