/**
 * The reference figures of the run, measured on the same machine at the same time as everything
 * else: a bare Hono JSON endpoint (same load generator, same connections) and the argon2id rate.
 */
import { availableParallelism } from "node:os";
import { childJsonResult, freePort, spawnNode, waitUntilReady } from "./children.js";
import type { HttpRequest } from "./load.js";
import { measure, type Measurement } from "./measure.js";
import { runTiming, type BenchOptions } from "./options.js";
import { machineCpu, waitForQuietMachine } from "./proc-stats.js";
import type { Argon2Rate } from "./results.js";

export async function measureHonoJson(options: BenchOptions): Promise<Measurement> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnNode("bare hono", ["scripts/bench/children/hono-json.ts", String(port)], {}, { typescript: true });
  try {
    await waitUntilReady(child, `${url}/`);
    const request: HttpRequest = { method: "GET", path: "/", headers: {} };
    return await measure([child.pid], { url, connections: options.connections, durationSeconds: options.durationSeconds, next: () => request }, runTiming(options));
  } finally {
    await child.stop();
  }
}

/** Hashes from as many concurrent calls as there are cores, for 3 to 10 seconds. */
export async function measureArgon2(options: BenchOptions): Promise<Argon2Rate> {
  const seconds = Math.max(3, Math.min(10, options.durationSeconds));
  const lanes = availableParallelism();
  const quiet = await waitForQuietMachine(options.quietWaitSeconds);
  const machineBefore = machineCpu();
  const started = performance.now();
  const child = spawnNode("argon2 rate", ["scripts/bench/children/argon2-rate.ts", String(seconds), String(lanes)], {}, { typescript: true });
  const rate = await childJsonResult<Omit<Argon2Rate, "otherCores" | "quietWaitedSeconds">>(child, (seconds + 30) * 1000);
  // The child's start-up (tsx, warm-up hashes) is in the machine window but not in its own figures.
  const wallSeconds = (performance.now() - started) / 1000;
  const busyCores = (machineCpu().busySeconds - machineBefore.busySeconds) / wallSeconds;
  const otherCores = Math.max(0, busyCores - (rate.cpuSeconds / rate.wallSeconds) * (rate.wallSeconds / wallSeconds));
  return { ...rate, otherCores, quietWaitedSeconds: quiet.waitedSeconds };
}
