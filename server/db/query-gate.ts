/** Hooks that run when a query built from a drizzle database is executed (awaited). */

type Acquire = () => Promise<() => void>;

/**
 * Wraps drizzle's database so that awaiting any query built from it first waits for the mutex when
 * `mustWait()` says so. Builders execute synchronously inside `then`, so holding the mutex around
 * that call is enough.
 */
export function gateQueries<T extends object>(target: T, mustWait: () => boolean, acquire: Acquire): T {
  return new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== "function") return value;
      if (property === "then") {
        return (onFulfilled?: (v: unknown) => unknown, onRejected?: (e: unknown) => unknown) => {
          if (!mustWait()) return value.call(object, onFulfilled, onRejected);
          return acquire().then((release) => {
            try {
              return value.call(object, onFulfilled, onRejected);
            } finally {
              release();
            }
          });
        };
      }
      return (...args: unknown[]) => {
        const result: unknown = value.apply(object, args);
        return isQueryBuilder(result) ? gateQueries(result, mustWait, acquire) : result;
      };
    },
  });
}

function isQueryBuilder(value: unknown): value is object {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.then === "function" ||
    typeof candidate.from === "function" ||
    typeof candidate.values === "function" ||
    typeof candidate.set === "function"
  );
}


/** Calls `check` before every query built from `target` runs (it may throw to refuse the query). */
export function onExecute<T extends object>(target: T, check: () => void): T {
  return gateQueries(target, () => {
    check();
    return false;
  }, () => Promise.reject(new Error("unreachable")));
}
