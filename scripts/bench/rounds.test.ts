import { describe, expect, it } from "vitest";
import type { Measurement } from "./measure.js";
import type { Row } from "./results.js";
import { medianIndex, medianRound } from "./rounds.js";

/** A measurement of `okRps` over 10 s at `cpuMs` server CPU per request, with `failed` of its responses not 2xx. */
function measured(scenario: string, okRps: number, cpuMs: number | null, failed = 0): Row {
  const ok = okRps * 10;
  const measurement = { okRps, cpuMsPerRequest: cpuMs, ok, responses: ok + failed, errors: 0 } as Measurement;
  return { system: "latchkey sqlite", scenario, status: "measured", measurement };
}

describe("medianRound", () => {
  it("keeps the round with the median CPU per request and lists every round's figures", () => {
    const rows = medianRound([[measured("users-me", 9_000, 0.03)], [measured("users-me", 15_000, 0.021)], [measured("users-me", 14_000, 0.024)]]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.measurement!.cpuMsPerRequest).toBe(0.024);
    expect(rows[0]!.round).toBe(3);
    expect(rows[0]!.roundsOkRps).toEqual([9_000, 15_000, 14_000]);
    expect(rows[0]!.roundsCpuMsPerRequest).toEqual([0.03, 0.021, 0.024]);
  });

  it("ranks by 2xx req/s when a round has no CPU figure", () => {
    const rows = medianRound([[measured("users-me", 9_000, null)], [measured("users-me", 15_000, 0.02)], [measured("users-me", 14_000, 0.03)]]);
    expect(rows[0]!.round).toBe(3);
  });

  it("keeps rows measured together from the same round, chosen by the first", () => {
    const storm = (cpu: number, usersMeOk: number) => [measured("storm: sign-in", 100, cpu), measured("storm: users-me", usersMeOk, cpu)];
    const rows = medianRound([storm(14, 400), storm(12, 500), storm(13, 450)]);
    expect(rows.map((r) => [r.scenario, r.measurement!.okRps])).toEqual([
      ["storm: sign-in", 100],
      ["storm: users-me", 450],
    ]);
    expect(rows.map((r) => r.round)).toEqual([3, 3]);
  });

  it("reports a round that failed or had more than 1% errors instead of the median", () => {
    const failed: Row = { system: "latchkey sqlite", scenario: "refresh", status: "failed", note: "server exited" };
    expect(medianRound([[measured("refresh", 8_000, 0.05)], [failed]])).toMatchObject([{ status: "failed", round: 2 }]);
    const errors = medianRound([[measured("refresh", 8_000, 0.05)], [measured("refresh", 7_000, 0.06, 2_000)]]);
    expect(errors).toMatchObject([{ round: 2, roundsOkRps: [8_000, 7_000] }]);
  });

  it("returns a single round as it is", () => {
    const only = [measured("users-me", 9_000, 0.02)];
    expect(medianRound([only])).toBe(only);
    expect(medianRound([])).toEqual([]);
  });

  it("finds the median's index, the lower middle for an even count", () => {
    expect(medianIndex([5, 1, 3])).toBe(2);
    expect(medianIndex([4, 1, 3, 2])).toBe(3);
    expect(medianIndex([7])).toBe(0);
  });
});
