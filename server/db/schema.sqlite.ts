// The SQLite instance of the tables (drizzle-kit reads them through drizzle-kit.sqlite.cts).
import { sqliteBuilders } from "./builders.sqlite.js";
import { defineTables } from "./tables.js";

export const sqliteTables = defineTables(sqliteBuilders);
