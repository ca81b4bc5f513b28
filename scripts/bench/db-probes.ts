/**
 * What a measured window costs the database, beside the server's own CPU: PostgreSQL's CPU time (its
 * backends serving the measured database, from /proc, since it runs on this machine) and the round
 * trips the servers sent (their `latchkey_db_round_trips_total`, read from /metrics before and after).
 */
import pg from "pg";
import { cpuSeconds } from "./proc-stats.js";

export interface DbProbes {
  /** The measured database on PostgreSQL: an admin URL to read pg_stat_activity with, and its name. */
  postgres?: { adminUrl: string; database: string };
  /** The servers' /metrics (served on their public port behind this bearer token). */
  metrics?: { urls: string[]; token: string };
}

export interface DbWindow {
  /** CPU seconds of PostgreSQL's backends for the database (null: not on PostgreSQL). */
  postgresCpuSeconds: number | null;
  /** Statements the servers sent (null: not on PostgreSQL, or /metrics unreadable). */
  roundTrips: number | null;
}

/** Opens a window over the probes; call the returned function to close it. */
export async function openDbWindow(probes: DbProbes | undefined): Promise<() => Promise<DbWindow>> {
  if (!probes?.postgres) return () => Promise.resolve({ postgresCpuSeconds: null, roundTrips: null });
  const { adminUrl, database } = probes.postgres;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const backends = async () =>
    (await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [database])).rows.map((r) => r.pid);
  const startPids = await backends();
  const startCpu = new Map(startPids.map((pid) => [pid, cpuSeconds(pid)]));
  const startTrips = await roundTrips(probes.metrics);
  return async () => {
    try {
      const endTrips = await roundTrips(probes.metrics);
      let seconds = 0;
      for (const pid of await backends()) {
        const now = cpuSeconds(pid);
        // A backend that connected during the window spent all of its CPU in it.
        if (Number.isFinite(now)) seconds += now - (startCpu.get(pid) ?? 0);
      }
      return { postgresCpuSeconds: seconds, roundTrips: startTrips !== null && endTrips !== null ? endTrips - startTrips : null };
    } finally {
      await client.end();
    }
  };
}

async function roundTrips(metrics: DbProbes["metrics"]): Promise<number | null> {
  if (!metrics) return null;
  let total = 0;
  for (const url of metrics.urls) {
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metrics.token}` } });
    if (!res.ok) return null;
    const line = /^latchkey_db_round_trips_total (\d+(?:\.\d+)?(?:e\+?\d+)?)$/m.exec(await res.text());
    if (!line) return null;
    total += Number(line[1]);
  }
  return total;
}
