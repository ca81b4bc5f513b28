/**
 * Scale-out: N Latchkey processes on one fresh Postgres database behind a round-robin proxy on
 * loopback, GET /users/me measured through the proxy for each N (N=1 goes through the proxy too, so
 * every step pays the same proxy cost), then one process paced at the per-process rate of the widest
 * step (see below). The database and the seeded users are shared by the steps;
 * a step whose server dies is recorded with the server's last output, and the next step still runs.
 */
import { availableParallelism } from "node:os";
import { assertAlive, freePort, spawnNode, waitUntilReady } from "./children.js";
import { createBenchDatabase } from "./databases.js";
import { seedLatchkey } from "./latchkey-seed.js";
import { startLatchkey, type ServerSecrets } from "./latchkey-server.js";
import { dbProbes } from "./latchkey-suite.js";
import { measure } from "./measure.js";
import { runTiming, type BenchOptions } from "./options.js";
import { usersMe, type SeedContext } from "./requests.js";
import type { ScaleOutResult, ScaleOutStep } from "./results.js";

export async function runScaleOut(options: BenchOptions, secrets: ServerSecrets, log: (line: string) => void): Promise<ScaleOutResult> {
  const database = await createBenchDatabase("postgres", options.pgAdminUrl);
  try {
    // Tokens name the public URL as issuer, so every step keeps the proxy on the same port.
    const proxyPort = await freePort();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    let context: SeedContext | null = null;
    const steps: ScaleOutStep[] = [];
    /** One step: `n` servers behind the proxy, at full load or at `pacedRps` requests a second offered. */
    const runStep = async (n: number, pacedRps?: number): Promise<void> => {
      log(`scale-out: ${n} process${n === 1 ? "" : "es"}${pacedRps ? ` paced at ${pacedRps.toFixed(0)} req/s` : ""}`);
      const servers = await startLatchkey(database, secrets, n, proxyUrl, options.cpuProfileDir);
      const proxy = spawnNode("round-robin proxy", ["scripts/bench/children/round-robin-proxy.ts", String(proxyPort), servers.map((s) => s.url).join(",")], {}, { typescript: true });
      try {
        await waitUntilReady(proxy, `${proxyUrl}/health`);
        context ??= (await seedLatchkey(proxyUrl, database, secrets, { pool: true, teams: false, bulk: false, items: false }, options)).context;
        const pids = [...servers.map((s) => s.child.pid), proxy.pid];
        const probes = dbProbes(database, options, secrets, servers.map((s) => s.url));
        const load = { url: proxyUrl, connections: options.connections, durationSeconds: options.durationSeconds, next: usersMe(context), ...(pacedRps ? { overallRate: pacedRps } : {}) };
        const m = await measure(pids, load, runTiming(options), probes);
        for (const s of servers) assertAlive(s.child, `the ${n}-process step`);
        const first = steps.find((s) => s.measurement && s.pacedRps === undefined)?.measurement;
        steps.push({
          processes: n,
          ...(pacedRps ? { pacedRps } : {}),
          measurement: m,
          serverCores: m.coresByProcess.slice(0, n),
          serverCpuMsPerRequest: m.rps > 0 ? (m.coresByProcess.slice(0, n).reduce((sum, c) => sum + c, 0) * 1000) / m.rps : Number.NaN,
          proxyCores: m.coresByProcess[n]!,
          speedup: first && !pacedRps ? m.okRps / first.okRps : 1,
        });
      } catch (error) {
        log(`scale-out: ${n} process(es) failed: ${(error as Error).message.split("\n")[0]}`);
        steps.push({ processes: n, ...(pacedRps ? { pacedRps } : {}), error: (error as Error).message });
      } finally {
        await proxy.stop();
        for (const s of servers) await s.child.stop();
      }
    };
    for (const n of options.scale) await runStep(n);
    // A process's CPU per request falls as its load rises (more requests share each wake-up, write and
    // shared version check), so N processes at full load each see 1/N of it. One process paced at that
    // per-process rate is the comparison that leaves only what N processes add by coordinating.
    const widest = steps.filter((s) => s.measurement && s.processes > 1).at(-1);
    if (widest?.measurement && options.scale.includes(1)) await runStep(1, widest.measurement.okRps / widest.processes);
    return {
      cores: availableParallelism(),
      dialect: "postgres",
      scenario: "users-me",
      steps,
      note:
        "Load generator, proxy, server processes and Postgres share this machine's cores; " +
        "'other cores' is Postgres plus anything else running on the machine.",
    };
  } finally {
    await database.dispose();
  }
}
