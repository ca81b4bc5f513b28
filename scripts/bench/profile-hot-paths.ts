/**
 * One hot path, run in-process on SQLite, for instruction counts and CPU profiles that do not depend
 * on the machine's load. The server is built as main.ts builds it (NODE_ENV=production, the bench's
 * settings), listens on loopback, and is seeded through its API as `npm run bench` seeds it. After a
 * warm-up the measured requests run with `--concurrency` in flight over keep-alive connections
 * (`--transport http`, what the bench measures), or through `app.fetch` (`--transport fetch`: undici's
 * Request and Response then cost more than the server).
 *
 *   npx tsx scripts/bench/profile-hot-paths.ts --scenario users-me --requests 2000
 *   # under valgrind: bundle it, seed once outside (argon2 would take minutes), then count
 *   npx esbuild scripts/bench/profile-hot-paths.ts --bundle --platform=node --format=esm --packages=external --outfile=dist/profile-hot-paths.mjs
 *   node dist/profile-hot-paths.mjs --seed <dir>
 *   valgrind --tool=callgrind --dump-before=uv_os_getpriority --callgrind-out-file=<out>/cg.%p \
 *     node dist/profile-hot-paths.mjs --seeded <dir> --scenario users-me --requests 400 --warmup 600 --concurrency 2
 *   node dist/profile-hot-paths.mjs --report <out> --requests 400
 *   node --cpu-prof dist/profile-hot-paths.mjs --seeded <dir> --scenario users-page --requests 2000
 *
 * The measured window is marked by two calls of `os.getPriority()`: with `--dump-before=uv_os_getpriority`
 * the dump the second one triggers holds exactly the window's instructions, all threads (the load
 * generator's share included, which a server change leaves alone). `--report` prints it per request.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import type { BenchDatabase } from "./databases.js";
import type { InternalKeys } from "./latchkey-server.js";
import type { HttpRequest } from "./load.js";
import * as requests from "./requests.js";
import { seedBulkUsers } from "./seed-bulk.js";
import { createBenchProject, POOL_PASSWORD, signUpPool } from "./seed-api.js";

const STATE_FILE = "profile-state.json";
const SCENARIOS = ["users-me", "refresh", "users-page"] as const;
type Scenario = (typeof SCENARIOS)[number];

const { values } = parseArgs({
  options: {
    scenario: { type: "string", default: "users-me" },
    requests: { type: "string", default: "2000" },
    warmup: { type: "string", default: "3000" },
    concurrency: { type: "string", default: "8" },
    transport: { type: "string", default: "http" },
    users: { type: "string", default: "20" },
    "bulk-users": { type: "string", default: "2000" },
    /** Seeds a database in this directory, writes what the measured runs need, and exits (argon2 is slow under valgrind). */
    seed: { type: "string" },
    /** Runs on a directory written by `--seed` (a copy of it is used, so runs start alike). */
    seeded: { type: "string" },
    /** Prints instructions per request from callgrind dumps (`cg.<pid>*` files in the given directory) and exits. */
    report: { type: "string" },
  },
});

if (values.report !== undefined) {
  printReport(values.report, Number(values.requests));
  process.exit(0);
}

const scenario = values.scenario as Scenario;
if (!SCENARIOS.includes(scenario)) throw new Error(`--scenario must be one of ${SCENARIOS.join(", ")}`);
const transport = values.transport;
if (transport !== "http" && transport !== "fetch") throw new Error("--transport must be http or fetch");
const measuredCount = Number(values.requests);
const warmupCount = Number(values.warmup);
const concurrency = Number(values.concurrency);

interface SeedState {
  serverSecret: string;
  internalKeys: InternalKeys;
  context: requests.SeedContext;
}
const seedDir = values.seed ?? null;
const saved = values.seeded === undefined ? null : (JSON.parse(readFileSync(join(values.seeded, STATE_FILE), "utf8")) as SeedState);
if (seedDir) mkdirSync(seedDir, { recursive: true });
const dataDir = seedDir ?? mkdtempSync(join(tmpdir(), "latchkey-profile-"));
if (saved) cpSync(values.seeded!, dataDir, { recursive: true });
const sqlitePath = join(dataDir, "latchkey.db");
const internalKeys = saved?.internalKeys ?? { publishableClientKey: `pck_bench_${hex()}`, secretServerKey: `ssk_bench_${hex()}`, superSecretAdminKey: `sak_bench_${hex()}` };
const serverSecret = saved?.serverSecret ?? randomBytes(32).toString("base64");
Object.assign(process.env, {
  NODE_ENV: "production",
  DATABASE_URL: `sqlite:${sqlitePath}`,
  LATCHKEY_DATA_DIR: dataDir,
  LATCHKEY_PUBLIC_URL: "http://127.0.0.1:1",
  LATCHKEY_SERVER_SECRET: serverSecret,
  LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: internalKeys.publishableClientKey,
  LATCHKEY_INTERNAL_SECRET_SERVER_KEY: internalKeys.secretServerKey,
  LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: internalKeys.superSecretAdminKey,
  LATCHKEY_ACCESS_TOKEN_LIFETIME_SECONDS: "7200",
  LATCHKEY_LOG_LEVEL: "error",
  LATCHKEY_ABUSE_LIMITS: "off",
});

// Imported after the environment is set: the server reads it once, in loadConfig.
const { serve } = await import("@hono/node-server");
const { createApp } = await import("../../server/app.js");
const { loadConfig } = await import("../../server/config.js");
const { openStore } = await import("../../server/db/open-store.js");
const { createDeps } = await import("../../server/create-deps.js");
const { bootstrap } = await import("../../server/services/bootstrap.js");
const { systemClock } = await import("../../server/services/clock.js");
const { registerBuiltInSinks } = await import("../../server/services/event-sinks.js");
const { createLogger } = await import("../../server/services/log.js");
const { loadServerSecret } = await import("../../server/services/server-secret.js");

