/**
 * A small in-process cache with a time-to-live and a size bound (oldest entries go first). Used for
 * data read on every request that changes rarely; writes in this process invalidate at once, and other
 * processes see a change within the TTL.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, ttlMs = this.ttlMs): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until: this.now() + ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose key starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** Drops every entry whose value matches (a walk over all entries: for rare events, not per request). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
