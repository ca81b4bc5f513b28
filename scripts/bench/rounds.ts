/**
 * Several rounds of one scenario, reduced to one: the round whose server CPU per request is the median
 * (the measure: CPU cost per request cancels most of the machine's noise, and the median drops
 * both a round slowed by neighbours and a lucky one). Rounds without a CPU figure are ranked by 2xx
 * req/s instead. A round that failed or had more than 1% errors is never hidden behind a better one: it
 * is the round reported. Rows measured together (the storm's sign-ins and session reads, a users page
 * at 50 connections and at 1) stay together: the round is chosen by its first row and every row of
 * that round is kept.
 */
import type { Row } from "./results.js";
import { errorShare, MAX_ERROR_SHARE } from "./targets.js";

/** The index of the median of `values` (the lower middle one for an even count). */
export function medianIndex(values: number[]): number {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  return order[Math.floor((order.length - 1) / 2)]!.index;
}

export function medianRound(rounds: Row[][]): Row[] {
  if (rounds.length <= 1) return rounds[0] ?? [];
  const faulty = (rows: Row[]) => rows.some((r) => r.status === "failed" || (r.measurement !== undefined && errorShare(r.measurement) > MAX_ERROR_SHARE));
  let chosen = rounds.findIndex(faulty);
  if (chosen < 0) {
    const cpu = rounds.map((rows) => rows[0]?.measurement?.cpuMsPerRequest ?? null);
    // CPU per request: lower is better; req/s (negated, so that the same median applies): higher is.
    chosen = cpu.every((c) => c !== null) ? medianIndex(cpu as number[]) : medianIndex(rounds.map((rows) => -(rows[0]?.measurement?.okRps ?? 0)));
  }
  return rounds[chosen]!.map((row, position) => ({
    ...row,
    roundsOkRps: rounds.map((rows) => rows[position]?.measurement?.okRps ?? Number.NaN),
    roundsCpuMsPerRequest: rounds.map((rows) => rows[position]?.measurement?.cpuMsPerRequest ?? Number.NaN),
    round: chosen + 1,
  }));
}
