/**
 * `npm run bench`: builds the server, measures the references (bare Hono JSON, argon2id), Latchkey's
 * scenarios on each chosen dialect, Better Auth as the peer and, with --scale, several processes on
 * one Postgres; then prints a table and writes bench/results/<ISO time>.json. Everything runs on
 * loopback, every run is bounded, and every child process is killed however the bench ends.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, totalmem } from "node:os";
import { join } from "node:path";
import { measureArgon2, measureHonoJson } from "./baselines.js";
import { buildInfo, buildServer } from "./build-info.js";
import { runCleanups } from "./cleanup.js";
import { renderCompare, runCompare } from "./compare.js";
import { measureEmailRendering, type EmailRenderResult } from "./email-render.js";
import { runLatchkeySuite } from "./latchkey-suite.js";
import { rendering, storm } from "./latchkey-scenarios.js";
import { newServerSecrets } from "./latchkey-server.js";
import type { Measurement } from "./measure.js";
import { parseOptions } from "./options.js";
import { measureBetterAuth } from "./peer-better-auth.js";
import { addRatios } from "./ratios.js";
import { renderReport, writeResults } from "./report.js";
import { mixedWeights } from "./requests.js";
import type { Argon2Rate, BenchResults, BuildInfo, Row, ScaleOutResult } from "./results.js";
import { medianIndex, medianRound } from "./rounds.js";
import { runScaleOut } from "./scale-out.js";
import { evaluateTargets } from "./targets.js";
import { measureUsersImport, type UsersImportResult } from "./users-import.js";
import { measureEmailSending, type EmailSendResult } from "./email-send.js";
import { measureWebhookDeliveries, type WebhookDeliveriesResult } from "./webhook-deliveries.js";
import { measureBundleSizes, type BundleSizesResult } from "./bundle-sizes.js";

const options = parseOptions(process.argv.slice(2), process.env);
/** Recipients of the email-send scenario (issue 27: send to 10,000 users; a smaller --users lowers it). */
const emailSendUsers = Math.min(options.bulkUsers, 10_000);
const startedAt = new Date().toISOString();
const log = (line: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

async function abort(reason: string, code: number): Promise<never> {
  log(`${reason}: stopping children and dropping databases`);
  await runCleanups();
  process.exit(code);
}
const endsAt = Date.now() + options.maxMinutes * 60_000;
const deadline = setTimeout(() => void abort(`the run exceeded --max-minutes ${options.maxMinutes}`, 2), options.maxMinutes * 60_000);
process.once("SIGINT", () => void abort("interrupted", 130));
process.once("SIGTERM", () => void abort("terminated", 143));

const rows: Row[] = [];
const errors: string[] = [];
const seedSeconds: Record<string, Record<string, number>> = {};
const honoRuns: Measurement[] = [];
const argon2Runs: Argon2Rate[] = [];
let scaleOut: ScaleOutResult | null = null;
let emailRender: EmailRenderResult | null = null;
let usersImport: UsersImportResult[] = [];
const emailSend: EmailSendResult[] = [];
let webhookDeliveries: WebhookDeliveriesResult[] = [];
let bundleSizes: BundleSizesResult | null = null;
/** The references only serve the server's figures: a run of e-mail rendering alone skips them. */
const measuresServers = options.scenarios.length > 0 || options.scale.length > 0;
let build: BuildInfo = { commit: "unknown", uncommittedServerFiles: -1, distSha256: "" };

/** Runs one part of the bench; a failure is recorded and the other parts still run. */
async function part(name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    log(`${name} failed: ${(error as Error).message}`);
    errors.push(`${name}: ${(error as Error).message}`);
  }
}

/**
 * The references, at the start and again at the end of the run (and, with --rounds, after each
 * dialect); the ratios use the median run of each (by CPU per request, or per hash).
 */
async function measureBaselines(when: string): Promise<void> {
  await part(`bare Hono JSON (${when})`, async () => {
    log(`baseline: bare Hono JSON (${when})`);
    const m = await measureHonoJson(options);
    honoRuns.push(m);
    rows.push({ system: "baseline", scenario: `hono json (${when})`, status: "measured", measurement: m });
  });
  await part(`argon2id rate (${when})`, async () => {
    log(`baseline: argon2id rate (${when})`);
    argon2Runs.push(await measureArgon2(options));
  });
}

if (options.compare.length > 0) {
  // Two builds side by side; nothing else runs.
  try {
    const result = await runCompare(options, newServerSecrets(), log);
    process.stdout.write(renderCompare(result, options.rounds) + "\n");
    mkdirSync(join("bench", "results"), { recursive: true });
    const file = join("bench", "results", `compare-${startedAt.replace(/:/g, "-")}.json`);
    writeFileSync(file, JSON.stringify({ startedAt, finishedAt: new Date().toISOString(), options, ...result }, null, 2) + "\n");
    process.stdout.write(`\nResults: ${file}\n`);
  } finally {
    clearTimeout(deadline);
    await runCleanups();
  }
  process.exit(0);
}

