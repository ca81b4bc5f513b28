/** Calendar arithmetic for payment intervals (`[n, "day" | "week" | "month" | "year"]`), in UTC. */
import type { Interval } from "../../../contract/payments-config.js";

/**
 * `start` plus `times` intervals, counted from `start` each time (so month ends do not drift: 31 Jan
 * plus one month is 28/29 Feb, plus two months is 31 Mar). Months and years clamp to the month's end.
 */
export function addIntervals(start: Date, [count, unit]: Interval, times = 1): Date {
  const n = count * times;
  const at = new Date(start.getTime());
  switch (unit) {
    case "day":
      return new Date(start.getTime() + n * 86_400_000);
    case "week":
      return new Date(start.getTime() + n * 7 * 86_400_000);
    case "month":
    case "year": {
      const months = unit === "year" ? n * 12 : n;
      const day = at.getUTCDate();
      at.setUTCDate(1);
      at.setUTCMonth(at.getUTCMonth() + months);
      const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
      at.setUTCDate(Math.min(day, lastDay));
      return at;
    }
  }
}

/** Whether an interval ever moves time forward (a zero count never repeats). */
export function isRecurring(interval: Interval | "never" | undefined): interval is Interval {
  return Array.isArray(interval) && interval[0] > 0;
}
