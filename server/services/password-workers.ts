/**
 * argon2id on worker threads of our own, each lowered in CPU priority (nice 10). A hash keeps a core
 * busy for ~10 ms; on libuv's thread pool it ran at the event loop's priority, so during a sign-in
 * storm every request waited its turn behind the hashes for a core (a /users/me p99 of 25-30 ms on two
 * cores). At a lower priority the hashes take only the CPU time the event loop leaves, so reads stay
 * fast and the hash rate is unchanged whenever nothing else needs the cores. How many hashes run at
 * once is the WorkLimiter's business (passwords.ts); this pool starts a thread per concurrent job, up
 * to that number, and keeps it.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** Nice value of the hashing threads (Linux applies it per thread); the event loop stays at 0. */
const HASH_THREAD_NICE = 10;

// Plain CommonJS, evaluated in the worker: it loads the same argon2 binding the server resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const argon2 = require(workerData.argon2Path);
try { require("node:os").setPriority(0, workerData.nice); } catch {}
parentPort.on("message", ({ op, args }) => {
  try {
    parentPort.postMessage({ result: op === "hash" ? argon2.hashSync(args[0], args[1]) : argon2.verifySync(args[0], args[1]) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

const requireHere = createRequire(import.meta.url);
const argon2Path = requireHere.resolve("@node-rs/argon2");
// Loaded on this thread too, though it never hashes here: a Rust addon that only worker threads load is
// unloaded when the last of them exits, and its thread-local destructors can then run against unmapped
// code (rust-lang/rust#91979), crashing the process at exit. Held here, the library stays mapped.
requireHere(argon2Path);

export interface Argon2Options {
  algorithm: number;
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

type Job = { op: "hash"; args: [string, Argon2Options] } | { op: "verify"; args: [string, string] };

const idle: Worker[] = [];

function run<T>(job: Job): Promise<T> {
  const worker =
    idle.pop() ??
    new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { argon2Path, nice: HASH_THREAD_NICE },
      // The thread runs one small script; its JavaScript heap stays tiny (argon2's 19 MiB is native).
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
    });
  // A thread keeps the process alive only while it has a job.
  worker.ref();
  return new Promise<T>((resolve, reject) => {
    // Only our own listeners come off: the Worker keeps internal ones on these events.
    const settle = () => {
      worker.off("error", fail);
      worker.off("exit", fail);
      worker.off("message", answer);
    };
    function fail(error: unknown) {
      settle();
      void worker.terminate();
      reject(error instanceof Error ? error : new Error(`password worker stopped (${String(error)})`));
    }
    function answer(message: { result?: T; error?: string }) {
      settle();
      worker.unref();
      idle.push(worker);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.result as T);
    }
    worker.on("error", fail);
    worker.on("exit", fail);
    worker.on("message", answer);
    worker.postMessage(job);
  });
}

export function hashOnWorker(password: string, options: Argon2Options): Promise<string> {
  return run({ op: "hash", args: [password, options] });
}

/** Rejects when the stored hash is malformed. */
export function verifyOnWorker(stored: string, password: string): Promise<boolean> {
  return run({ op: "verify", args: [stored, password] });
}
