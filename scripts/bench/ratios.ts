/**
 * Ratios to the references of the same run, so figures compare across machines: password work
 * against the argon2id rate, everything else against the bare Hono JSON endpoint, and Latchkey's
 * session read and sign-in against Better Auth's.
 */
import type { Argon2Rate, Row } from "./results.js";
import type { Measurement } from "./measure.js";

const passwordScenarios = new Set(["sign-in", "sign-up", "storm: sign-in"]);
const peerScenario: Record<string, string> = { "users-me": "get-session", "sign-in": "sign-in" };

export function addRatios(rows: Row[], hono: Measurement | null, argon2: Argon2Rate | null): void {
  for (const row of rows) {
    const m = row.measurement;
    if (!m || row.system === "baseline") continue;
    row.ratios = {};
    if (passwordScenarios.has(row.scenario)) {
      if (argon2) {
        row.ratios.vsArgon2 = m.okRps / argon2.perSecond;
        if (m.cpuMsPerRequest !== null && !m.cpuShared) row.ratios.cpuPerRequestVsArgon2Hash = m.cpuMsPerRequest / (1000 / argon2.perCoreSecond);
      }
    } else if (hono) {
      row.ratios.vsHonoJson = m.okRps / hono.okRps;
      if (m.cpuMsPerRequest !== null && !m.cpuShared && hono.cpuMsPerRequest) row.ratios.cpuPerRequestVsHonoJson = m.cpuMsPerRequest / hono.cpuMsPerRequest;
    }
    const peer = row.system.startsWith("latchkey") ? peerScenario[row.scenario] : undefined;
    const peerRow = peer ? rows.find((r) => r.system === "better-auth" && r.scenario === peer) : undefined;
    if (peerRow?.measurement && peerRow.measurement.okRps > 0) row.ratios.vsBetterAuth = m.okRps / peerRow.measurement.okRps;
  }
}
