/**
 * `npm run bench -- --compare <a>[,<b>]`: two builds of the server side by side in one run, to judge a
 * change by its CPU cost per request rather than by two throughput runs minutes apart. Each commit is
 * checked out into a worktree under bench/builds/ (sharing this checkout's node_modules) and built
 * there; `b` defaults to this working tree. Rounds alternate the order (a b, b a, ...) so that neither
 * build always runs on the warmer or the quieter moment; each scenario's figure is its median round.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { runLatchkeySuite } from "./latchkey-suite.js";
import type { ServerSecrets } from "./latchkey-server.js";
import type { BenchDialect, BenchOptions } from "./options.js";
import type { Row } from "./results.js";
import { medianRound } from "./rounds.js";

export interface CompareBuild {
  /** What the user named: a commit, a branch, or "working tree". */
  ref: string;
  commit: string;
  entry: string;
}

export interface CompareLine {
  dialect: BenchDialect;
  scenario: string;
  a: Row | undefined;
  b: Row | undefined;
  /** (b - a) / a of server CPU per request; null when either is missing. */
  cpuChange: number | null;
}

export interface CompareResult {
  a: CompareBuild;
  b: CompareBuild;
  lines: CompareLine[];
}

const WORKING_TREE = "working tree";
const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();

/** Builds `ref` (a commit-ish, or the working tree) and names its server bundle. */
export function prepareBuild(ref: string, log: (line: string) => void): CompareBuild {
  if (ref === WORKING_TREE) {
    log("compare: building the working tree");
    execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
    return { ref, commit: `${git("rev-parse", "--short", "HEAD")}+changes`, entry: "dist/server/main.js" };
  }
  const commit = git("rev-parse", "--short", `${ref}^{commit}`);
  const dir = resolve("bench", "builds", commit);
  if (!existsSync(join(dir, "dist", "server", "main.js"))) {
    log(`compare: building ${ref} (${commit}) in bench/builds/${commit}`);
    mkdirSync(resolve("bench", "builds"), { recursive: true });
    if (!existsSync(dir)) git("worktree", "add", "--detach", dir, commit);
    if (!existsSync(join(dir, "node_modules"))) symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
    execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit", cwd: dir });
  }
  return { ref, commit, entry: join(dir, "dist", "server", "main.js") };
}

export async function runCompare(options: BenchOptions, secrets: ServerSecrets, log: (line: string) => void): Promise<CompareResult> {
  const [refA, refB = WORKING_TREE] = options.compare;
  const a = prepareBuild(refA!, log);
  const b = prepareBuild(refB, log);
  const lines: CompareLine[] = [];
  for (const dialect of options.dialects) {
    const rounds: { a: Row[][]; b: Row[][] } = { a: [], b: [] };
    for (let round = 1; round <= options.rounds; round++) {
      const order = round % 2 === 1 ? (["a", "b"] as const) : (["b", "a"] as const);
      for (const side of order) {
        const build = side === "a" ? a : b;
        log(`compare: ${side} (${build.commit}) on ${dialect}, round ${round} of ${options.rounds}`);
        const suite = await runLatchkeySuite(dialect, { ...options, rounds: 1 }, secrets, log, { entry: build.entry, label: side });
        rounds[side].push(suite.rows);
      }
    }
    const scenarios = [...new Set([...rounds.a, ...rounds.b].flat().map((r) => r.scenario))];
    for (const scenario of scenarios) {
      const pick = (side: "a" | "b") => medianRound(rounds[side].map((rows) => rows.filter((r) => r.scenario === scenario)))[0];
      const rowA = pick("a");
      const rowB = pick("b");
      const cpuA = rowA?.measurement?.cpuMsPerRequest ?? null;
      const cpuB = rowB?.measurement?.cpuMsPerRequest ?? null;
      lines.push({ dialect, scenario, a: rowA, b: rowB, cpuChange: cpuA !== null && cpuB !== null && cpuA > 0 ? (cpuB - cpuA) / cpuA : null });
    }
  }
  return { a, b, lines };
}

const num = (n: number | null | undefined, digits: number) => (n === null || n === undefined || !Number.isFinite(n) ? "-" : n.toFixed(digits));

export function renderCompare(result: CompareResult, rounds: number): string {
  const header = ["dialect", "scenario", "a CPU ms/req", "b CPU ms/req", "change", "a trips/req", "b trips/req", "a req/s", "b req/s", "a p99 ms", "b p99 ms"];
  const rows = result.lines.map((l) => {
    const ma = l.a?.measurement;
    const mb = l.b?.measurement;
    return [
      l.dialect,
      l.scenario,
      ma ? num(ma.cpuMsPerRequest, 4) : (l.a?.status ?? "-"),
      mb ? num(mb.cpuMsPerRequest, 4) : (l.b?.status ?? "-"),
      l.cpuChange === null ? "-" : `${l.cpuChange >= 0 ? "+" : ""}${(l.cpuChange * 100).toFixed(1)}%`,
      num(ma?.roundTripsPerRequest, 2),
      num(mb?.roundTripsPerRequest, 2),
      num(ma?.okRps, 0),
      num(mb?.okRps, 0),
      num(ma?.p99Ms, 2),
      num(mb?.p99Ms, 2),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [
    `Compare: a = ${result.a.ref} (${result.a.commit}), b = ${result.b.ref} (${result.b.commit}); ${rounds} round(s) each, alternating, median round by server CPU per request`,
    "",
    format(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(format),
    "",
    "change: b's server CPU per request against a's (negative: b is cheaper). Throughput and p99 are for information only.",
  ].join("\n");
}
