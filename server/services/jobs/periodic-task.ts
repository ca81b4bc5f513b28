/** A task the job runner repeats every `intervalMs` while started (one run at a time; stop waits for it). */
import type { Logger } from "../log.js";
import { errorFields } from "./error-fields.js";

export interface PeriodicTaskOptions {
  intervalMs: number;
  task(): Promise<unknown>;
  log: Logger;
  /** Named in the log line of a failed run. */
  name: string;
}

export interface PeriodicTask {
  start(): void;
  stop(): Promise<void>;
}

export function createPeriodicTask(options: PeriodicTaskOptions): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let running = false;

  function schedule() {
    timer = setTimeout(run, options.intervalMs);
    // A pending round never keeps the process alive.
    timer.unref();
  }

  function run() {
    timer = undefined;
    current = options
      .task()
      .then(
        () => undefined,
        (error: unknown) => options.log.error(`${options.name}: run failed`, errorFields(error)),
      )
      .finally(() => {
        current = undefined;
        if (running) schedule();
      });
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current;
    },
  };
}
