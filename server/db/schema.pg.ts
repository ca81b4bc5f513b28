// The PostgreSQL instance of the tables; drizzle-kit reads this file to generate drizzle/pg.
import { pgBuilders } from "./builders.pg.js";
import { defineTables } from "./tables.js";

export const pgTables = defineTables(pgBuilders);
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
} = pgTables;
