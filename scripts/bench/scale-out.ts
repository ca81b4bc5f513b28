/**
 * Scale-out: N Latchkey processes on one fresh Postgres database behind a round-robin proxy on
 * loopback, GET /users/me measured through the proxy for each N (N=1 goes through the proxy too, so
 * every step pays the same proxy cost), then, for each N > 1, one process given each of the N processes'
 * share of the load (see below). The database and the seeded users are shared by the steps;
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
    /**
     * One step: `n` servers behind the proxy at full load, or (`paced`) one server given what each server
     * of the `paced.for`-process step got: its share of the connections and of the requests per second.
     */
    const runStep = async (n: number, paced?: { for: number; rps: number }): Promise<void> => {
      const pacedFields = paced ? { pacedRps: paced.rps, pacedFor: paced.for } : {};
      log(`scale-out: ${n} process${n === 1 ? "" : "es"}${paced ? ` paced at ${paced.rps.toFixed(0)} req/s (the ${paced.for}-process step's share)` : ""}`);
      const servers = await startLatchkey(database, secrets, n, proxyUrl, options.cpuProfileDir);
      const proxy = spawnNode("round-robin proxy", ["scripts/bench/children/round-robin-proxy.ts", String(proxyPort), servers.map((s) => s.url).join(",")], {}, { typescript: true });
      try {
        await waitUntilReady(proxy, `${proxyUrl}/health`);
        context ??= (await seedLatchkey(proxyUrl, database, secrets, { pool: true, teams: false, bulk: false, items: false }, options)).context;
        const pids = [...servers.map((s) => s.child.pid), proxy.pid];
        const probes = dbProbes(database, options, secrets, servers.map((s) => s.url));
        const connections = paced ? Math.max(1, Math.round(options.connections / paced.for)) : options.connections;
        const load = { url: proxyUrl, connections, durationSeconds: options.durationSeconds, next: usersMe(context), ...(paced ? { overallRate: paced.rps } : {}) };
        const m = await measure(pids, load, runTiming(options), probes);
        for (const s of servers) assertAlive(s.child, `the ${n}-process step`);
        const first = steps.find((s) => s.measurement && s.pacedRps === undefined)?.measurement;
        steps.push({
          processes: n,
          ...pacedFields,
          measurement: m,
          serverCores: m.coresByProcess.slice(0, n),
          serverCpuMsPerRequest: m.rps > 0 ? (m.coresByProcess.slice(0, n).reduce((sum, c) => sum + c, 0) * 1000) / m.rps : Number.NaN,
          proxyCores: m.coresByProcess[n]!,
          speedup: first && !paced ? m.okRps / first.okRps : 1,
        });
      } catch (error) {
        log(`scale-out: ${n} process(es) failed: ${(error as Error).message.split("\n")[0]}`);
        steps.push({ processes: n, ...pacedFields, error: (error as Error).message });
      } finally {
        await proxy.stop();
        for (const s of servers) await s.child.stop();
      }
    };
    for (const n of options.scale) await runStep(n);
    // A process's CPU per request falls as its load rises (more requests share each wake-up, write and
    // shared version check), so N processes at full load each see 1/N of it. One process given each one's
    // share is the comparison that leaves what N processes add by running side by side. autocannon paces
    // a connection by sending its share of each second at the second's start, so the paced load comes in
    // bursts: the closest this harness gets to the same load.
    if (options.scale.includes(1)) {
      for (const step of [...steps]) {
        if (step.measurement && step.processes > 1) await runStep(1, { for: step.processes, rps: step.measurement.okRps / step.processes });
      }
    }
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
