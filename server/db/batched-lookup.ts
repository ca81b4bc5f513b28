/**
 * Lookups by key that share round trips: a lookup that arrives while the previous query is running
 * waits for it to finish and then goes out with every other lookup that arrived meanwhile, in one
 * query. Alone, a lookup runs at the end of the event loop's current turn; under load, one round
 * trip serves many requests, so the database parses, plans and answers once per batch instead of once
 * per request. Used for the
 * per-request session checks on PostgreSQL, where each check is otherwise a round trip of its own,
 * and for the outbox runner's status writes (`run` may be an UPDATE … RETURNING the keys it changed).
 */
export interface BatchedLookup<R> {
  /** The rows for `key` (an empty list when there are none). */
  get(key: string): Promise<R[]>;
}

type Waiter<R> = { resolve: (rows: R[]) => void; reject: (error: unknown) => void };

/** Keys per query at most; more wait for the next one. */
const MAX_BATCH = 200;

export function batchedLookup<R>(run: (keys: string[]) => Promise<R[]>, keyOf: (row: R) => string): BatchedLookup<R> {
  const waiting = new Map<string, Waiter<R>[]>();
  let running = false;

  async function flush(): Promise<void> {
    while (waiting.size > 0) {
      const batch = new Map<string, Waiter<R>[]>();
      for (const [key, waiters] of waiting) {
        if (batch.size >= MAX_BATCH) break;
        batch.set(key, waiters);
        waiting.delete(key);
      }
      try {
        const rows = await run([...batch.keys()]);
        const byKey = new Map<string, R[]>();
        for (const row of rows) {
          const key = keyOf(row);
          const found = byKey.get(key);
          if (found) found.push(row);
          else byKey.set(key, [row]);
        }
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(byKey.get(key) ?? []);
      } catch (error) {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    running = false;
  }

  return {
    get(key) {
      return new Promise<R[]>((resolve, reject) => {
        const waiters = waiting.get(key);
        if (waiters) waiters.push({ resolve, reject });
        else waiting.set(key, [{ resolve, reject }]);
        // The first lookup waits for the end of this turn of the event loop, so that requests read in
        // the same turn share its query.
        if (!running) {
          running = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}
