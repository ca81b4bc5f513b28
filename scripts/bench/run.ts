/**
 * `npm run bench`: builds the server, measures the references (bare Hono JSON, argon2id), Latchkey's
 * scenarios on each chosen dialect, Better Auth as the peer and, with --scale, several processes on
 * one Postgres; then prints a table and writes bench/results/<ISO time>.json. Everything runs on
 * loopback, every run is bounded, and every child process is killed however the bench ends.
 */
import { availableParallelism, cpus, totalmem } from "node:os";
import { measureArgon2, measureHonoJson } from "./baselines.js";
import { buildInfo, buildServer } from "./build-info.js";
import { runCleanups } from "./cleanup.js";
import { measureEmailRendering, type EmailRenderResult } from "./email-render.js";
import { runLatchkeySuite } from "./latchkey-suite.js";
import { storm } from "./latchkey-scenarios.js";
import { newServerSecrets } from "./latchkey-server.js";
import type { Measurement } from "./measure.js";
import { parseOptions } from "./options.js";
import { measureBetterAuth } from "./peer-better-auth.js";
import { addRatios } from "./ratios.js";
import { renderReport, writeResults } from "./report.js";
import { mixedWeights } from "./requests.js";
import type { Argon2Rate, BenchResults, BuildInfo, Row, ScaleOutResult } from "./results.js";
import { bestRound } from "./rounds.js";
import { runScaleOut } from "./scale-out.js";
import { evaluateTargets } from "./targets.js";

const options = parseOptions(process.argv.slice(2), process.env);
const startedAt = new Date().toISOString();
const log = (line: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

async function abort(reason: string, code: number): Promise<never> {
  log(`${reason}: stopping children and dropping databases`);
  await runCleanups();
  process.exit(code);
}
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
 * dialect). Other load on the machine only ever lowers them, so the ratios use the highest (the
 * machine's capacity, not its worst moment).
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
        rows.push(...bestRound(rounds.map((round) => round.filter((r) => r.scenario === scenario))));
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

const hono = honoRuns.reduce<Measurement | null>((best, m) => (!best || m.okRps > best.okRps ? m : best), null);
const argon2 = argon2Runs.reduce<Argon2Rate | null>((best, a) => (!best || a.perSecond > best.perSecond ? a : best), null);
addRatios(rows, hono, argon2);
const partial: Omit<BenchResults, "targets" | "finishedAt"> = {
  startedAt,
  machine: { cores: availableParallelism(), cpuModel: cpus()[0]?.model ?? "unknown", totalMemoryMb: Math.round(totalmem() / 2 ** 20), node: process.version, platform: process.platform },
  options,
  build,
  settings: {
    latency: "2xx responses only, fractional ms from autocannon's response events, not corrected for coordinated omission",
    cpu: "utime+stime of the measured server processes (all threads) from /proc/<pid>/stat, per completed response",
    storm,
    mixedWeights,
    betterAuth: "better-auth 1.7.5, emailAndPassword, better-sqlite3 in WAL mode, rate limiting off, 50 users",
    accessTokenLifetimeSeconds: 7200,
    seedSeconds,
    emailRender: "in the bench process, no HTTP: warm latencies sequential on one project (best round by p99), renders/s with 2 renders per context in flight",
  },
  baselines: { honoJson: hono, argon2, honoJsonRuns: honoRuns, argon2Runs },
  rows,
  scaleOut,
  emailRender,
  errors,
};
const results: BenchResults = { ...partial, targets: evaluateTargets(partial), finishedAt: new Date().toISOString() };
process.stdout.write(renderReport(results) + "\n");
const file = writeResults(results);
process.stdout.write(`\nResults: ${file}\n`);
process.exit(errors.length > 0 ? 1 : 0);
