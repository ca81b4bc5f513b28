import type { Store } from "../store.js";

/** User and team API keys (stored as hashes). */
export function apiKeyQueries(store: Store) {
  void store;
  return {};
}
