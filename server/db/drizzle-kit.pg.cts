// What drizzle-kit reads to generate drizzle/pg (see drizzle.pg.config.ts): it takes the tables from
// the values of a module's exports, so this CommonJS module exports every PostgreSQL table by its key.
import schema = require("./schema.pg.js");

export = { ...schema.pgTables };
