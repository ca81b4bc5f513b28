// The PostgreSQL instance of the tables (drizzle-kit reads them through drizzle-kit.pg.cts).
import { pgBuilders } from "./builders.pg.js";
import { defineTables } from "./tables.js";

export const pgTables = defineTables(pgBuilders);
