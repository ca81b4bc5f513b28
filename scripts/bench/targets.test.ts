import { describe, expect, it } from "vitest";
import type { Measurement } from "./measure.js";
import type { BenchResults, Row, ScaleOutStep } from "./results.js";
import { evaluateTargets } from "./targets.js";

type Partial = Omit<BenchResults, "targets" | "finishedAt">;

/** A clean measurement (no failures) of `okRps` with `peakRssMb`. */
function measurement(okRps: number, peakRssMb = 100): Measurement {
  const ok = okRps * 10;
  return { okRps, rps: okRps, ok, responses: ok, errors: 0, cpuMsPerRequest: 0.05, peakRssMb, statusCounts: {} } as unknown as Measurement;
}

function step(processes: number, okRps: number, serverCpuMsPerRequest: number, pacedRps?: number): ScaleOutStep {
  return { processes, ...(pacedRps ? { pacedRps } : {}), measurement: measurement(okRps), serverCores: [], serverCpuMsPerRequest, proxyCores: 0, speedup: 1 };
}

function results(rows: Row[], steps: ScaleOutStep[] | null = null): Partial {
  return {
    startedAt: "",
    machine: { cores: 2, cpuModel: "", totalMemoryMb: 0, node: "", platform: "" },
    options: {} as Partial["options"],
    build: {} as Partial["build"],
    settings: {},
    baselines: { honoJson: null, argon2: null, honoJsonRuns: [], argon2Runs: [] },
    rows,
    scaleOut: steps ? { cores: 2, dialect: "postgres", scenario: "users-me", steps, note: "" } : null,
    emailRender: null,
    errors: [],
  };
}

const scaleTarget = (steps: ScaleOutStep[]) => evaluateTargets(results([], steps)).find((t) => t.target.startsWith("Two processes"))!;

describe("scale-out target", () => {
  it("compares two processes with one process paced at their rate per process", () => {
    const target = scaleTarget([step(1, 12_000, 0.05), step(2, 10_000, 0.064), step(1, 5_000, 0.06, 5_000)]);
    expect(target.pass).toBe(true);
    expect(target.measured).toMatch(/^1\.07x .*paced at 5000 req\/s/);
  });

  it("fails when two processes cost more than 10% over the paced process", () => {
    const target = scaleTarget([step(1, 12_000, 0.05), step(2, 10_000, 0.075), step(1, 5_000, 0.06, 5_000)]);
    expect(target.pass).toBe(false);
    expect(target.measured).toMatch(/^1\.25x/);
  });

  it("falls back to one process at full load when no paced step was run", () => {
    const target = scaleTarget([step(1, 12_000, 0.05), step(2, 10_000, 0.054)]);
    expect(target.pass).toBe(true);
    expect(target.measured).toContain("one process flat out at 12000 req/s");
  });

  it("reports a failed step instead of a ratio", () => {
    const target = scaleTarget([step(1, 12_000, 0.05), { processes: 2, error: "server exited\nstack" }]);
    expect(target).toMatchObject({ pass: false, measured: "the 2-process step failed", note: "server exited" });
  });
});

describe("memory targets", () => {
  const row = (scenario: string, peakRssMb: number): Row => ({ system: "latchkey sqlite", scenario, status: "measured", measurement: measurement(1_000, peakRssMb) });

  it("holds the mixed workload to 250 MB and, with the render pool warm, to 400 MB", () => {
    const targets = evaluateTargets(results([row("mixed", 240), row("mixed-rendering: mixed", 410)]));
    expect(targets.find((t) => t.target.startsWith("Server RSS < 250 MB"))).toMatchObject({ pass: true, measured: "240 MB peak" });
    expect(targets.find((t) => t.target.startsWith("Server RSS < 400 MB"))).toMatchObject({ pass: false, measured: "410 MB peak" });
  });
});
