/** The shape of one bench run's results (what bench/results/<time>.json holds). */
import type { EmailRenderResult } from "./email-render.js";
import type { Measurement } from "./measure.js";
import type { BenchOptions } from "./options.js";

export interface BuildInfo {
  commit: string;
  /** Modified or new files under server/ and contract/ when the bench built dist/. */
  uncommittedServerFiles: number;
  distSha256: string;
}

export interface Argon2Rate {
  hashes: number;
  concurrency: number;
  wallSeconds: number;
  cpuSeconds: number;
  /** Hashes per wall-clock second over all lanes: what sign-in and sign-up are compared with. */
  perSecond: number;
  perCoreSecond: number;
  /** Cores other processes kept busy meanwhile (approximate: includes the child's start-up). */
  otherCores: number;
  quietWaitedSeconds: number;
}

export type RowStatus = "measured" | "not implemented" | "failed";

/** One line of the table: a scenario measured against one system. */
export interface Row {
  /** "baseline", "latchkey sqlite", "latchkey postgres", "better-auth" */
  system: string;
  scenario: string;
  status: RowStatus;
  note?: string;
  measurement?: Measurement;
  /** With --rounds: 2xx req/s of every round in order (`measurement` is the median round's). */
  roundsOkRps?: number[];
  /** With --rounds: server CPU ms per request of every round in order. */
  roundsCpuMsPerRequest?: number[];
  /** With --rounds: which round the row comes from (1-based): the median, or one that failed. */
  round?: number;
  /** Measured 2xx req/s divided by a reference figure of the same run. */
  ratios?: {
    vsHonoJson?: number;
    vsArgon2?: number;
    vsBetterAuth?: number;
    /** Server CPU per request over the bare Hono endpoint's: the ratio least moved by other load on the machine. */
    cpuPerRequestVsHonoJson?: number;
    /** Server CPU per password request over the CPU of one argon2id hash (1 / hashes per core-second). */
    cpuPerRequestVsArgon2Hash?: number;
  };
}

export type ScaleOutStep =
  | {
      processes: number;
      /** Set on a step whose load was paced at this many requests a second instead of run flat out. */
      pacedRps?: number;
      /** On a paced step: the process count of the step whose per-process share it was given. */
      pacedFor?: number;
      measurement: Measurement;
      /** CPU seconds per wall second of each server process and of the proxy. */
      serverCores: number[];
      /** CPU milliseconds of the server processes together (the proxy not counted) per completed response. */
      serverCpuMsPerRequest: number;
      proxyCores: number;
      /** 2xx req/s relative to the first flat-out step that was measured (1 on paced steps). */
      speedup: number;
      error?: undefined;
    }
  | { processes: number; pacedRps?: number; pacedFor?: number; error: string; measurement?: undefined };

/** "2", or "1 paced at 4866 req/s" for a paced step. */
export function stepName(step: ScaleOutStep): string {
  return step.pacedRps === undefined ? String(step.processes) : `${step.processes} paced at ${step.pacedRps.toFixed(0)} req/s`;
}

export interface ScaleOutResult {
  /** os.availableParallelism() */
  cores: number;
  dialect: "postgres";
  scenario: "users-me";
  steps: ScaleOutStep[];
  note: string;
}

export interface TargetResult {
  target: string;
  measured: string;
  /** null: not measured in this run. */
  pass: boolean | null;
  note?: string;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  machine: { cores: number; cpuModel: string; totalMemoryMb: number; node: string; platform: string };
  options: BenchOptions;
  /** What was measured: the server code changes under us, so the run names its build. */
  build: BuildInfo;
  settings: Record<string, unknown>;
  /** The references the ratios use (the best of their runs: at the start, at the end, and with --rounds after each dialect), and every run. */
  baselines: { honoJson: Measurement | null; argon2: Argon2Rate | null; honoJsonRuns: Measurement[]; argon2Runs: Argon2Rate[] };
  rows: Row[];
  scaleOut: ScaleOutResult | null;
  /** The e-mail render scenario (null when not run); its targets are among `targets`. */
  emailRender: EmailRenderResult | null;
  targets: TargetResult[];
  errors: string[];
}
