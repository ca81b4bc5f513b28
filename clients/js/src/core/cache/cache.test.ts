import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AsyncCache } from "./async-cache.js";
import { rateLimited } from "./rate-limited.js";

/** A fetcher whose calls stay pending until released, counting calls. */
function controlledFetcher() {
  const pending: ((value: number) => void)[] = [];
  let calls = 0;
  const fetcher = vi.fn(() => {
    calls++;
    return new Promise<number>((resolve) => pending.push(resolve));
  });
  return { fetcher, release: (value: number) => pending.shift()!(value), calls: () => calls };
}

describe("rateLimited (fetch throttle)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs one fetch at a time, starts fetches 300 ms apart, and batches the callers that wait", async () => {
    const { fetcher, release } = controlledFetcher();
    const limited = rateLimited(fetcher);
    const first = limited();
    expect(fetcher).toHaveBeenCalledTimes(1);
    const second = limited();
    const third = limited();
    release(1);
    expect(await first).toBe(1);
    expect(fetcher).toHaveBeenCalledTimes(1); // the throttle holds the next start
    await vi.advanceTimersByTimeAsync(299);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetcher).toHaveBeenCalledTimes(2); // one fetch for both waiting callers
    release(2);
    expect([await second, await third]).toEqual([2, 2]);
  });

  it("never answers a caller with a fetch that started before it asked (concurrency 1)", async () => {
    const { fetcher, release } = controlledFetcher();
    const limited = rateLimited(fetcher, 0);
    const early = limited();
    const late = limited();
    release(1);
    expect(await early).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetcher).toHaveBeenCalledTimes(2);
    release(2);
    expect(await late).toBe(2);
  });
});

describe("AsyncCache", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("drops a value nobody has read or watched for 5 s", async () => {
    let n = 0;
    const cache = new AsyncCache<[string], number>(async () => ++n);
    expect(await cache.get(["k"])).toBe(1);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(cache.getIfCached(["k"])).toEqual({ status: "ok", data: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(cache.getIfCached(["k"])).toEqual({ status: "pending" });
  });

  it("keeps watched values, and drops them 5 s after the last watcher leaves", async () => {
    let n = 0;
    const cache = new AsyncCache<[string], number>(async () => ++n);
    const seen: number[] = [];
    const stop = cache.subscribe(["k"], (value) => seen.push(value));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cache.getIfCached(["k"])).toEqual({ status: "ok", data: 1 });
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(cache.getIfCached(["k"])).toEqual({ status: "pending" });
    expect(seen).toEqual([1]);
  });

  it("answers a cached value for read-write reads and always fetches for write-only reads", async () => {
    let n = 0;
    const cache = new AsyncCache<[string], number>(async () => ++n, { throttleMs: 0 });
    expect(await cache.get(["k"])).toBe(1);
    expect(await cache.get(["k"], "read-write")).toBe(1);
    expect(await cache.get(["k"], "write-only")).toBe(2);
  });

  it("refreshes watched lists after a change (invalidation refetches them)", async () => {
    let n = 0;
    const cache = new AsyncCache<[string], number>(async () => ++n, { throttleMs: 0 });
    const seen: number[] = [];
    cache.subscribe(["list"], (value) => seen.push(value));
    await vi.advanceTimersByTimeAsync(0);
    cache.invalidateAll();
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([1, 2]);
    expect(cache.getIfCached(["list"])).toEqual({ status: "ok", data: 2 });
  });

  it("keys by object identity (one entry per session object)", async () => {
    const fetched: object[] = [];
    const cache = new AsyncCache<[object], number>(async ([session]) => fetched.push(session));
    const a = {};
    const b = {};
    await cache.get([a]);
    await cache.get([b]);
    expect(fetched).toEqual([a, b]);
  });
});
