/**
 * CPU time and memory of processes and of the whole machine, read from /proc (Linux only):
 * utime+stime of /proc/<pid>/stat (all threads, so argon2's libuv workers count) and of
 * /proc/<pid>/task/<pid>/stat (the main thread alone: Node's event loop), VmRSS of /proc/<pid>/status,
 * and the aggregate line of /proc/stat.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** User + system CPU seconds the process has used so far; NaN once it has exited. */
export function cpuSeconds(pid: number): number {
  return statCpuSeconds(`/proc/${pid}/stat`);
}

/** User + system CPU seconds of the process's main thread (in Node, the event loop). */
export function mainThreadCpuSeconds(pid: number): number {
  return statCpuSeconds(`/proc/${pid}/task/${pid}/stat`);
}

function statCpuSeconds(path: string): number {
  let stat: string;
  try {
    stat = readFileSync(path, "utf8");
  } catch {
    return NaN;
  }
  // The command name (field 2) may hold spaces; fields after it start with the state (field 3).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** Resident set size in bytes. */
export function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

export interface MachineCpu {
  busySeconds: number;
  totalSeconds: number;
}

/** Busy and total CPU seconds of all cores since boot. */
export function machineCpu(): MachineCpu {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busySeconds: busy / ticksPerSecond, totalSeconds: (busy + idle! + iowait!) / ticksPerSecond };
}

export interface CpuWindow {
  /** CPU seconds each process used in the window. */
  processSeconds: Record<number, number>;
  /** CPU seconds each process's main thread used in the window. */
  mainThreadSeconds: Record<number, number>;
  /** Cores the whole machine kept busy on average (bench client, servers, database, everything). */
  machineCoresBusy: number;
  wallSeconds: number;
}

/** Starts a window over `pids`; call the returned function to close it. */
export function openCpuWindow(pids: number[]): () => CpuWindow {
  const started = process.hrtime.bigint();
  const before = Object.fromEntries(pids.map((pid) => [pid, cpuSeconds(pid)]));
  const mainBefore = Object.fromEntries(pids.map((pid) => [pid, mainThreadCpuSeconds(pid)]));
  const machineBefore = machineCpu();
  return () => {
    const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const machineAfter = machineCpu();
    const processSeconds = Object.fromEntries(pids.map((pid) => [pid, cpuSeconds(pid) - before[pid]!]));
    const mainThreadSeconds = Object.fromEntries(pids.map((pid) => [pid, mainThreadCpuSeconds(pid) - mainBefore[pid]!]));
    return { processSeconds, mainThreadSeconds, machineCoresBusy: (machineAfter.busySeconds - machineBefore.busySeconds) / wallSeconds, wallSeconds };
  };
}

/** Samples VmRSS of `pids` every `intervalMs` until stopped; returns the peak per pid. */
export function sampleRss(pids: number[], intervalMs = 200): () => Record<number, number> {
  const peak: Record<number, number> = Object.fromEntries(pids.map((pid) => [pid, 0]));
  const sample = () => {
    for (const pid of pids) {
      try {
        peak[pid] = Math.max(peak[pid]!, rssBytes(pid));
      } catch {
        // The process has exited; its peak so far stands.
      }
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

/**
 * Waits until the whole machine keeps fewer than `threshold` cores busy over one second (other
 * people's builds and tests may share it), for at most `maxSeconds` (0: no wait, no sample).
 */
export async function waitForQuietMachine(maxSeconds: number, threshold = 0.3): Promise<{ waitedSeconds: number; busyCores: number }> {
  if (maxSeconds <= 0) return { waitedSeconds: 0, busyCores: NaN };
  const started = performance.now();
  for (;;) {
    const before = machineCpu();
    const sampleStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const busyCores = (machineCpu().busySeconds - before.busySeconds) / ((performance.now() - sampleStart) / 1000);
    const waitedSeconds = (performance.now() - started) / 1000;
    if (busyCores < threshold || waitedSeconds >= maxSeconds) return { waitedSeconds, busyCores };
  }
}
