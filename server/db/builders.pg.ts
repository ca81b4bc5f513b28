import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { TableBuilders } from "./builders.js";

export const pgBuilders: TableBuilders = {
  table: pgTable,
  text,
  integer,
  bigint: (name) => bigint(name, { mode: "number" }),
  boolean,
  json: jsonb,
  time: (name) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 }),
  index,
  uniqueIndex,
  primaryKey,
  foreignKey,
};
