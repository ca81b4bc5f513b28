import { describe, expect, it } from "vitest";
import { testDialects } from "../../test/support/databases.js";
import { createTestInstance } from "../../test/support/instance.js";
import { enforceLimit, TooManyRequestsError } from "./rate-limits.js";

describe.each(testDialects)("rate limits on %s", (dialect) => {
  it("allows max hits per window, then answers 429 with the wait, and opens again after the window", async () => {
    await using lk = await createTestInstance(dialect);
    const limit = { max: 3, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) await enforceLimit(lk.deps, "k", limit);
    lk.clock.advance(20_000);
    const refused = await enforceLimit(lk.deps, "k", limit).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfterSeconds).toBe(40);
    await expect(enforceLimit(lk.deps, "other key", limit)).resolves.toBeUndefined();
    lk.clock.advance(40_000);
    await expect(enforceLimit(lk.deps, "k", limit)).resolves.toBeUndefined();
  });

  it("lets exactly max hits through a concurrent burst", async () => {
    await using lk = await createTestInstance(dialect);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => enforceLimit(lk.deps, "burst", { max: 5, windowMs: 60_000 })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  });
});

describe.each(testDialects)("lockout reservations on %s", (dialect) => {
  it("counts free failures whose clocks arrive out of order, and locks from the tenth", async () => {
    await using lk = await createTestInstance(dialect);
    const reservations = lk.deps.queries.rateLimits;
    const start = lk.clock.now().getTime();
    // Another process stamped the window 50 ms later than this attempt's own clock says it is.
    expect(await reservations.reserveFailure("lockout:p:a@example.com", start + 50)).toBe(1);
    for (let i = 2; i <= 10; i++) expect(await reservations.reserveFailure("lockout:p:a@example.com", start)).toBe(i);
    expect(await reservations.reserveFailure("lockout:p:a@example.com", start + 1_000)).toBeNull();
    expect(await reservations.reserveFailure("lockout:p:a@example.com", start + 61_000)).toBe(11);
  });
});
