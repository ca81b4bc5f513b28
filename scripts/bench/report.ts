/** The readable table on stdout and the JSON file under bench/results/. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LatencySummary } from "./email-render.js";
import type { BundleSizesResult } from "./bundle-sizes.js";
import type { EmailSendResult } from "./email-send.js";
import type { Measurement } from "./measure.js";
import { stepName, type BenchResults, type Row } from "./results.js";
import type { WebhookDeliveriesResult } from "./webhook-deliveries.js";

/** Cores busy outside the bench above which a run counts as contended. */
const CONTENDED_CORES = 0.25;

const num = (n: number | null | undefined, digits = 0) => (n === null || n === undefined || !Number.isFinite(n) ? "-" : n.toFixed(digits));

function table(header: string[], lines: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const format = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [format(header), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(format)].join("\n");
}

/** "200:123 429:4 err:2" for what is not a 2xx. */
function failures(m: Measurement): string {
  const parts = Object.entries(m.statusCounts)
    .filter(([status]) => !status.startsWith("2"))
    .map(([status, count]) => `${status}:${count}`);
  if (m.errors > 0) parts.push(`err:${m.errors}`);
  return parts.join(" ") || "0";
}

function ratios(row: Row): string {
  const r = row.ratios ?? {};
  const parts: string[] = [];
  if (r.vsHonoJson !== undefined) parts.push(`${(r.vsHonoJson * 100).toFixed(1)}% hono`);
  if (r.cpuPerRequestVsHonoJson !== undefined) parts.push(`${r.cpuPerRequestVsHonoJson.toFixed(2)}x hono CPU/req`);
  if (r.vsArgon2 !== undefined) parts.push(`${(r.vsArgon2 * 100).toFixed(1)}% argon2`);
  if (r.cpuPerRequestVsArgon2Hash !== undefined) parts.push(`${r.cpuPerRequestVsArgon2Hash.toFixed(2)}x hash CPU/req`);
  if (r.vsBetterAuth !== undefined) parts.push(`${r.vsBetterAuth.toFixed(1)}x BA`);
  return parts.join(", ");
}

