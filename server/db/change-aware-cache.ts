/**
 * Values read from the database, reused only while the store reports that nothing in the database
 * changed since they were read (`Store.changeMarker`; SQLite). Where the store cannot tell
 * (PostgreSQL), every lookup loads. Values are frozen, since every caller shares them.
 */
export class ChangeAwareCache<V> {
  private readonly entries = new Map<string, { marker: string; value: V }>();

  constructor(
    private readonly changeMarker: (() => string) | undefined,
    private readonly maxEntries: number,
  ) {}

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (!this.changeMarker) return load();
    // Read before loading: a change in between makes the entry stale at once, never wrongly fresh.
    const marker = this.changeMarker();
    const hit = this.entries.get(key);
    if (hit && hit.marker === marker) return hit.value;
    const value = await load();
    if (value === undefined) return undefined;
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { marker, value: deepFreeze(value) });
    return value;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
