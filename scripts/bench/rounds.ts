/**
 * Several rounds of one scenario, reduced to one: the best, because other load on the machine (other
 * people's processes, a CPU slowed by its neighbours) only ever lowers a throughput figure, so the
 * best round is the closest to what the code can do, as with the references. A round that failed or
 * had more than 1% errors is never hidden behind a better one: it is the round reported. Rows
 * measured together (the storm's sign-ins and session reads, a users page at 50 connections and at
 * 1) stay together: the round is chosen by its first row and every row of that round is kept.
 */
import type { Row } from "./results.js";
import { errorShare, MAX_ERROR_SHARE } from "./targets.js";

export function bestRound(rounds: Row[][]): Row[] {
  if (rounds.length <= 1) return rounds[0] ?? [];
  const faulty = (rows: Row[]) => rows.some((r) => r.status === "failed" || (r.measurement !== undefined && errorShare(r.measurement) > MAX_ERROR_SHARE));
  const okRpsOf = (rows: Row[]) => rows[0]?.measurement?.okRps ?? -1;
  let chosen = rounds.findIndex(faulty);
  if (chosen < 0) {
    chosen = 0;
    rounds.forEach((rows, i) => {
      if (okRpsOf(rows) > okRpsOf(rounds[chosen]!)) chosen = i;
    });
  }
  return rounds[chosen]!.map((row, position) => ({
    ...row,
    roundsOkRps: rounds.map((rows) => rows[position]?.measurement?.okRps ?? Number.NaN),
    round: chosen + 1,
  }));
}
