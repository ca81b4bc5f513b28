/**
 * A measured run: load starts at once, and after the warm-up a window of `durationSeconds` opens in
 * which responses, the CPU time and the peak RSS of the measured server processes (from /proc) and
 * the load generator's own CPU time are counted.
 */
import { runLoad, type LoadOptions, type LoadResult } from "./load.js";
import type { RunTiming } from "./options.js";
import { openDbWindow, type DbProbes, type DbWindow } from "./db-probes.js";
import { openCpuWindow, sampleRss, waitForQuietMachine, type CpuWindow } from "./proc-stats.js";

export interface Measurement extends LoadResult {
  /**
   * CPU milliseconds the measured processes spent per completed response (of every load measured
   * together: see `cpuShared`).
   */
  cpuMsPerRequest: number | null;
  /**
   * CPU milliseconds the measured processes' main threads (the event loops) spent per completed
   * response. A single loop near one core is the bottleneck whatever the other cores do.
   */
  loopMsPerRequest: number | null;
  /** PostgreSQL's CPU milliseconds (its backends for the measured database) per completed response; null off PostgreSQL. */
  postgresCpuMsPerRequest: number | null;
  /** Statements the servers sent to PostgreSQL per completed response; null off PostgreSQL. */
  roundTripsPerRequest: number | null;
  /** The CPU figures cover several loads run at once (the sign-in storm), not this one alone. */
  cpuShared: boolean;
  /** Cores the measured processes kept busy on average. */
  serverCores: number;
  /** Cores the whole machine kept busy (load generator and database included). */
  machineCoresBusy: number;
  /** Cores the bench process itself (the load generator) kept busy. */
  clientCores: number;
  /**
   * Cores busy outside the measured processes and the load generator: the database on Postgres,
   * and anything else running on the machine (a sign the figures are contended).
   */
  otherCores: number;
  /** Peak resident memory of the largest measured process. */
  peakRssMb: number;
  /** Cores each measured process kept busy, in the order of the pids given. */
  coresByProcess: number[];
  /** Seconds spent waiting for the machine to go quiet before the run. */
  quietWaitedSeconds: number;
  /** Busy cores of the machine just before the run started. */
  busyCoresBefore: number;
}

export type MeasuredLoad = Omit<LoadOptions, "windowStartMs">;

/** Runs several loads at once with one shared window; one Measurement per load. */
export async function measureTogether(pids: number[], loads: MeasuredLoad[], timing: RunTiming, probes?: DbProbes): Promise<Measurement[]> {
  const quiet = await waitForQuietMachine(timing.quietWaitSeconds);
  const { warmupSeconds } = timing;
  const windowStartMs = performance.now() + warmupSeconds * 1000;
  const durationMs = Math.max(...loads.map((l) => l.durationSeconds)) * 1000;
  interface Closed { cpu: CpuWindow; db: DbWindow; clientCores: number; peakRss: number }
  const windowOpen = new Promise<() => Promise<Closed>>((resolve, reject) =>
    setTimeout(() => {
      const closeCpu = openCpuWindow(pids);
      const clientBefore = process.cpuUsage();
      const stopRss = sampleRss(pids);
      openDbWindow(probes).then((closeDb) => {
        resolve(async () => {
          const client = process.cpuUsage(clientBefore);
          const cpu = closeCpu();
          const peakRss = Math.max(...Object.values(stopRss()));
          return { cpu, db: await closeDb(), clientCores: (client.user + client.system) / 1e6 / cpu.wallSeconds, peakRss };
        });
      }, reject);
    }, warmupSeconds * 1000),
  );
  const windowClosed = windowOpen.then((close) => new Promise<Closed>((resolve, reject) => setTimeout(() => close().then(resolve, reject), durationMs)));
  const [results, { cpu, db, clientCores, peakRss }] = await Promise.all([Promise.all(loads.map((l) => runLoad({ ...l, windowStartMs }))), windowClosed]);
  const cpuSeconds = Object.values(cpu.processSeconds).reduce((sum, s) => sum + s, 0);
  const loopSeconds = Object.values(cpu.mainThreadSeconds).reduce((sum, s) => sum + s, 0);
  const responses = results.reduce((sum, r) => sum + r.responses, 0);
  const perResponse = (total: number | null) => (total !== null && responses > 0 ? total / responses : null);
  return results.map((r) => ({
    ...r,
    cpuMsPerRequest: perResponse(cpuSeconds * 1000),
    loopMsPerRequest: perResponse(loopSeconds * 1000),
    postgresCpuMsPerRequest: perResponse(db.postgresCpuSeconds === null ? null : db.postgresCpuSeconds * 1000),
    roundTripsPerRequest: perResponse(db.roundTrips),
    cpuShared: loads.length > 1,
    serverCores: cpuSeconds / cpu.wallSeconds,
    machineCoresBusy: cpu.machineCoresBusy,
    clientCores,
    otherCores: Math.max(0, cpu.machineCoresBusy - cpuSeconds / cpu.wallSeconds - clientCores),
    peakRssMb: peakRss / 2 ** 20,
    coresByProcess: pids.map((pid) => cpu.processSeconds[pid]! / cpu.wallSeconds),
    quietWaitedSeconds: quiet.waitedSeconds,
    busyCoresBefore: quiet.busyCores,
  }));
}

export async function measure(pids: number[], load: MeasuredLoad, timing: RunTiming, probes?: DbProbes): Promise<Measurement> {
  const [result] = await measureTogether(pids, [load], timing, probes);
  return result!;
}
