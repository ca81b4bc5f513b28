import { describe, expect, it } from "vitest";
import type { Measurement } from "./measure.js";
import type { Row } from "./results.js";
import { bestRound } from "./rounds.js";

/** A measurement of `okRps` over 10 s, with `failed` of its responses not 2xx. */
function measured(scenario: string, okRps: number, p99Ms: number, failed = 0): Row {
  const ok = okRps * 10;
  const measurement = { okRps, p99Ms, ok, responses: ok + failed, errors: 0 } as Measurement;
  return { system: "latchkey sqlite", scenario, status: "measured", measurement };
}

describe("bestRound", () => {
  it("keeps the round with the most 2xx responses per second and lists every round's figure", () => {
    const rows = bestRound([[measured("users-me", 9_000, 12)], [measured("users-me", 15_000, 7)], [measured("users-me", 14_000, 8)]]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.measurement!.p99Ms).toBe(7);
    expect(rows[0]!.round).toBe(2);
    expect(rows[0]!.roundsOkRps).toEqual([9_000, 15_000, 14_000]);
  });

  it("keeps rows measured together from the same round, chosen by the first", () => {
    const storm = (signIns: number, usersMeP99: number) => [measured("storm: sign-in", signIns, 500), measured("storm: users-me", 500, usersMeP99)];
    const rows = bestRound([storm(100, 6), storm(117, 19)]);
    expect(rows.map((r) => [r.scenario, r.measurement!.p99Ms])).toEqual([
      ["storm: sign-in", 500],
      ["storm: users-me", 19],
    ]);
    expect(rows.map((r) => r.round)).toEqual([2, 2]);
  });

  it("reports a round that failed or had more than 1% errors instead of a better one", () => {
    const failed: Row = { system: "latchkey sqlite", scenario: "refresh", status: "failed", note: "server exited" };
    expect(bestRound([[measured("refresh", 8_000, 10)], [failed]])).toMatchObject([{ status: "failed", round: 2 }]);
    const errors = bestRound([[measured("refresh", 8_000, 10)], [measured("refresh", 7_000, 10, 2_000)]]);
    expect(errors).toMatchObject([{ round: 2, roundsOkRps: [8_000, 7_000] }]);
  });

  it("returns a single round as it is", () => {
    const only = [measured("users-me", 9_000, 12)];
    expect(bestRound([only])).toBe(only);
    expect(bestRound([])).toEqual([]);
  });
});
