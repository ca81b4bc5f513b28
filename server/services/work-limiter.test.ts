import { describe, expect, it } from "vitest";
import { WorkLimiter } from "./work-limiter.js";

describe("WorkLimiter", () => {
  it("runs at most `concurrency` jobs, queues up to the limit and refuses beyond it", async () => {
    const limiter = new WorkLimiter(2, 2, () => new Error("full"));
    let active = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const job = () =>
      limiter.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active--;
      });
    const accepted = [job(), job(), job(), job()];
    await expect(job()).rejects.toThrow("full");
    expect(limiter.queued).toBe(2);
    while (releases.length > 0 || limiter.queued > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(accepted);
    expect(peak).toBe(2);
  });
});
