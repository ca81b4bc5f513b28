import { describe, expect, it } from "vitest";
import { TtlCache } from "./ttl-cache.js";

describe("TtlCache", () => {
  it("forgets entries after their TTL and by prefix, and keeps at most maxEntries", () => {
    let now = 0;
    const cache = new TtlCache<number>(1000, 2, () => now);
    cache.set("p1:a", 1);
    cache.set("p1:b", 2);
    expect(cache.get("p1:a")).toBe(1);
    now = 999;
    expect(cache.get("p1:b")).toBe(2);
    now = 1000;
    expect(cache.get("p1:b")).toBeUndefined();
    cache.set("p2:a", 3);
    cache.set("p2:b", 4);
    cache.set("p2:c", 5);
    expect(cache.get("p2:a")).toBeUndefined();
    cache.deletePrefix("p2:");
    expect(cache.get("p2:c")).toBeUndefined();
  });
});
