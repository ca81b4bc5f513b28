/**
 * The password-strength estimator (zxcvbn-ts with its common-password and keyboard data) on a thread of
 * its own. An estimate takes from one to a few hundred milliseconds of CPU, depending on how many
 * patterns the password holds, which must not stall the event loop; the thread and its data (~5 MB of
 * heap) are loaded on the first estimate, not at start-up, so a server that never sees a sign-up never
 * loads them. One thread estimates one password at a time; a queue beyond `STRENGTH_QUEUE_LIMIT`
 * is refused with 429 (a flood of sign-ups waits for the estimator, not for other requests).
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { TooManyRequestsError } from "../../errors.js";
import { WorkLimiter } from "../work-limiter.js";

/** The estimator looks at this many leading characters: its cost grows fast with length, and a longer password gains nothing. */
export const ESTIMATED_CHARACTERS = 32;
const STRENGTH_QUEUE_LIMIT = 64;

/** What the server needs from an estimate: zxcvbn's score (0-4), its warning key, and whether it found dictionary words. */
export interface StrengthEstimate {
  score: number;
  warning: string | null;
  dictionaryWords: boolean;
}

/**
 * How many combinations of look-alike substitutions (0 for o, 4 for a, $ for s...) the estimator tries per
 * word: zxcvbn-ts's default of 100 made an estimate cost 2-12 ms of CPU (more than a sign-up's argon2id hash
 * at 6.5 ms) for ordinary passphrases like "bench password 1234"; at 10, the average over our weak and
 * strong samples falls from ~3.0 to ~1.3 ms with the same score and warning for every one of them
 * (issue 39, docs/PERFORMANCE.md).
 */
const L33T_MAX_SUBSTITUTIONS = 10;

// Plain CommonJS, evaluated in the worker; without translations zxcvbn-ts answers warning keys.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { ZxcvbnFactory } = require(workerData.corePath);
const common = require(workerData.commonPath);
const zxcvbn = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs, maxLength: workerData.maxLength, l33tMaxSubstitutions: workerData.l33tMaxSubstitutions });
parentPort.on("message", (password) => {
  try {
    const result = zxcvbn.check(password);
    parentPort.postMessage({ result: {
      score: result.score,
      warning: result.feedback.warning || null,
      dictionaryWords: result.sequence.some((match) => match.pattern === "dictionary"),
    } });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

const requireHere = createRequire(import.meta.url);
const estimating = new WorkLimiter(1, STRENGTH_QUEUE_LIMIT, () => new TooManyRequestsError(1));
let worker: Worker | null = null;

function start(): Worker {
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { corePath: requireHere.resolve("@zxcvbn-ts/core"), commonPath: requireHere.resolve("@zxcvbn-ts/language-common"), maxLength: ESTIMATED_CHARACTERS, l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS },
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
  });
  started.unref();
  return started;
}

function estimateNow(password: string): Promise<StrengthEstimate> {
  const thread = (worker ??= start());
  // The thread keeps the process alive only while it estimates.
  thread.ref();
  return new Promise<StrengthEstimate>((resolve, reject) => {
    const settle = () => {
      thread.off("error", fail);
      thread.off("exit", fail);
      thread.off("message", answer);
      thread.unref();
    };
    function fail(error: unknown) {
      settle();
      if (worker === thread) worker = null;
      void thread.terminate();
      reject(error instanceof Error ? error : new Error(`password strength worker stopped (${String(error)})`));
    }
    function answer(message: { result?: StrengthEstimate; error?: string }) {
      settle();
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.result!);
    }
    thread.on("error", fail);
    thread.on("exit", fail);
    thread.on("message", answer);
    thread.postMessage(password);
  });
}

/** Estimates how hard `password` is to guess, off the event loop. */
export function estimateStrength(password: string): Promise<StrengthEstimate> {
  return estimating.run(() => estimateNow(password));
}
