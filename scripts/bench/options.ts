/** The bench's command line (`npm run bench -- --duration 5 --only users-me,refresh`). */
import { parseArgs } from "node:util";

export const scenarioNames = [
  "users-me",
  "refresh",
  "team-permission",
  "users-page",
  "metrics",
  "item-quantity",
  "sign-in",
  "sign-up",
  "storm",
  "mixed",
  "mixed-rendering",
] as const;
export type ScenarioName = (typeof scenarioNames)[number];
/**
 * Parts outside the HTTP scenarios: e-mail rendering (no server or database, once, in this process);
 * users-import (the CLI on each dialect; only when named in --only); email-send (send-email to 10,000
 * users, in process on each dialect; only when named in --only); webhook-deliveries (2,000 events delivered
 * to a receiver in this process, per dialect; only when named); bundle-sizes (the SDK's, the hosted pages'
 * and the dashboard's built bundles, no server; only when named).
 */
export const standaloneNames = ["email-render", "users-import", "email-send", "webhook-deliveries", "bundle-sizes"] as const;
const onlyNames: readonly string[] = [...scenarioNames, ...standaloneNames];
export type BenchDialect = "sqlite" | "postgres";

export interface BenchOptions {
  /** Scenarios to run on each dialect (all when --only and --scale are absent). */
  scenarios: ScenarioName[];
  /** The e-mail render scenario (scripts/bench/email-render.ts), in process, once. */
  emailRender: boolean;
  /** The user import scenario (scripts/bench/users-import.ts), per dialect; only with --only. */
  usersImport: boolean;
  /** The send-to-10,000-users scenario (scripts/bench/email-send.ts), in process per dialect; only with --only. */
  emailSend: boolean;
  /** The webhook delivery scenario (scripts/bench/webhook-deliveries.ts), a server per dialect; only with --only. */
  webhookDeliveries: boolean;
  /** The bundle size scenario (scripts/bench/bundle-sizes.ts), once; only with --only. */
  bundleSizes: boolean;
  dialects: BenchDialect[];
  durationSeconds: number;
  /** Unrecorded load before each measured run (JIT, caches, connection pools). */
  warmupSeconds: number;
  /** Longest wait before each run for other processes on the machine to go quiet. */
  quietWaitSeconds: number;
  connections: number;
  /** Times each scenario (and the peer's) is measured; the table shows the best round of each. */
  rounds: number;
  /** Process counts for the scale-out study on Postgres (empty: no study). */
  scale: number[];
  /** Users seeded through SQL for the GET /users page scenario. */
  bulkUsers: number;
  /** Users signed up through the API (tokens for /users/me, refresh, sign-in, teams). */
  poolUsers: number;
  /** A Postgres URL whose user may CREATE and DROP DATABASE. */
  pgAdminUrl: string;
  /** Hard limit on the whole run; children are killed and the run fails past it. */
  maxMinutes: number;
  build: boolean;
  /** Directory for V8 CPU profiles of the Latchkey server processes (none when absent). */
  cpuProfileDir: string | null;
  /** --compare a[,b]: two builds side by side (b defaults to the working tree); empty: no comparison. */
  compare: string[];
}

export interface RunTiming {
  warmupSeconds: number;
  /** Longest wait for the machine to go quiet before a run starts (0: start at once). */
  quietWaitSeconds: number;
}

/**
 * How a run starts. Password-bound runs warm up for at least 3 s: with every connection waiting on a
 * hash a response takes about connections / rate seconds, and the window must open in steady state.
 */
export function runTiming(options: BenchOptions, kind: "plain" | "password" = "plain"): RunTiming {
  const warmupSeconds = kind === "password" ? Math.max(options.warmupSeconds, 3) : options.warmupSeconds;
  return { warmupSeconds, quietWaitSeconds: options.quietWaitSeconds };
}

