/**
 * When the runner makes its passes: every `pollIntervalMs` when idle, soon after a wake, and at once
 * again while passes come back full.
 */
import type { Logger } from "../log.js";
import { errorFields } from "./error-fields.js";

export interface PollLoopOptions {
  pollIntervalMs: number;
  wakeDelayMs: number;
  /** A pass that handled this many rows suggests more is due. */
  batchSize: number;
  /** One pass; returns how many rows it handled. */
  pass(): Promise<number>;
  log: Logger;
}

export interface PollLoop {
  start(): void;
  /** Stops polling and waits for the pass in progress to finish. */
  stop(): Promise<void>;
  wake(): void;
}

export function createPollLoop(options: PollLoopOptions): PollLoop {
  const { pollIntervalMs, wakeDelayMs, batchSize, log } = options;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  /** When the pending timer fires (performance.now() time). */
  let timerDueAt = 0;
  let current: Promise<void> | undefined;
  let wakeRequested = false;

  async function loop(): Promise<void> {
    timer = undefined;
    let processed = 0;
    do {
      wakeRequested = false;
      try {
        processed = await options.pass();
      } catch (error) {
        log.error("outbox: pass failed", errorFields(error));
        processed = 0;
      }
      // A full batch suggests more is due: go on at once.
    } while (running && (wakeRequested || processed === batchSize));
    if (running) schedule(pollIntervalMs);
  }

  function schedule(delayMs: number) {
    if (timer) clearTimeout(timer);
    timerDueAt = performance.now() + delayMs;
    timer = setTimeout(pass, delayMs);
  }

  function pass() {
    current = loop().finally(() => {
      current = undefined;
      // A wake that came after the loop's last look at `wakeRequested` must not wait for the poll.
      if (running && wakeRequested) schedule(wakeDelayMs);
    });
  }

  return {
    start() {
      if (running) return;
      running = true;
      pass();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current;
    },
    wake() {
      if (!running) return;
      if (current) {
        wakeRequested = true;
        return;
      }
      // A pass due within the delay already takes this wake's rows.
      if (timer && timerDueAt <= performance.now() + wakeDelayMs) return;
      schedule(wakeDelayMs);
    },
  };
}
