import { foreignKey, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { TableBuilders } from "./builders.js";

/**
 * SQLite columns behind the shared vocabulary: booleans as 0/1 integers, instants as integer
 * milliseconds, JSON as text. The casts only re-label builder types; runtime values match PostgreSQL's.
 */
export const sqliteBuilders = {
  table: sqliteTable,
  text,
  integer,
  bigint: (name: string) => integer(name),
  boolean: (name: string) => integer(name, { mode: "boolean" }),
  json: (name: string) => text(name, { mode: "json" }),
  time: (name: string) => integer(name, { mode: "timestamp_ms" }),
  index,
  uniqueIndex,
  primaryKey,
  foreignKey,
} as unknown as TableBuilders;
