/**
 * Bench scenario `users-import` (issue 26): `latchkey users import` of a JSON Lines file of 100,000
 * users (`--users`) with bcrypt hashes into a running server's fresh database, per dialect. Reports
 * lines per second and the CLI process's RSS growth (its peak RSS importing the file, less its peak
 * importing an empty file: what the rows cost, not what loading the code costs), then signs a sample
 * of the imported users in through the API with their old passwords and checks that each now holds
 * an argon2id hash.
 *
 * The file's hashes are real bcrypt hashes at cost 4 (the lowest), 1,000 distinct ones used in turn:
 * bcryptjs takes milliseconds per hash, and an import only checks a hash's shape, never computes it.
 *
 *   npm run bench -- --only users-import [--dialect both] [--users 100000]
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import pg from "pg";
import Database from "better-sqlite3";
import { spawnNode, type Child } from "./children.js";
import { createBenchDatabase, type BenchDatabase } from "./databases.js";
import { startLatchkey, type ServerSecrets } from "./latchkey-server.js";
import type { BenchDialect, BenchOptions } from "./options.js";
import { sampleRss } from "./proc-stats.js";
import type { TargetResult } from "./results.js";

const DISTINCT_HASHES = 1000;
const SAMPLE = [7, 4242, 99_999];
/** The bound on the import's memory. */
const MAX_RSS_GROWTH_MB = 200;

export interface UsersImportResult {
  dialect: BenchDialect;
  users: number;
  /** The CLI process, start to exit. */
  seconds: number;
  /** Lines per second of the import itself (the CLI's own figure, without the process's start). */
  rowsPerSecond: number;
  rss: { emptyFilePeakMb: number; peakMb: number; growthMb: number };
  sampleSignIns: { email: string; status: number; argon2id: boolean }[];
  targets: TargetResult[];
}