const config = loadConfig();
const store = await openStore({ location: config.database, poolSize: config.databasePoolSize, checkTransactions: config.checkTransactions });
const deps = createDeps({ config, store, clock: systemClock, log: createLogger(config.logLevel), serverSecret: await loadServerSecret(config.serverSecret, config.dataDir) });
registerBuiltInSinks(deps);
await bootstrap(deps);
deps.jobs.start();
const app = createApp(deps);
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
// Under valgrind a request can take seconds of wall time: no request, header or keep-alive timeouts.
server.requestTimeout = 0;
server.headersTimeout = 0;
server.keepAliveTimeout = 0;
await new Promise<void>((resolve) => server.once("listening", resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const context = saved?.context ?? (await seedEverything());
if (seedDir) {
  writeFileSync(join(seedDir, STATE_FILE), JSON.stringify({ serverSecret, internalKeys, context } satisfies SeedState));
  await stop(false);
}
const source = sourceFor(scenario);

const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const send = transport === "http" ? sendHttp : sendFetch;

await run(warmupCount);
const started = process.cpuUsage();
const startedAt = performance.now();
getPriority(); // start of the measured window (callgrind: --dump-before=uv_os_getpriority)
await run(measuredCount);
getPriority(); // end of the measured window
const cpu = process.cpuUsage(started);
const wallMs = performance.now() - startedAt;
process.stdout.write(
  `${scenario} (${transport}, ${concurrency} in flight): ${measuredCount} requests, ` +
    `${((cpu.user + cpu.system) / measuredCount).toFixed(1)} µs CPU and ${((wallMs * 1000) / measuredCount).toFixed(1)} µs wall per request (process.cpuUsage: load-dependent)\n`,
);

agent.destroy();
await stop(true);

async function seedEverything(): Promise<requests.SeedContext> {
  const project = await createBenchProject(baseUrl, internalKeys);
  const users = await signUpPool(baseUrl, project, Number(values.users));
  const passwordHash = await hash(POOL_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const bench: BenchDatabase = { dialect: "sqlite", url: `sqlite:${sqlitePath}`, sqlitePath, pgUrl: null, pgName: null, dataDir, dispose: async () => {} };
  const bulkIds = await seedBulkUsers(bench, project.projectId, Number(values["bulk-users"]), passwordHash);
  return { project, users, bulkIds, runTag: hex() };
}

async function stop(removeData: boolean): Promise<never> {
  server.close();
  await deps.jobs.stop();
  await store.close();
  if (removeData) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

function sourceFor(name: Scenario): requests.RequestSource {
  switch (name) {
    case "users-me":
      return requests.usersMe(context);
    case "refresh":
      return requests.refresh(context);
    case "users-page":
      return requests.usersPage(context);
  }
}

async function run(count: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next++;
      const status = await send(source());
      if (status < 200 || status > 299) throw new Error(`${scenario} answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
}

function sendHttp(req: HttpRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) headers["content-length"] = String(Buffer.byteLength(req.body));
    const outgoing = httpRequest(`${baseUrl}${req.path}`, { method: req.method, headers, agent }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    outgoing.on("error", reject);
    outgoing.end(req.body);
  });
}

async function sendFetch(req: HttpRequest): Promise<number> {
  const res = await app.fetch(new Request(`${baseUrl}${req.path}`, { method: req.method, headers: req.headers, body: req.body }));
  await res.arrayBuffer();
  return res.status;
}

function hex(): string {
  return randomBytes(12).toString("hex");
}

/**
 * The measured window's instructions: the dump triggered by the second `getPriority()` of one process,
 * in all, on the main thread (`node::Start`, the server's and the load generator's JavaScript) and in
 * TurboFan's background compiles (which a short warm-up leaves in the window: compare the main thread).
 */
function printReport(dir: string, count: number): void {
  const dumps = readdirSync(dir).filter((f) => /^cg\.\d+\.\d+$/.test(f));
  const byPid = new Map<string, { file: string; part: number; trigger: string }[]>();
  for (const file of dumps) {
    const [, pid, part] = /^cg\.(\d+)\.(\d+)$/.exec(file)!;
    const trigger = /^desc: Trigger: (.*)$/m.exec(readFileSync(join(dir, file), "utf8"))?.[1] ?? "";
    byPid.set(pid!, [...(byPid.get(pid!) ?? []), { file, part: Number(part), trigger }]);
  }
  for (const [pid, parts] of byPid) {
    const marked = parts.filter((p) => p.trigger.includes("uv_os_getpriority")).sort((a, b) => a.part - b.part);
    if (marked.length < 2) continue;
    const annotated = execFileSync("callgrind_annotate", ["--inclusive=yes", "--threshold=100", join(dir, marked[marked.length - 1]!.file)], { encoding: "utf8", maxBuffer: 1 << 28 });
    const inclusive = (pattern: RegExp) => Number(annotated.split("\n").find((line) => pattern.test(line))?.trim().split(" ")[0]!.replaceAll(",", "") ?? NaN);
    const perRequest = (n: number) => `${Math.round(n / count).toLocaleString("en")}`;
    const total = inclusive(/PROGRAM TOTALS/);
    const main = inclusive(/node::Start\(/);
    const compiles = inclusive(/OptimizingCompileDispatcher::CompileTask::RunInternal/);
    process.stdout.write(
      `pid ${pid}, ${count} requests, instructions per request: ${perRequest(total)} in all, ${perRequest(main)} on the main thread, ${perRequest(compiles)} in TurboFan compiles\n`,
    );
  }
}
