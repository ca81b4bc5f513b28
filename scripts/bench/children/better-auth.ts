/**
 * Peer child: Better Auth with e-mail and password on better-sqlite3, served by node:http through its
 * Node handler. Its tables are created with Better Auth's own migration planner (what `auth migrate`
 * runs). Rate limiting is off (as it is by default outside production) so throughput is measured,
 * and the database uses WAL like Latchkey's.
 * Usage: node --import tsx better-auth.ts <port> <database file> <secret>
 */
import { createServer } from "node:http";
import Database from "better-sqlite3";
import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { toNodeHandler } from "better-auth/node";

const [port, file, secret] = process.argv.slice(2) as [string, string, string];
const database = new Database(file);
database.pragma("journal_mode = WAL");

const options = {
  database,
  secret,
  baseURL: `http://127.0.0.1:${port}`,
  emailAndPassword: { enabled: true },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
};
const { runMigrations } = await getMigrations(options);
await runMigrations();
const auth = betterAuth(options);
createServer(toNodeHandler(auth)).listen(Number(port), "127.0.0.1");
