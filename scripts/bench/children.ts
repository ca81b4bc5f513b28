/**
 * Child processes of the bench: spawned with a minimal environment, their output kept (last 64 KiB)
 * for error messages, stopped with SIGTERM then SIGKILL, and SIGKILLed if the bench process exits
 * without stopping them.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { onCleanup, stopping } from "./cleanup.js";

export interface Child {
  readonly name: string;
  readonly pid: number;
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
  /** Whether the process is still running. */
  alive(): boolean;
  stop(): Promise<void>;
}

const OUTPUT_LIMIT = 64 * 1024;
const live = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/** Starts `node <args>` (TypeScript files through tsx's loader when `typescript` is set). */
export function spawnNode(name: string, args: string[], env: Record<string, string>, options: { typescript?: boolean; nodeFlags?: string[] } = {}): Child {
  if (stopping()) throw new Error(`not starting ${name}: the bench is stopping`);
  const nodeArgs = [...(options.nodeFlags ?? []), ...(options.typescript ? ["--import", "tsx"] : []), ...args];
  const child = spawn(process.execPath, nodeArgs, {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.pid === undefined) throw new Error(`could not start ${name}`);
  live.add(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      live.delete(child);
      resolve(code);
    }),
  );

  async function stop(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 5_000).unref());
    if ((await Promise.race([exited, timeout])) === "timeout") {
      child.kill("SIGKILL");
      await exited;
    }
  }
  const stopNow = onCleanup(stop);
  const alive = () => child.exitCode === null && child.signalCode === null;
  return { name, pid: child.pid, output: () => output, exited, alive, stop: stopNow };
}

/** Throws, with the end of the child's output, if it has exited (a crash under load is a finding). */
export function assertAlive(child: Child, during: string): void {
  if (child.alive()) return;
  throw new Error(`${child.name} exited during ${during}; its last output:\n${child.output().slice(-2000)}`);
}

/** Polls `url` until it answers 2xx; fails when the child exits or `timeoutMs` passes (a start on a loaded, shared machine took over a minute). */
export async function waitUntilReady(child: Child, url: string, timeoutMs = 120_000): Promise<void> {
  let exited = false;
  void child.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ready = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (exited || Date.now() > deadline) {
      await child.stop();
      throw new Error(`${child.name} did not become ready at ${url}:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Reads the single JSON line a measuring child prints to stdout before exiting. */
export async function childJsonResult<T>(child: Child, timeoutMs: number): Promise<T> {
  const timeout = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), timeoutMs).unref());
  const code = await Promise.race([child.exited, timeout]);
  if (code === "timeout") {
    await child.stop();
    throw new Error(`${child.name} did not finish within ${timeoutMs} ms`);
  }
  const line = child.output().trim().split("\n").pop() ?? "";
  if (code !== 0) throw new Error(`${child.name} exited with ${code}:\n${child.output()}`);
  return JSON.parse(line) as T;
}
