/**
 * Bulk users written straight into the database (the API would need one argon2id hash per user):
 * rows with the columns the server writes for a signed-up user (users + primary e-mail channel used
 * for auth; see server/services/users/create.ts), spread one second apart in sign-up time, older
 * than the users signed up through the API, each active on three of the last 30 days (the metrics'
 * daily active users read those rows). Postgres is ANALYZEd afterwards (what autovacuum would
 * do shortly); SQLite is left as the server leaves it (no statistics), with its WAL checkpointed.
 */
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import type { BenchDatabase } from "./databases.js";

interface BulkRow {
  id: string;
  email: string;
  displayName: string;
  signedUpAtMs: number;
}

const DAY_MS = 86_400_000;

/** The three distinct days of the last 30 (UTC, `YYYY-MM-DD`) on which bulk user `i` was active. */
function activeDays(i: number, now: number): string[] {
  const offsets = new Set([i % 30, (i * 7 + 3) % 30, (i * 13 + 11) % 30]);
  return [...offsets].map((offset) => new Date(now - offset * DAY_MS).toISOString().slice(0, 10));
}

/** Inserts `count` users into `projectId`; returns their ids in sign-up order. */
export async function seedBulkUsers(database: BenchDatabase, projectId: string, count: number, passwordHash: string): Promise<string[]> {
  const start = Date.now() - 86_400_000 - count * 1000;
  const rows: BulkRow[] = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    email: `bulk-${i}@bench.example`,
    displayName: `Bulk User ${i}`,
    signedUpAtMs: start + i * 1000,
  }));
  if (database.sqlitePath) seedSqlite(database.sqlitePath, projectId, rows, passwordHash);
  else await seedPostgres(database.pgUrl!, projectId, rows, passwordHash);
  return rows.map((r) => r.id);
}

function seedSqlite(path: string, projectId: string, rows: BulkRow[], passwordHash: string): void {
  const db = new Database(path);
  try {
    db.pragma("busy_timeout = 10000");
    const user = db.prepare(
      "INSERT INTO users (id, project_id, display_name, password_hash, signed_up_at, last_active_at) VALUES (?, ?, ?, ?, ?, ?)",
    );
    const channel = db.prepare(
      "INSERT INTO contact_channels (id, project_id, user_id, type, value, is_verified, is_primary, used_for_auth, created_at) VALUES (?, ?, ?, 'email', ?, 1, 1, 1, ?)",
    );
    const activity = db.prepare("INSERT INTO user_activity_days (project_id, user_id, day, is_anonymous) VALUES (?, ?, ?, 0)");
    const now = Date.now();
    db.transaction(() => {
      rows.forEach((r, i) => {
        user.run(r.id, projectId, r.displayName, passwordHash, r.signedUpAtMs, r.signedUpAtMs);
        channel.run(randomUUID(), projectId, r.id, r.email, r.signedUpAtMs);
        for (const day of activeDays(i, now)) activity.run(projectId, r.id, day);
      });
    })();
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}

async function seedPostgres(url: string, projectId: string, rows: BulkRow[], passwordHash: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const BATCH = 5_000;
    const now = Date.now();
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      const ids = batch.map((r) => r.id);
      const at = batch.map((r) => r.signedUpAtMs);
      await client.query("BEGIN");
      await client.query(
        `INSERT INTO users (id, project_id, display_name, password_hash, signed_up_at, last_active_at)
         SELECT u.id, $1, u.name, $2, to_timestamp(u.ms / 1000.0), to_timestamp(u.ms / 1000.0)
         FROM unnest($3::text[], $4::text[], $5::float8[]) AS u(id, name, ms)`,
        [projectId, passwordHash, ids, batch.map((r) => r.displayName), at],
      );
      await client.query(
        `INSERT INTO contact_channels (id, project_id, user_id, type, value, is_verified, is_primary, used_for_auth, created_at)
         SELECT c.id, $1, c.user_id, 'email', c.value, true, true, true, to_timestamp(c.ms / 1000.0)
         FROM unnest($2::text[], $3::text[], $4::text[], $5::float8[]) AS c(id, user_id, value, ms)`,
        [projectId, batch.map(() => randomUUID()), ids, batch.map((r) => r.email), at],
      );
      const activity = batch.flatMap((r, j) => activeDays(i + j, now).map((day) => [r.id, day] as const));
      await client.query(
        `INSERT INTO user_activity_days (project_id, user_id, day, is_anonymous)
         SELECT $1, a.user_id, a.day, false FROM unnest($2::text[], $3::text[]) AS a(user_id, day)`,
        [projectId, activity.map(([id]) => id), activity.map(([, day]) => day)],
      );
      await client.query("COMMIT");
    }
    await client.query("ANALYZE users, contact_channels, user_activity_days");
  } finally {
    await client.end();
  }
}
