import { useCallback, useRef, useSyncExternalStore } from "react";
import { keyText, type AsyncCache } from "@latchkey/js/internal";
import { useThenable } from "./use-thenable.js";

/**
 * Reads `key` from one of the SDK's caches and keeps the component subscribed to it: a change made through
 * the app (which invalidates the cache and refetches watched keys) re-renders the component with the new
 * value. Suspends (React `use`, or its React 18 equivalent) while nothing is cached for the key yet; while a watched key is being
 * fetched again after a change, the previous value stays on screen.
 */
export function useCachedValue<K extends readonly unknown[], V>(cache: AsyncCache<K, V>, key: NoInfer<K>): V {
  const text = keyText(key);
  const keyRef = useRef(key);
  keyRef.current = key;
  // The subscription depends on the key's text, not the array's identity (a new array each render).
  const subscribe = useCallback((notify: () => void) => cache.subscribe(keyRef.current, () => notify()), [cache, text]);
  const snapshot = useSyncExternalStore(subscribe, () => cache.getIfCached(key), () => cache.getIfCached(key));
  const last = useRef<{ text: string; data: V } | null>(null);
  let known: V | typeof none = none;
  if (snapshot.status === "ok") known = snapshot.data;
  else if (last.current?.text === text) known = last.current.data;
  // `use` is called exactly once per hook call whatever the cache holds: React pairs a suspended render's
  // thenables with its replay by position, so skipping it sometimes would hand one hook another's value.
  const value = useThenable(known === none ? cache.get(key, "read-write") : fulfilled(known));
  last.current = { text, data: value };
  return value;
}

const none = Symbol("none");

/** A thenable React reads synchronously (its `status` is already "fulfilled"). */
function fulfilled<V>(value: V): PromiseLike<V> {
  const thenable = Promise.resolve(value) as Promise<V> & { status?: string; value?: V };
  thenable.status = "fulfilled";
  thenable.value = value;
  return thenable;
}

/** Memoises an object built from a cached value, so its identity changes only when the value does. */
export function useBuilt<V, T>(value: V, build: (value: V) => T, deps: readonly unknown[] = []): T {
  const memo = useRef<{ value: V; deps: readonly unknown[]; built: T } | null>(null);
  const current = memo.current;
  if (current && current.value === value && current.deps.length === deps.length && current.deps.every((d, i) => Object.is(d, deps[i]))) return current.built;
  const built = build(value);
  memo.current = { value, deps, built };
  return built;
}