const usage = `Usage: npm run bench -- [options]
  --only a,b           scenarios: ${onlyNames.join(", ")}
                       (email-render needs no database and runs once, not per dialect;
                       users-import imports --users bcrypt users with the CLI, only when named;
                       email-send sends to 10,000 users (fewer with a smaller --users) in process on
                       each dialect, only when named; webhook-deliveries creates 2,000 users (fewer with a
                       smaller --users) on a server with a webhook endpoint and times their deliveries, per
                       dialect, only when named; bundle-sizes builds the SDK packages and front ends (not with
                       --no-build) and reports their sizes, once, only when named)
  --dialect d          sqlite | postgres | both (default sqlite)
  --duration s         seconds per measured run (default 10)
  --warmup s           unrecorded seconds before each run (default 1; at least 3 for password runs)
  --quiet-wait s       before each run, wait up to s seconds for the machine to go quiet (default 30)
  --connections n      concurrent connections (default 50)
  --rounds n           measure every scenario n times, one round after another on the same server,
                       and report the best round of each (other load on the machine only lowers a
                       figure); the references are measured again after each dialect (default 1)
  --scale 1,2          scale-out study: N server processes on one Postgres behind a round-robin proxy
                       (alone unless --only is given too)
  --users n            users seeded for the GET /users page scenario (default 100000)
  --pool n             users signed up through the API (default 200)
  --pg-url url         Postgres admin URL (default $LATCHKEY_BENCH_PG_URL, $LATCHKEY_TEST_PG_URL or postgres://postgres@127.0.0.1:5432/postgres)
  --max-minutes m      hard limit for the whole run (default 30)
  --no-build           use the existing dist/server/main.js (and, for bundle-sizes, the existing builds)
  --cpu-prof dir       write a V8 CPU profile of each Latchkey server process to dir (open in Chrome DevTools)
  --compare a[,b]      run the chosen scenarios on two builds side by side (commits or branches; b defaults
                       to the working tree), rounds alternating, and print the change in server CPU per
                       request (e.g. --compare HEAD~1 --only users-me,refresh --rounds 3)`;

export function parseOptions(argv: string[], env: Record<string, string | undefined>): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      only: { type: "string" },
      dialect: { type: "string", default: "sqlite" },
      duration: { type: "string", default: "10" },
      warmup: { type: "string", default: "1" },
      "quiet-wait": { type: "string", default: "30" },
      connections: { type: "string", default: "50" },
      rounds: { type: "string", default: "1" },
      scale: { type: "string" },
      users: { type: "string", default: "100000" },
      pool: { type: "string", default: "200" },
      "pg-url": { type: "string" },
      "max-minutes": { type: "string", default: "30" },
      "no-build": { type: "boolean", default: false },
      "cpu-prof": { type: "string" },
      compare: { type: "string" },
      help: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(usage + "\n");
    process.exit(0);
  }
  const scale = values.scale ? list(values.scale).map((n) => positive(n, "--scale")) : [];
  const only = values.only ? list(values.only) : null;
  for (const name of only ?? []) {
    if (!onlyNames.includes(name)) throw new Error(`--only: unknown scenario "${name}"\n${usage}`);
  }
  const dialect = values.dialect;
  if (dialect !== "sqlite" && dialect !== "postgres" && dialect !== "both") throw new Error(`--dialect must be sqlite, postgres or both\n${usage}`);
  return {
    scenarios: only ? scenarioNames.filter((n) => only.includes(n)) : scale.length > 0 ? [] : [...scenarioNames],
    emailRender: only ? only.includes("email-render") : scale.length === 0 && !values.compare,
    usersImport: only ? only.includes("users-import") : false,
    emailSend: only ? only.includes("email-send") : false,
    webhookDeliveries: only ? only.includes("webhook-deliveries") : false,
    bundleSizes: only ? only.includes("bundle-sizes") : false,
    dialects: dialect === "both" ? ["sqlite", "postgres"] : [dialect],
    durationSeconds: positive(values.duration, "--duration"),
    warmupSeconds: nonNegative(values.warmup, "--warmup"),
    quietWaitSeconds: nonNegative(values["quiet-wait"], "--quiet-wait"),
    connections: positive(values.connections, "--connections"),
    rounds: positiveInteger(values.rounds, "--rounds"),
    scale,
    bulkUsers: nonNegative(values.users, "--users"),
    poolUsers: positive(values.pool, "--pool"),
    pgAdminUrl: values["pg-url"] ?? env.LATCHKEY_BENCH_PG_URL ?? env.LATCHKEY_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    maxMinutes: positive(values["max-minutes"], "--max-minutes"),
    build: !values["no-build"],
    cpuProfileDir: values["cpu-prof"] ?? null,
    compare: values.compare ? list(values.compare) : [],
  };
}

const list = (value: string) => value.split(",").map((s) => s.trim()).filter(Boolean);

function positive(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} must be a positive number`);
  return n;
}

function positiveInteger(value: string, flag: string): number {
  const n = positive(value, flag);
  if (!Number.isInteger(n)) throw new Error(`${flag} must be a whole number`);
  return n;
}

function nonNegative(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${flag} must be a non-negative number`);
  return n;
}
