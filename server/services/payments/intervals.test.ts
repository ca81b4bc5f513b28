import { describe, expect, it } from "vitest";
import { addIntervals, isRecurring } from "./intervals.js";

describe("payment intervals", () => {
  it("adds days, weeks, months and years in UTC, clamping month ends without drift", () => {
    const jan31 = new Date("2026-01-31T10:00:00Z");
    expect(addIntervals(jan31, [3, "day"]).toISOString()).toBe("2026-02-03T10:00:00.000Z");
    expect(addIntervals(jan31, [2, "week"]).toISOString()).toBe("2026-02-14T10:00:00.000Z");
    expect(addIntervals(jan31, [1, "month"]).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addIntervals(jan31, [1, "month"], 2).toISOString()).toBe("2026-03-31T10:00:00.000Z");
    expect(addIntervals(new Date("2024-02-29T00:00:00Z"), [1, "year"]).toISOString()).toBe("2025-02-28T00:00:00.000Z");
  });

  it("treats a zero count and never as not recurring", () => {
    expect(isRecurring([0, "month"])).toBe(false);
    expect(isRecurring("never")).toBe(false);
    expect(isRecurring(undefined)).toBe(false);
    expect(isRecurring([1, "day"])).toBe(true);
  });
});
