/**
 * The column vocabulary shared by both dialects. Tables are written once against this interface
 * (see tables.ts) and instantiated with the SQLite or the PostgreSQL implementation. The types are
 * the PostgreSQL builders' types; the SQLite implementation produces columns with the same
 * JavaScript types (Date, boolean, JSON values), so queries written once type-check for both.
 */
import type {
  bigint as pgBigint,
  foreignKey as pgForeignKey,
  boolean as pgBoolean,
  index as pgIndex,
  integer as pgInteger,
  jsonb as pgJsonb,
  pgTable,
  primaryKey as pgPrimaryKey,
  text as pgText,
  timestamp as pgTimestamp,
  uniqueIndex as pgUniqueIndex,
} from "drizzle-orm/pg-core";

type TimeColumn = (name: string) => ReturnType<typeof pgTimestamp<string, "date">>;
type BigintColumn = (name: string) => ReturnType<typeof pgBigint<string, "number">>;

export interface TableBuilders {
  table: typeof pgTable;
  text: typeof pgText;
  integer: typeof pgInteger;
  /** 53-bit integers (quantities, counters). */
  bigint: BigintColumn;
  boolean: typeof pgBoolean;
  /** JSON: `jsonb` on PostgreSQL, text on SQLite. */
  json: typeof pgJsonb;
  /** Instants as JavaScript Dates: `timestamptz` on PostgreSQL, integer milliseconds on SQLite. */
  time: TimeColumn;
  index: typeof pgIndex;
  uniqueIndex: typeof pgUniqueIndex;
  primaryKey: typeof pgPrimaryKey;
  foreignKey: typeof pgForeignKey;
}
