import { fetchThrottleMs, rateLimited } from "./rate-limited.js";

/** Cached values nobody has observed for this long are dropped (SPEC section 9). */
export const cacheIdleMs = 5_000;

/** How a read uses the cache: "read-write" answers a cached value if there is one; "write-only" always fetches (and stores). */
export type CacheStrategy = "read-write" | "write-only";

export type CachedValue<V> = { status: "ok"; data: V } | { status: "pending" };

/** The one "nothing cached" answer, so snapshot readers (React's useSyncExternalStore) see a stable value. */
const notCached: { status: "pending" } = Object.freeze({ status: "pending" as const });

interface Entry<V> {
  value: CachedValue<V>;
  pending: Promise<V> | null;
  fetch: () => Promise<V>;
  listeners: Set<(value: V) => void>;
  idleTimer: ReturnType<typeof setTimeout> | null;
  /** Bumped on every invalidation, so a fetch that started earlier does not store a stale value. */
  generation: number;
}

const objectIds = new WeakMap<object, number>();
let nextObjectId = 1;
/** The text a key is compared by (objects by identity). */
export function keyText(parts: readonly unknown[]): string {
  return parts
    .map((part) => {
      if (typeof part === "object" && part !== null) {
        if (!objectIds.has(part)) objectIds.set(part, nextObjectId++);
        return `#${objectIds.get(part)}`;
      }
      return JSON.stringify(part) ?? "undefined";
    })
    .join("|");
}

/**
 * Values fetched by key (a tuple; objects such as sessions compare by identity). Each key's fetches are
 * throttled (one at a time, 300 ms apart, waiting callers batched). A value nobody has read or watched for
 * 5 s is dropped; `invalidate` drops values at once and refetches the ones being watched, which is how
 * lists are refreshed after a change.
 */
export class AsyncCache<K extends readonly unknown[], V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly keys = new Map<string, K>();

  constructor(
    private readonly fetcher: (key: K) => Promise<V>,
    private readonly options: { idleMs?: number; throttleMs?: number; now?: () => number } = {},
  ) {}

  /** The value for `key`: fetched (write-only) or, with "read-write", the cached one when available. */
  get(key: K, strategy: CacheStrategy = "write-only"): Promise<V> {
    const entry = this.entry(key);
    this.observed(key, entry);
    if (strategy === "read-write") {
      if (entry.value.status === "ok") return Promise.resolve(entry.value.data);
      if (entry.pending) return entry.pending;
    }
    return this.fetchInto(entry);
  }

  /** The value if it is cached, without fetching. */
  getIfCached(key: K): CachedValue<V> {
    return this.entries.get(keyText(key))?.value ?? notCached;
  }

  /** Watches `key` (React hooks): the listener hears every new value. Fetches if nothing is cached. */
  subscribe(key: K, listener: (value: V) => void): () => void {
    const entry = this.entry(key);
    entry.listeners.add(listener);
    this.clearIdle(entry);
    if (entry.value.status !== "ok" && !entry.pending) this.fetchInto(entry).catch(() => undefined);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      entry.listeners.delete(listener);
      this.observed(key, entry);
    };
  }

  /** Drops the cached values whose key matches; watched ones are fetched again at once. */
  invalidateWhere(predicate: (key: K) => boolean): void {
    for (const [text, key] of [...this.keys]) if (predicate(key)) this.invalidateText(text);
  }

  /** Drops the cached value of `key`; fetched again at once if watched. */
  invalidate(key: K): void {
    this.invalidateText(keyText(key));
  }

  /** Drops every cached value. */
  invalidateAll(): void {
    for (const text of [...this.entries.keys()]) this.invalidateText(text);
  }

  private invalidateText(text: string): void {
    const entry = this.entries.get(text);
    if (!entry) return;
    entry.generation++;
    entry.value = notCached;
    entry.pending = null;
    if (entry.listeners.size > 0) this.fetchInto(entry).catch(() => undefined);
    else this.drop(text, entry);
  }

  private entry(key: K): Entry<V> {
    const text = keyText(key);
    let entry = this.entries.get(text);
    if (!entry) {
      entry = {
        value: notCached,
        pending: null,
        fetch: rateLimited(() => this.fetcher(key), this.options.throttleMs ?? fetchThrottleMs, this.options.now),
        listeners: new Set(),
        idleTimer: null,
        generation: 0,
      };
      this.entries.set(text, entry);
      this.keys.set(text, key);
    }
    return entry;
  }

  private fetchInto(entry: Entry<V>): Promise<V> {
    const generation = entry.generation;
    const promise = entry.fetch().then((value) => {
      if (entry.generation === generation) {
        entry.value = { status: "ok", data: value };
        if (entry.pending === promise) entry.pending = null;
        for (const listener of [...entry.listeners]) listener(value);
      }
      return value;
    }, (error: unknown) => {
      if (entry.pending === promise) entry.pending = null;
      throw error;
    });
    entry.pending = promise;
    return promise;
  }

  /** Someone just read the key: restart its idle countdown unless it is watched. */
  private observed(key: K, entry: Entry<V>): void {
    this.clearIdle(entry);
    if (entry.listeners.size > 0) return;
    const text = keyText(key);
    entry.idleTimer = setTimeout(() => {
      entry.idleTimer = null;
      if (entry.listeners.size === 0) this.invalidateText(text);
    }, this.options.idleMs ?? cacheIdleMs);
    (entry.idleTimer as { unref?: () => void }).unref?.();
  }

  private clearIdle(entry: Entry<V>): void {
    if (entry.idleTimer !== null) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
  }

  private drop(text: string, entry: Entry<V>): void {
    this.clearIdle(entry);
    if (entry.pending) return;
    this.entries.delete(text);
    this.keys.delete(text);
  }
}
