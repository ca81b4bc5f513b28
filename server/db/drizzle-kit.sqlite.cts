// What drizzle-kit reads to generate drizzle/sqlite (see drizzle.sqlite.config.ts): it takes the tables
// from the values of a module's exports, so this CommonJS module exports every SQLite table by its key.
import schema = require("./schema.sqlite.js");

export = { ...schema.sqliteTables };
