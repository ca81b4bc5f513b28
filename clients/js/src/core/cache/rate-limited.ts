/** Fetch throttling of SPEC section 9: one fetch at a time, starts at least 300 ms apart. */
export const fetchThrottleMs = 300;

/**
 * Wraps `fetcher` so that at most one call runs at a time and calls start at least `throttleMs` apart.
 * Callers that arrive while a call waits its turn are batched: they all get the answer of the next call.
 * A caller never receives an answer from a call that started before it asked.
 */
export function rateLimited<T>(fetcher: () => Promise<T>, throttleMs: number = fetchThrottleMs, now: () => number = Date.now): () => Promise<T> {
  type Waiter = { resolve: (value: T) => void; reject: (error: unknown) => void };
  let queue: Waiter[] = [];
  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let nextStartAt = Number.NEGATIVE_INFINITY;

  const pump = (): void => {
    if (running || timer !== null || queue.length === 0) return;
    const delay = nextStartAt - now();
    if (delay > 0) {
      timer = setTimeout(() => {
        timer = null;
        pump();
      }, delay);
      return;
    }
    const batch = queue;
    queue = [];
    running = true;
    nextStartAt = now() + throttleMs;
    const settle = (fn: (waiter: Waiter) => void) => {
      running = false;
      for (const waiter of batch) fn(waiter);
      pump();
    };
    fetcher().then(
      (value) => settle((waiter) => waiter.resolve(value)),
      (error: unknown) => settle((waiter) => waiter.reject(error)),
    );
  };

  return () =>
    new Promise<T>((resolve, reject) => {
      queue.push({ resolve, reject });
      pump();
    });
}
