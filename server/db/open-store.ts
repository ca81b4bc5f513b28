/**
 * Opens the store of a database location: the SQLite or PostgreSQL implementation, loaded only when used
 * (each pulls in its driver). Apart from store.ts, whose types both implementations import.
 */
import type { DatabaseLocation, Store } from "./store.js";

export interface OpenStoreOptions {
  location: DatabaseLocation;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** Fail on transaction misuse (tests): see transaction-guard.ts. */
  checkTransactions?: boolean;
}

export async function openStore(options: OpenStoreOptions): Promise<Store> {
  if (options.location.dialect === "sqlite") {
    const { openSqliteStore } = await import("./sqlite-store.js");
    return openSqliteStore(options.location.path, options.checkTransactions ?? false);
  }
  const { openPostgresStore } = await import("./pg-store.js");
  return openPostgresStore(options.location.url, options.poolSize ?? 10, options.checkTransactions ?? false);
}
