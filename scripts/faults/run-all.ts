/**
 * Runs every fault script (issue 8, item 6) and prints one summary line per script, then
 * `faults: N passed, M failed`. Exits 1 when any failed.
 *
 *   npx tsx scripts/faults/run-all.ts
 *
 * Order: kill-during-writes on SQLite, then on PostgreSQL; two-processes; postgres-restart LAST.
 * postgres-restart RESTARTS THE MACHINE'S SHARED POSTGRESQL CLUSTER: run this only where nothing else
 * uses PostgreSQL (in .ci/run after `npm test`), never from vitest.
 *
 * The server is built once (scripts/build-server.mjs) and the bundle copied aside, so every script
 * tests the same code even if dist/ is rebuilt meanwhile. Each script runs as its own process with
 * its own deadline; run-all kills it if it overruns that by a minute.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SUMMARY_PREFIX } from "./support/harness.js";
import { buildServerBundle, PREBUILT_BUNDLE_ENV, repoRoot } from "./support/server.js";

interface Step {
  script: string;
  args: string[];
  /** The script's own deadline is shorter; this only catches a script that cannot stop. */
  timeoutMs: number;
}

const steps: Step[] = [
  { script: "kill-during-writes.ts", args: ["--dialect", "sqlite"], timeoutMs: 260_000 },
  { script: "kill-during-writes.ts", args: ["--dialect", "postgres"], timeoutMs: 260_000 },
  { script: "two-processes.ts", args: [], timeoutMs: 240_000 },
  // Last: it restarts the shared cluster.
  { script: "postgres-restart.ts", args: [], timeoutMs: 300_000 },
];

interface Result {
  step: Step;
  passed: boolean;
  summary: string;
}

const { bundle, remove } = buildServerBundle();
process.on("exit", remove);
let current: ReturnType<typeof spawn> | null = null;
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    // The running script cleans up (servers, databases) on SIGTERM; no further script starts.
    interrupted = true;
    current?.kill("SIGTERM");
  });
}

const results: Result[] = [];
for (const step of steps) {
  const title = `${step.script} ${step.args.join(" ")}`.trim();
  console.log(`\n=== ${title}`);
  results.push(await runStep(step, title));
  if (interrupted) break;
}

console.log("\n=== fault summary");
for (const r of results) console.log(r.summary);
for (const step of steps.slice(results.length)) console.log(`${step.script} ${step.args.join(" ")}: NOT RUN (interrupted)`);
const passed = results.filter((r) => r.passed).length;
const failed = steps.length - passed;
console.log(`faults: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

function runStep(step: Step, title: string): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL(step.script, import.meta.url)), ...step.args], {
      cwd: repoRoot,
      env: { ...process.env, [PREBUILT_BUNDLE_ENV]: bundle },
      stdio: ["ignore", "pipe", "inherit"],
    });
    current = child;
    let summary: string | null = null;
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith(SUMMARY_PREFIX)) summary = line.slice(SUMMARY_PREFIX.length);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 30_000).unref();
    }, step.timeoutMs);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      current = null;
      if (pending.startsWith(SUMMARY_PREFIX)) summary = pending.slice(SUMMARY_PREFIX.length);
      const passed = code === 0 && summary !== null && !timedOut;
      const why = timedOut ? `killed after ${step.timeoutMs / 1000} s` : signal ? `ended by ${signal}` : `exit code ${code}`;
      resolve({ step, passed, summary: summary ?? `${title}: FAILED (${why}, no summary line)` });
    });
  });
}
