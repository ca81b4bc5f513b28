import { describe, expect, it } from "vitest";
import type { Measurement } from "./measure.js";
import type { BenchResults, Row, ScaleOutStep } from "./results.js";
import { evaluateTargets } from "./targets.js";

type RunFigures = Omit<BenchResults, "targets" | "finishedAt">;

/** A measurement of `okRps` over 10 s with `peakRssMb`, `failed` of its responses not 2xx. */
function measurement(okRps: number, peakRssMb = 100, failed = 0): Measurement {
  const ok = okRps * 10;
  return { okRps, rps: okRps, ok, responses: ok + failed, errors: 0, cpuMsPerRequest: 0.05, peakRssMb, statusCounts: {} } as unknown as Measurement;
}

/** A scale-out step; `pacedFor` makes it one process given each of that step's processes' share. */
function step(processes: number, okRps: number, serverCpuMsPerRequest: number, pacedFor?: number): ScaleOutStep {
  const paced = pacedFor ? { pacedFor, pacedRps: okRps } : {};
  return { processes, ...paced, measurement: measurement(okRps), serverCores: [], serverCpuMsPerRequest, proxyCores: 0, speedup: 1 };
}

function results(rows: Row[], steps: ScaleOutStep[] | null = null): RunFigures {
  return {
    startedAt: "",
    machine: { cores: 2, cpuModel: "", totalMemoryMb: 0, node: "", platform: "" },
    options: {} as RunFigures["options"],
    build: {} as RunFigures["build"],
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
    const target = scaleTarget([step(1, 12_000, 0.05), step(2, 10_000, 0.064), step(1, 5_000, 0.06, 2)]);
    expect(target.pass).toBe(true);
    expect(target.measured).toMatch(/^1\.07x .*paced at 5000 req\/s/);
  });

  it("fails when two processes cost more than 10% over the paced process", () => {
    const target = scaleTarget([step(1, 12_000, 0.05), step(2, 10_000, 0.075), step(1, 5_000, 0.06, 2)]);
    expect(target.pass).toBe(false);
    expect(target.measured).toMatch(/^1\.25x/);
  });

  it("with more steps, uses the process paced at the two-process step's share", () => {
    const target = scaleTarget([step(1, 12_000, 0.05), step(2, 10_000, 0.075), step(4, 12_000, 0.09), step(1, 5_000, 0.07, 2), step(1, 3_000, 0.05, 4)]);
    expect(target.measured).toMatch(/^1\.07x .*paced at 5000 req\/s/);
  });

  it("names a failed paced step as such", () => {
    const target = scaleTarget([step(1, 12_000, 0.05), step(2, 10_000, 0.075), { processes: 1, pacedFor: 2, pacedRps: 5_000, error: "proxy died" }]);
    expect(target).toMatchObject({ pass: false, measured: "the step of 1 paced at 5000 req/s process(es) failed", note: "proxy died" });
  });

  it("falls back to one process at full load when no paced step was run", () => {
    const target = scaleTarget([step(1, 12_000, 0.05), step(2, 10_000, 0.054)]);
    expect(target.pass).toBe(true);
    expect(target.measured).toContain("one process flat out at 12000 req/s");
  });

  it("reports a failed step instead of a ratio", () => {
    const target = scaleTarget([step(1, 12_000, 0.05), { processes: 2, error: "server exited\nstack" }]);
    expect(target).toMatchObject({ pass: false, measured: "the step of 2 process(es) failed", note: "server exited" });
  });
});

describe("memory targets", () => {
  const row = (scenario: string, peakRssMb: number, failed = 0): Row => ({ system: "latchkey sqlite", scenario, status: "measured", measurement: measurement(1_000, peakRssMb, failed) });
  const renderTarget = (rows: Row[]) => evaluateTargets(results(rows)).filter((t) => t.target.startsWith("Server RSS < 400 MB"));

  it("holds the mixed workload to 250 MB and, with the render pool warm, to 400 MB", () => {
    const targets = evaluateTargets(results([row("mixed", 240), row("mixed-rendering: mixed", 410)]));
    expect(targets.find((t) => t.target.startsWith("Server RSS < 250 MB"))).toMatchObject({ pass: true, measured: "240 MB peak" });
    expect(targets.find((t) => t.target.startsWith("Server RSS < 400 MB"))).toMatchObject({ pass: false, measured: "410 MB peak" });
  });

  it("fails the render-pool figure when the previews failed, since the pool was then idle", () => {
    const [target] = renderTarget([row("mixed-rendering: mixed", 200), row("mixed-rendering: previews", 264, 500)]);
    expect(target).toMatchObject({ pass: false });
    expect(target!.measured).toContain("of the previews failed");
  });

  it("fails the render-pool target when its scenario threw", () => {
    const targets = renderTarget([{ system: "latchkey sqlite", scenario: "mixed-rendering", status: "failed", note: "template preview answered 500" }]);
    expect(targets).toEqual([{ target: expect.stringContaining("render pool warm"), measured: "failed", pass: false, note: "template preview answered 500" }]);
  });
});
