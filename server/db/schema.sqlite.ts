// The SQLite instance of the tables; drizzle-kit reads this file to generate drizzle/sqlite.
import { sqliteBuilders } from "./builders.sqlite.js";
import { defineTables } from "./tables.js";

export const sqliteTables = defineTables(sqliteBuilders);
export const {
  projects,
  apiKeySets,
  users,
  contactChannels,
  sessions,
  signingKeys,
  verificationCodes,
  teams,
  teamMembers,
  teamPermissions,
  projectPermissions,
  apiKeys,
  passkeys,
  mfaRecoveryCodes,
  cliLogins,
  itemQuantityChanges,
  rateLimits,
  outbox,
} = sqliteTables;
