/**
 * The issue's acceptance targets, checked against figures of the same run. A run whose responses
 * are more than 1% errors (non-2xx or connection errors) fails its targets: its figures are not
 * those of the operation it was meant to measure.
 */
import type { Measurement } from "./measure.js";
import type { BenchResults, Row, TargetResult } from "./results.js";

export const MAX_ERROR_SHARE = 0.01;

export function errorShare(m: Measurement): number {
  const all = m.responses + m.errors;
  return all === 0 ? 1 : (all - m.ok) / all;
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);

export function evaluateTargets(results: Omit<BenchResults, "targets" | "finishedAt">): TargetResult[] {
  const targets: TargetResult[] = [];
  const hono = results.baselines.honoJson;
  const argon2 = results.baselines.argon2;
  const row = (system: string, scenario: string): Row | undefined => results.rows.find((r) => r.system === system && r.scenario === scenario);
  const baGetSession = row("better-auth", "get-session")?.measurement;

  /** Adds a target on `scenario` of `system`: `check` returns [measured text, pass] from the measurement. */
  const add = (target: string, system: string, scenario: string, check: (m: Measurement) => [string, boolean] | null) => {
    const r = row(system, scenario);
    if (!r) return;
    if (r.status !== "measured" || !r.measurement) {
      targets.push({ target, measured: r.status, pass: r.status === "not implemented" ? null : false, note: r.note });
      return;
    }
    const outcome = check(r.measurement);
    if (!outcome) return targets.push({ target, measured: "reference not measured", pass: null });
    const share = errorShare(r.measurement);
    const [measured, pass] = outcome;
    if (share > MAX_ERROR_SHARE) {
      targets.push({ target, measured, pass: false, note: `${fmt(share * 100, 1)}% of requests failed (${JSON.stringify(r.measurement.statusCounts)}, ${r.measurement.errors} errors)` });
    } else {
      targets.push({ target, measured, pass });
    }
  };

  for (const dialect of ["sqlite", "postgres"]) {
    const system = `latchkey ${dialect}`;
    const on = `(${dialect})`;
    add(`GET /users/me >= 50% of bare Hono JSON req/s ${on}`, system, "users-me", (m) =>
      hono ? [`${fmt((m.okRps / hono.okRps) * 100, 1)}% (${fmt(m.okRps, 0)} / ${fmt(hono.okRps, 0)})`, m.okRps >= 0.5 * hono.okRps] : null,
    );
    add(`GET /users/me p99 < 10 ms at ${results.options.connections} connections ${on}`, system, "users-me", (m) => [`${fmt(m.p99Ms ?? NaN)} ms`, (m.p99Ms ?? Infinity) < 10]);
    add(`GET /users/me >= 25x Better Auth get-session ${on}`, system, "users-me", (m) =>
      baGetSession && baGetSession.okRps > 0 ? [`${fmt(m.okRps / baGetSession.okRps, 1)}x (${fmt(m.okRps, 0)} / ${fmt(baGetSession.okRps, 0)})`, m.okRps >= 25 * baGetSession.okRps] : null,
    );
    add(`Token refresh >= 25% of bare Hono JSON req/s ${on}`, system, "refresh", (m) =>
      hono ? [`${fmt((m.okRps / hono.okRps) * 100, 1)}%`, m.okRps >= 0.25 * hono.okRps] : null,
    );
    for (const scenario of ["sign-in", "sign-up"]) {
      add(`${scenario} >= 90% of the argon2id rate ${on}`, system, scenario, (m) =>
        argon2
          ? [
              `${fmt((m.okRps / argon2.perSecond) * 100, 1)}% (${fmt(m.okRps, 1)} / ${fmt(argon2.perSecond, 1)} hashes/s; ` +
                `CPU per request ${fmt(m.cpuMsPerRequest ?? NaN, 1)} ms vs ${fmt(1000 / argon2.perCoreSecond, 1)} ms per hash)`,
              m.okRps >= 0.9 * argon2.perSecond,
            ]
          : null,
      );
    }
    add(`GET /users/me p99 < 20 ms during a sign-in storm ${on}`, system, "storm: users-me", (m) => [`${fmt(m.p99Ms ?? NaN)} ms`, (m.p99Ms ?? Infinity) < 20]);
    const single = row(system, "users-page (1 conn)")?.measurement;
    add(`GET /users page (limit 100) p99 < 20 ms at ${results.options.connections} connections ${on}`, system, "users-page", (m) => [
      `${fmt(m.p99Ms ?? NaN)} ms${single ? ` (${fmt(single.p99Ms ?? NaN)} ms at 1 connection)` : ""}`,
      (m.p99Ms ?? Infinity) < 20,
    ]);
    add(`Server RSS < 250 MB under the mixed workload ${on}`, system, "mixed", (m) => [`${fmt(m.peakRssMb, 0)} MB peak`, m.peakRssMb < 250]);
  }

  const scale = results.scaleOut;
  if (scale) {
    const one = scale.steps.find((s) => s.processes === 1);
    const two = scale.steps.find((s) => s.processes === 2);
    const failedStep = [one, two].find((s) => s?.error);
    if (failedStep?.error) {
      targets.push({ target: "Two processes on one Postgres >= 1.7x one process on /users/me", measured: `the ${failedStep.processes}-process step failed`, pass: false, note: failedStep.error.split("\n")[0] });
    } else if (one?.measurement && two?.measurement) {
      const ratio = two.measurement.okRps / one.measurement.okRps;
      const failed = [one, two].map((s) => errorShare(s.measurement)).some((share) => share > MAX_ERROR_SHARE);
      targets.push({
        target: "Two processes on one Postgres >= 1.7x one process on /users/me",
        measured: `${fmt(ratio)}x (${fmt(two.measurement.okRps, 0)} / ${fmt(one.measurement.okRps, 0)} req/s, ${scale.cores} cores)`,
        pass: !failed && ratio >= 1.7,
        ...(failed ? { note: "more than 1% of requests failed" } : {}),
      });
    }
  }
  if (results.emailRender) targets.push(...results.emailRender.targets);
  return targets;
}