export function renderReport(results: BenchResults): string {
  const out: string[] = [];
  const { machine, options, build } = results;
  out.push(
    `Latchkey bench ${results.startedAt}: ${machine.cores} cores (${machine.cpuModel}), node ${machine.node}, ` +
      `${options.connections} connections, ${options.durationSeconds}s runs after ${options.warmupSeconds}s warm-up`,
  );
  out.push(`server build: commit ${build.commit}, ${build.uncommittedServerFiles} uncommitted files under server/ and contract/, dist sha256 ${build.distSha256.slice(0, 12)}`);
  const a = results.baselines.argon2;
  if (a) {
    const runs = results.baselines.argon2Runs.map((r) => `${r.perSecond.toFixed(1)} with ~${r.otherCores.toFixed(2)} other cores busy`).join(", ");
    out.push(
      `argon2id (m=19456, t=2, p=1): ${a.perSecond.toFixed(1)} hashes/s from ${a.concurrency} lanes, ${a.perCoreSecond.toFixed(1)} per core-second = ${(1000 / a.perCoreSecond).toFixed(2)} ms of CPU per hash (runs: ${runs}; the median is used)`,
    );
  }
  const h = results.baselines.honoJson;
  if (h) {
    const runs = results.baselines.honoJsonRuns.map((r) => `${num((r.cpuMsPerRequest ?? NaN) * 1000, 1)} us`).join(", ");
    out.push(`bare Hono JSON: ${num((h.cpuMsPerRequest ?? NaN) * 1000, 1)} us of CPU per request, ${h.okRps.toFixed(0)} req/s (the median of runs at ${runs}); ratios use these references`);
  }
  if (options.rounds > 1) out.push(`${options.rounds} rounds of every scenario: each line is its round with the median server CPU per request (or one that failed); every round's figures are listed under the table`);
  if (results.rows.length > 0) {
    out.push("");
    const lines = results.rows.map((row) => {
      const m = row.measurement;
      if (!m) return [row.system, row.scenario, row.status];
      return [
        row.system,
        row.scenario,
        num(m.okRps, m.okRps < 100 ? 1 : 0),
        num(m.p50Ms, 2),
        num(m.p99Ms, 2),
        num(m.cpuMsPerRequest, 3) + (m.cpuShared ? "*" : ""),
        num(m.loopMsPerRequest, 3) + (m.cpuShared ? "*" : ""),
        num(m.postgresCpuMsPerRequest, 3),
        num(m.roundTripsPerRequest, 2),
        num(m.serverCores, 2),
        num(m.clientCores, 2),
        num(m.otherCores, 2),
        num(m.peakRssMb),
        failures(m),
        ratios(row),
      ];
    });
    out.push(table(["system", "scenario", "2xx req/s", "p50 ms", "p99 ms", "CPU ms/req", "loop ms/req", "PG ms/req", "trips/req", "srv cores", "load cores", "other cores", "RSS MB", "non-2xx", "ratio"], lines));
    const notes = results.rows.filter((r) => r.note).map((r) => `  ${r.system} ${r.scenario}: ${r.note}`);
    if (notes.length > 0) out.push(...notes);
    const rounds = results.rows
      .filter((r) => r.roundsOkRps)
      .map(
        (r) =>
          `  ${r.system} ${r.scenario}: round ${r.round} of ${r.roundsOkRps!.map((n) => num(n, n < 100 ? 1 : 0)).join(", ")} req/s` +
          (r.roundsCpuMsPerRequest ? `; ${r.roundsCpuMsPerRequest.map((n) => num(n, 3)).join(", ")} CPU ms/req` : ""),
      );
    if (rounds.length > 0) out.push(...rounds);
    out.push(
      "  * CPU of the loads run together (the storm, mixed-rendering), per response of either.\n" +
        "  loop ms/req: CPU of the server's main thread (Node's event loop) per response; at ~1 ms/ms it is the bottleneck.\n" +
        "  PG ms/req: PostgreSQL's CPU (its backends for the bench database) per response; trips/req: statements the server sent to it.\n" +
        "  srv cores: the measured server process(es); load cores: the load generator; other cores: everything else on the machine" +
        " (Postgres, and other people's processes).",
    );
    const contended = results.rows.filter((r) => r.measurement && !r.system.includes("postgres") && r.measurement.otherCores > CONTENDED_CORES);
    if (contended.length > 0) {
      out.push(
        `  WARNING: in ${contended.length} run(s) other processes kept more than ${CONTENDED_CORES} cores busy ` +
          `(${contended.map((r) => `${r.system} ${r.scenario}`).join(", ")}); those figures and their ratios are contended.`,
      );
    }
  }

  const scale = results.scaleOut;
  if (scale) {
    out.push("", `Scale-out: /users/me on one Postgres behind a round-robin proxy (${scale.cores} cores available)`);
    out.push(
      table(
        ["processes", "", "2xx req/s", "p99 ms", "speedup", "server CPU ms/req", "trips/req", "server cores", "proxy cores", "load cores", "other cores", "non-2xx"],
        scale.steps.map((s) => !s.measurement ? [stepName(s), "", `failed: ${s.error.split("\n")[0]}`] : [
          stepName(s),
          "",
          num(s.measurement.okRps),
          num(s.measurement.p99Ms, 2),
          s.pacedRps === undefined ? `${s.speedup.toFixed(2)}x` : "-",
          num(s.serverCpuMsPerRequest, 3),
          s.measurement.roundTripsPerRequest === null ? "-" : num(s.measurement.roundTripsPerRequest, 3),
          s.serverCores.map((c) => c.toFixed(2)).join(" + "),
          s.proxyCores.toFixed(2),
          s.measurement.clientCores.toFixed(2),
          s.measurement.otherCores.toFixed(2),
          failures(s.measurement),
        ]),
      ),
    );
    for (const s of scale.steps) if (s.error) out.push(`  ${stepName(s)} failed: ${s.error.slice(0, 1500)}`);
    out.push(scale.note);
  }

  const e = results.emailRender;
  if (e) {
    const latency = (l: LatencySummary) => `p50 ${num(l.p50Ms, 2)} / p99 ${num(l.p99Ms, 2)} ms (max ${num(l.maxMs, 2)}, ${l.renders} renders${l.roundsP99Ms ? `; p99 of each round ${l.roundsP99Ms.map((p) => num(p, 2)).join(", ")}` : ""})`;
    out.push(
      "",
      `E-mail render: in this process, ${e.poolSize} QuickJS contexts, no HTTP`,
      `  warm plain:             ${latency(e.plain)}`,
      `  warm Tailwind:          ${latency(e.tailwind)}`,
      `  Tailwind, new project:  idle ${latency(e.tailwindSwitchIdle)}; back to back ${latency(e.tailwindSwitchBackToBack)}`,
      `  cold start of a context: ${e.coldStartMs.map((ms) => num(ms)).join(", ")} ms (runtime load ${e.contextLoadMs.map((ms) => num(ms)).join(", ")} ms)`,
      `  renders/s, pool saturated: plain ${num(e.rendersPerSecond.plain)}, Tailwind ${num(e.rendersPerSecond.tailwind)}`,
      `  RSS: ${e.rss.beforeMb} MB before, ${e.rss.warmMb} MB warm, ${e.rss.peakMb} MB peak: +${e.rss.growthMb} MB; contexts retired: ${e.contextsRetired}`,
    );
  }

  // run.ts keeps the email-send figures with the settings (one per dialect).
  const sends = (results.settings.emailSend ?? []) as EmailSendResult[];
  if (sends.length > 0) {
    out.push("", "E-mail send: send-email to every user, in process, theme around a short HTML body, to an SMTP sink");
    out.push(
      table(
        ["dialect", "users", "enqueue ms", "outbox rows", "delivered in s", "mails/s", "RSS growth MB"],
        sends.map((r) => [r.dialect, String(r.users), num(r.enqueueMs), String(r.batches), r.deliveredMs === null ? "-" : num(r.deliveredMs / 1000, 1), r.mailsPerSecond === null ? "-" : num(r.mailsPerSecond, 1), String(r.rssGrowthMb)]),
      ),
    );
  }

  const hooks = (results.settings.webhookDeliveries ?? []) as WebhookDeliveriesResult[];
  if (hooks.length > 0) {
    out.push("", "Webhook deliveries: user.created for users created through the server API (8 in flight), to a receiver on loopback");
    out.push(
      table(
        ["dialect", "events", "trigger s", "delivered s", "drain s", "deliveries/s", "CPU ms/event", "reference ms", "CPU ms/delivery", "loop ms/delivery", "duplicates", "verified"],
        hooks.map((r) => [r.dialect, String(r.events), num(r.triggerMs / 1000, 2), num(r.deliveredMs / 1000, 2), num(r.drainMs / 1000, 2), num(r.deliveriesPerSecond, 1), num(r.cpuMsPerEvent, 3), num(r.referenceCpuMsPerEvent, 3), num(r.cpuMsPerDelivery, 3), num(r.loopMsPerDelivery, 3), String(r.duplicates), String(r.verifiedSignatures)]),
      ),
      "  delivered s: first creation to the last delivery's arrival; reference: server CPU per creation with no endpoint, subtracted for CPU ms/delivery;\n" +
        "  verified: sampled deliveries whose signature standardwebhooks verified with the endpoint's secret.",
    );
  }

  const bundles = results.settings.bundleSizes as BundleSizesResult | null | undefined;
  if (bundles) {
    const kb = (bytes: number | null) => (bytes === null ? "-" : (bytes / 1024).toFixed(1));
    out.push("", `Bundle sizes (KB; gzip at zlib's default level): ${bundles.built.length > 0 ? `built in this run: ${bundles.built.join(", ")}` : "existing builds, none rebuilt"}`);
    out.push(
      table(
        ["bundle", "scope", "files", "KB", "gzip KB", "min+gzip KB"],
        bundles.bundles.map((b) => [b.bundle, b.scope, String(b.files), kb(b.bytes), kb(b.gzipBytes), kb(b.minifiedGzipBytes)]),
      ),
    );
  }

  out.push("", "Targets:");
  for (const t of results.targets) {
    const verdict = t.pass === null ? "n/a " : t.pass ? "PASS" : "FAIL";
    out.push(`  ${verdict}  ${t.target}: ${t.measured}${t.note ? ` (${t.note})` : ""}`);
  }
  if (results.errors.length > 0) out.push("", "Errors:", ...results.errors.map((e) => `  ${e}`));
  return out.join("\n");
}

/** Writes bench/results/<ISO time>.json and returns its path. */
export function writeResults(results: BenchResults): string {
  const dir = join("bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${results.startedAt.replace(/:/g, "-")}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2) + "\n");
  return file;
}