try {
  if (options.build) {
    log("building dist/server/main.js");
    buildServer();
  }
  build = buildInfo();
  // First, in this process while it is still small: its RSS growth is one of the figures.
  if (options.emailRender) {
    await part("email-render", async () => {
      log("e-mail render: QuickJS contexts in process");
      emailRender = await measureEmailRendering({ poolSize: 2, renders: 300, rounds: Math.max(3, options.rounds), seconds: options.durationSeconds });
    });
  }
  if (measuresServers) await measureBaselines("start");

  const secrets = newServerSecrets();
  if (options.usersImport) {
    await part("users-import", async () => {
      usersImport = await measureUsersImport(options, secrets, log);
    });
  }
  if (options.emailSend) {
    for (const dialect of options.dialects) {
      await part(`email-send ${dialect}`, async () => {
        // Gives up a minute before --max-minutes, so that a slow send is reported (as an error) rather than killed.
        emailSend.push(await measureEmailSending(dialect, emailSendUsers, Math.max(30_000, endsAt - Date.now() - 60_000), log));
      });
    }
  }
  if (options.webhookDeliveries) {
    await part("webhook-deliveries", async () => {
      webhookDeliveries = await measureWebhookDeliveries(options, secrets, Math.max(30_000, endsAt - Date.now() - 60_000), log);
    });
  }
  if (options.bundleSizes) {
    await part("bundle-sizes", async () => {
      bundleSizes = await measureBundleSizes(options.build, log);
    });
  }
  if (options.scenarios.length > 0) {
    for (const dialect of options.dialects) {
      await part(`latchkey ${dialect}`, async () => {
        const suite = await runLatchkeySuite(dialect, options, secrets, log);
        rows.push(...suite.rows);
        seedSeconds[dialect] = suite.seedSeconds;
      });
      // Rounds take long: the references are measured again, so that they too come from every part of the run.
      if (options.rounds > 1) await measureBaselines(`after ${dialect}`);
    }
  }
  const peer = { getSession: options.scenarios.includes("users-me"), signIn: options.scenarios.includes("sign-in") };
  if (peer.getSession || peer.signIn) {
    await part("better-auth", async () => {
      const rounds: Row[][] = [];
      for (let round = 1; round <= options.rounds; round++) {
        log(`peer: Better Auth${options.rounds > 1 ? ` (round ${round} of ${options.rounds})` : ""}`);
        rounds.push(await measureBetterAuth(options, peer));
      }
      for (const scenario of new Set(rounds.flat().map((r) => r.scenario))) {
        rows.push(...medianRound(rounds.map((round) => round.filter((r) => r.scenario === scenario))));
      }
    });
  }
  if (options.scale.length > 0) {
    await part("scale-out", async () => {
      scaleOut = await runScaleOut(options, secrets, log);
    });
  }
  if (measuresServers) await measureBaselines("end");
} finally {
  clearTimeout(deadline);
  await runCleanups();
}

// The references' median runs: by CPU per request for Hono, by CPU per hash for argon2id.
const hono = honoRuns.length > 0 ? honoRuns[medianIndex(honoRuns.map((m) => m.cpuMsPerRequest ?? -m.okRps))]! : null;
const argon2 = argon2Runs.length > 0 ? argon2Runs[medianIndex(argon2Runs.map((a) => -a.perCoreSecond))]! : null;
addRatios(rows, hono, argon2);
const partial: Omit<BenchResults, "targets" | "finishedAt"> = {
  startedAt,
  machine: { cores: availableParallelism(), cpuModel: cpus()[0]?.model ?? "unknown", totalMemoryMb: Math.round(totalmem() / 2 ** 20), node: process.version, platform: process.platform },
  options,
  build,
  settings: {
    latency: "2xx responses only, fractional ms from autocannon's response events, not corrected for coordinated omission",
    cpu: "utime+stime of the measured server processes (all threads) from /proc/<pid>/stat, per completed response; PostgreSQL: its backends for the bench database, the same way",
    roundTrips: "statements the servers sent to PostgreSQL (latchkey_db_round_trips_total from /metrics, before and after the window), per completed response",
    rounds: "each row is the round with the median server CPU per request; the references are their median runs",
    storm,
    mixedWeights,
    rendering,
    betterAuth: "better-auth 1.7.5, emailAndPassword, better-sqlite3 in WAL mode, rate limiting off, 50 users",
    accessTokenLifetimeSeconds: 7200,
    seedSeconds,
    usersImport,
    emailSend,
    webhookDeliveries,
    bundleSizes,
    emailRender: "in the bench process, no HTTP: warm latencies sequential on one project (best round by p99), renders/s with 2 renders per context in flight",
  },
  baselines: { honoJson: hono, argon2, honoJsonRuns: honoRuns, argon2Runs },
  rows,
  scaleOut,
  emailRender,
  errors,
};
const results: BenchResults = { ...partial, targets: [...evaluateTargets(partial), ...usersImport.flatMap((u) => u.targets)], finishedAt: new Date().toISOString() };
process.stdout.write(renderReport(results) + "\n");
const file = writeResults(results);
process.stdout.write(`\nResults: ${file}\n`);
process.exit(errors.length > 0 ? 1 : 0);
