import { describe, expect, it } from "vitest";
import { Mutex } from "./mutex.js";

describe("Mutex", () => {
  it("serves waiters in order", async () => {
    const mutex = new Mutex();
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3].map(async (n) => {
        const release = await mutex.acquire();
        await new Promise((resolve) => setTimeout(resolve, 3 - n));
        order.push(n);
        release();
      }),
    );
    expect(order).toEqual([1, 2, 3]);
    expect(mutex.locked).toBe(false);
  });

  it("gives up a wait that lasts too long, without blocking later waiters", async () => {
    const mutex = new Mutex();
    const releaseFirst = await mutex.acquire();
    await expect(mutex.acquireWithin(20, () => new Error("waited too long"))).rejects.toThrow("waited too long");
    releaseFirst();
    const releaseLater = await mutex.acquireWithin(1_000, () => new Error("should not time out"));
    expect(mutex.locked).toBe(true);
    releaseLater();
    expect(mutex.locked).toBe(false);
  });
});
