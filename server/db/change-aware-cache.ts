/**
 * Values read from the database, reused only while provably fresh. Values are frozen, since every
 * caller shares them.
 *
 * - `ChangeAwareCache`: reused while the store reports that nothing at all changed since they were
 *   read (`Store.changeMarker`; SQLite). No query per hit. Where the store cannot tell (PostgreSQL),
 *   every lookup loads.
 * - `VersionCheckedCache`: reused while a narrow query returns the same version of the rows behind
 *   the value (`Store.rowVersion`; PostgreSQL). One small query per hit instead of the full one.
 */
import { deepFreeze } from "../deep-freeze.js";

export class ChangeAwareCache<V> {
  private readonly entries: BoundedMap<{ marker: string; value: V }>;

  constructor(
    private readonly changeMarker: (() => string) | undefined,
    maxEntries: number,
  ) {
    this.entries = new BoundedMap(maxEntries);
  }

  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (!this.changeMarker) return load();
    // Read before loading: a change in between makes the entry stale at once, never wrongly fresh.
    const marker = this.changeMarker();
    const hit = this.entries.get(key);
    if (hit && hit.marker === marker) return hit.value;
    const value = await load();
    if (value === undefined) return undefined;
    this.entries.set(key, { marker, value: deepFreeze(value) });
    return value;
  }
}

export class VersionCheckedCache<V extends { version: string }> {
  private readonly entries: BoundedMap<V>;

  constructor(maxEntries: number) {
    this.entries = new BoundedMap(maxEntries);
  }

  /**
   * `currentVersion` reads the version the value would have now (undefined: it is gone); `load` reads
   * the value with its version in one statement, so a cached value always carries the version of the
   * rows it was built from.
   */
  async get(key: string, currentVersion: () => Promise<string | undefined>, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const version = await currentVersion();
    if (version === undefined) {
      this.entries.delete(key);
      return undefined;
    }
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit;
    const value = await load();
    if (value === undefined) this.entries.delete(key);
    else this.entries.set(key, deepFreeze(value));
    return value;
  }
}

/** A Map that drops its oldest entry when full. */
class BoundedMap<V> {
  private readonly map = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  set(key: string, value: V): void {
    if (!this.map.has(key) && this.map.size >= this.maxEntries) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, value);
  }

  delete(key: string): void {
    this.map.delete(key);
  }
}
