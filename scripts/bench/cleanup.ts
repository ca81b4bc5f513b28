/**
 * Everything the bench must undo however it ends (child processes, databases, temporary files):
 * registered here, run in reverse order once, on success, on errors, on signals and at the deadline.
 */

type Cleanup = () => Promise<void> | void;

const cleanups: Cleanup[] = [];
let running: Promise<void> | undefined;

/**
 * Registers `fn`; returns a function that runs it now (once) and unregisters it. Once the final
 * cleanup has begun nothing new may be started: this throws instead.
 */
export function onCleanup(fn: Cleanup): () => Promise<void> {
  if (running) throw new Error("the bench is stopping");
  cleanups.push(fn);
  return async () => {
    const index = cleanups.indexOf(fn);
    if (index < 0) return;
    cleanups.splice(index, 1);
    await fn();
  };
}

/** True once the final cleanup has begun. */
export function stopping(): boolean {
  return running !== undefined;
}

/** Runs every registered cleanup, newest first; errors are reported, not thrown. */
export function runCleanups(): Promise<void> {
  running ??= (async () => {
    while (cleanups.length > 0) {
      const fn = cleanups.pop()!;
      try {
        await fn();
      } catch (error) {
        process.stderr.write(`bench: cleanup failed: ${(error as Error).message}\n`);
      }
    }
  })();
  return running;
}