/** What `latchkey --json users import` prints (the fields used here). */
interface ImportSummary {
  imported: number;
  rejected: number;
  /** The import's own time, without the process's start. */
  seconds: number;
  rowsPerSecond: number;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const passwordOf = (i: number) => `bench old password ${i % DISTINCT_HASHES}`;
const emailOf = (i: number) => `import-${i}@bench.example`;

function writeUserFile(path: string, users: number, log: (line: string) => void): void {
  log(`users-import: ${DISTINCT_HASHES} bcrypt hashes (cost 4) for a file of ${users} users`);
  const hashes = Array.from({ length: DISTINCT_HASHES }, (_, k) => bcrypt.hashSync(passwordOf(k), 4));
  const lines: string[] = [];
  for (let i = 0; i < users; i++) {
    lines.push(
      JSON.stringify({
        primary_email: emailOf(i),
        primary_email_verified: i % 2 === 0,
        display_name: `Imported User ${i}`,
        password_hash: hashes[i % DISTINCT_HASHES],
        client_metadata: { plan: i % 3 === 0 ? "pro" : "free" },
        created_at: new Date(Date.UTC(2022, 0, 1) + i * 1000).toISOString(),
      }),
    );
  }
  writeFileSync(path, lines.join("\n") + "\n");
}

/** Runs `latchkey users import` on `file`; returns its summary, wall time and peak RSS. */
async function runImport(database: BenchDatabase, secrets: ServerSecrets, file: string): Promise<{ summary: ImportSummary; seconds: number; peakRss: number }> {
  const started = performance.now();
  const child: Child = spawnNode("latchkey users import", ["scripts/latchkey.mjs", "--json", "users", "import", file, "--project", "internal"], {
    DATABASE_URL: database.url,
    LATCHKEY_DATA_DIR: database.dataDir,
    LATCHKEY_SERVER_SECRET: secrets.serverSecret,
  });
  const stopSampling = sampleRss([child.pid], 100);
  const code = await child.exited;
  const seconds = (performance.now() - started) / 1000;
  const peakRss = stopSampling()[child.pid]!;
  if (code !== 0) throw new Error(`latchkey users import exited with ${code}:\n${child.output().slice(-2000)}`);
  const output = child.output();
  return { summary: JSON.parse(output.slice(output.indexOf("{"))) as ImportSummary, seconds, peakRss };
}

async function passwordHashOf(database: BenchDatabase, email: string): Promise<string> {
  const query = "select u.password_hash as h from users u join contact_channels c on c.user_id = u.id where c.value = ";
  if (database.sqlitePath) {
    const db = new Database(database.sqlitePath, { readonly: true });
    try {
      return (db.prepare(`${query}?`).get(email) as { h: string }).h;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.pgUrl! });
  await client.connect();
  try {
    return ((await client.query(`${query}$1`, [email])).rows[0] as { h: string }).h;
  } finally {
    await client.end();
  }
}

async function measureDialect(dialect: BenchDialect, options: BenchOptions, secrets: ServerSecrets, log: (line: string) => void): Promise<UsersImportResult> {
  const database = await createBenchDatabase(dialect, options.pgAdminUrl);
  try {
    // The server bootstraps the internal project (imported into) and answers the sample's sign-ins.
    const [server] = await startLatchkey(database, secrets);
    const users = options.bulkUsers > 0 ? options.bulkUsers : 100_000;
    const file = join(database.dataDir, "users.jsonl");
    const empty = join(database.dataDir, "empty.jsonl");
    writeUserFile(file, users, log);
    writeFileSync(empty, "");
    const baseline = await runImport(database, secrets, empty);
    log(`users-import ${dialect}: importing ${users} users`);
    const run = await runImport(database, secrets, file);
    if (run.summary.imported !== users || run.summary.rejected !== 0) throw new Error(`imported ${run.summary.imported} of ${users} users, rejected ${run.summary.rejected}`);

    const sampleSignIns: UsersImportResult["sampleSignIns"] = [];
    for (const i of SAMPLE.filter((n) => n < users)) {
      const response = await fetch(`${server!.url}/api/v1/auth/password/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-stack-access-type": "client", "x-stack-project-id": "internal", "x-stack-publishable-client-key": secrets.internalKeys.publishableClientKey },
        body: JSON.stringify({ email: emailOf(i), password: passwordOf(i) }),
      });
      await response.arrayBuffer();
      sampleSignIns.push({ email: emailOf(i), status: response.status, argon2id: (await passwordHashOf(database, emailOf(i))).startsWith("$argon2id$") });
    }
    await server!.child.stop();

    const rowsPerSecond = run.summary.rowsPerSecond;
    const growthMb = mb(run.peakRss - baseline.peakRss);
    const on = `(${dialect})`;
    return {
      dialect,
      users,
      seconds: Math.round(run.seconds * 10) / 10,
      rowsPerSecond,
      rss: { emptyFilePeakMb: mb(baseline.peakRss), peakMb: mb(run.peakRss), growthMb },
      sampleSignIns,
      targets: [
        {
          target: `Import of ${users} bcrypt users: RSS growth < ${MAX_RSS_GROWTH_MB} MB ${on}`,
          measured: `+${growthMb} MB (peak ${mb(run.peakRss)} MB, ${mb(baseline.peakRss)} MB for an empty file); ${rowsPerSecond} users/s (${run.summary.seconds} s importing, ${Math.round(run.seconds * 10) / 10} s with the process's start)`,
          pass: growthMb < MAX_RSS_GROWTH_MB,
        },
        {
          target: `Imported users sign in with their old passwords, then hold argon2id ${on}`,
          measured: sampleSignIns.map((s) => `${s.status}${s.argon2id ? " argon2id" : " not re-hashed"}`).join(", "),
          pass: sampleSignIns.length > 0 && sampleSignIns.every((s) => s.status === 200 && s.argon2id),
        },
      ],
    };
  } finally {
    await database.dispose();
  }
}

export async function measureUsersImport(options: BenchOptions, secrets: ServerSecrets, log: (line: string) => void): Promise<UsersImportResult[]> {
  const results: UsersImportResult[] = [];
  for (const dialect of options.dialects) results.push(await measureDialect(dialect, options, secrets, log));
  return results;
}
