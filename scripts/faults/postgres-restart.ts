/**
 * Fault: the PostgreSQL cluster restarts under a write and read load (issue 8, item 6).
 *
 *   npx tsx scripts/faults/postgres-restart.ts [--force]
 *
 * !!! This RESTARTS THE MACHINE'S SHARED POSTGRESQL CLUSTER. Every other connection to it breaks, so
 * !!! it must run only when nothing else uses PostgreSQL: in .ci/run AFTER `npm test`, last of the
 * !!! fault scripts (run-all.ts runs it last). Never call it from vitest or next to a running suite.
 * Before restarting it waits up to 30 s for other client sessions to go away, and fails (without
 * restarting) if some remain; --force restarts regardless.
 *
 * One server process on a fresh database, writers and readers running; the cluster restarts with
 * `pg_ctlcluster --skip-systemctl-redirect <version> main restart` (fast shutdown: every session
 * is terminated). Requests may fail while it restarts; after it:
 *   - the SAME server process answers writes and reads again within 20 s, without a restart;
 *   - from then on no request fails;
 *   - every write acknowledged before, during or after the restart is there with its full state, and
 *     nothing is half-written.
 * When the restart cannot be done (no pg_ctlcluster, not root, no cluster), it fails with the reason;
 * it never passes without having restarted the cluster. It starts the cluster again if it finds it
 * down at exit.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { promisify } from "node:util";
import { newInternalKeys } from "./support/api.js";
import { messageOf, runFaultScript, sleep } from "./support/harness.js";
import { createDatabase, withAdminClient } from "./support/postgres.js";
import { createProject } from "./support/project.js";
import { newServerSecret, serverBundle, startServer, tempDataDir, type Deployment } from "./support/server.js";
import { checkStoredUsers, startLoad, verifyAcknowledged, WriteLedger, type Load } from "./support/user-writes.js";

const run = promisify(execFile);
const force = process.argv.includes("--force");
const QUIET_WAIT_MS = 30_000;
const RECOVERY_LIMIT_MS = 20_000;

await runFaultScript({
  name: "postgres-restart",
  timeoutMs: 240_000,
  async run(scope, report) {
    const cluster = findCluster();
    const dataDir = tempDataDir(scope);
    const database = await createDatabase(scope);
    const deployment: Deployment = {
      bundle: serverBundle(scope),
      databaseUrl: database.url,
      dataDir,
      serverSecret: newServerSecret(),
      internal: newInternalKeys(),
    };
    const server = await startServer(scope, deployment, "server");
    const project = await createProject(server.url, deployment.internal, "Postgres restart", { create_team_on_sign_up: true });
    const ledger = new WriteLedger(`r${randomBytes(4).toString("hex")}`);
    await waitUntilAlone(database.name);
    const startTimeBefore = await postmasterStartTime();
    // Whatever happens from here on, leave the machine with its cluster running.
    scope.defer("make sure PostgreSQL is running", () => ensureRunning(cluster));

    const load = startLoad({ baseUrl: server.url, project, ledger, report, writers: 6, readers: 2, maxRequests: 200_000, failurePauseMs: 50 });
    await sleep(2_500);
    const restartStartedAt = Date.now();
    const acknowledgedBefore = ledger.acknowledged;
    let restartEndedAt: number;
    try {
      await run("pg_ctlcluster", ["--skip-systemctl-redirect", cluster.version, cluster.name, "restart"], { timeout: 90_000 });
      restartEndedAt = Date.now();
    } catch (error) {
      load.stop();
      await load.done;
      throw new Error(`could not restart the cluster ${cluster.version}/${cluster.name}: ${restartFailure(error)}`);
    }
    const recoveredAt = await waitForRecovery(load, restartEndedAt, server.alive);
    if (recoveredAt !== null) await sleep(3_000);
    else if (server.alive()) report.violation(`the server did not answer a write and a read within ${RECOVERY_LIMIT_MS / 1000} s after the cluster was back`);
    load.stop();
    await load.done;

    const startTimeAfter = await postmasterStartTime();
    if (startTimeAfter === startTimeBefore) throw new Error("the cluster's start time did not change: it was not restarted, nothing was tested");
    report.expect(server.alive(), `the server process died (${server.exit()}) instead of riding out the restart:\n${server.output().slice(-2_500)}`);
    let failedOutsideRestart = 0;
    for (const failure of load.failures) {
      const outside = failure.at < restartStartedAt ? "before the restart" : recoveredAt !== null && failure.sentAt > recoveredAt ? "sent after the server had recovered" : null;
      if (!outside) continue;
      failedOutsideRestart++;
      report.violation(`${outside}: ${failure.what}`);
    }
    const failedDuringRestart = load.failures.filter((f) => f.at >= restartStartedAt && (recoveredAt === null || f.sentAt <= recoveredAt)).length;
    report.expect(acknowledgedBefore > 0, "no write was acknowledged before the restart (the load did not run)");
    report.expect(ledger.acknowledged > acknowledgedBefore, "no write was acknowledged after the restart");

    // Lost writes are counted even when the server died: then a fresh process reads them back.
    const reader = server.alive() ? server : await startServer(scope, deployment, "verification server");
    const acks = await verifyAcknowledged(reader.url, project, ledger, report, { expectPersonalTeam: true });
    const stored = await checkStoredUsers(deployment.databaseUrl, project.id, ledger, report, { expectPersonalTeam: true });
    const lost = new Set([...acks.lost, ...stored.missing]).size;
    await reader.stop();
    await server.stop();

    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `cluster ${cluster.version}/${cluster.name} restarted in ${seconds(restartEndedAt - restartStartedAt)}; ` +
        `${failedDuringRestart} requests failed meanwhile; the same server process (pid ${server.pid}) recovered ` +
        `${recoveredAt === null ? "NEVER" : `${seconds(Math.max(0, recoveredAt - restartEndedAt))} after`}; ` +
        `${acknowledgedBefore} writes acknowledged before the restart, ${ledger.acknowledged - acknowledgedBefore} during and after; ` +
        `${stored.unacknowledged} committed without an acknowledgement`,
    );
    return (
      `cluster restarted in ${seconds(restartEndedAt - restartStartedAt)}, ` +
      `${recoveredAt !== null ? `server recovered in ${seconds(Math.max(0, recoveredAt - restartEndedAt))}` : server.exit() ? `server process DIED (${server.exit()})` : "server never recovered"}` +
      `, ${ledger.acknowledged} acknowledged writes, ${lost} lost, ${stored.halfWritten.length} half-written` +
      (failedOutsideRestart > 0 ? `, ${failedOutsideRestart} requests failed outside the restart` : "")
    );
  },
});

interface Cluster {
  version: string;
  name: string;
}

/** The one cluster `pg_ctlcluster` manages here; throws with the reason when there is none or several. */
function findCluster(): Cluster {
  const root = "/etc/postgresql";
  if (!existsSync(root)) throw new Error(`cannot restart PostgreSQL: ${root} does not exist (not a Debian-style cluster install)`);
  const versions = readdirSync(root).filter((v) => existsSync(`${root}/${v}/main/postgresql.conf`));
  if (versions.length !== 1) throw new Error(`cannot restart PostgreSQL: expected one cluster "main" under ${root}, found ${versions.length}`);
  if (typeof process.getuid === "function" && process.getuid() !== 0) {
    throw new Error(`cannot restart PostgreSQL: pg_ctlcluster needs root (this process runs as uid ${process.getuid()})`);
  }
  return { version: versions[0]!, name: "main" };
}

function restartFailure(error: unknown): string {
  const e = error as { code?: unknown; stderr?: unknown };
  if (e.code === "ENOENT") return "pg_ctlcluster is not installed (or not on PATH)";
  const stderr = typeof e.stderr === "string" ? e.stderr.trim() : "";
  return stderr || messageOf(error);
}

/** Waits until no client session other than ours uses the cluster; throws if some stay (unless --force). */
async function waitUntilAlone(ourDatabase: string): Promise<void> {
  const deadline = Date.now() + QUIET_WAIT_MS;
  for (;;) {
    const others = await withAdminClient(async (c) => {
      const result = await c.query<{ datname: string | null; application_name: string; sessions: string }>(
        `SELECT datname, application_name, count(*) AS sessions FROM pg_stat_activity
         WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND datname IS DISTINCT FROM $1
         GROUP BY datname, application_name`,
        [ourDatabase],
      );
      return result.rows;
    });
    if (others.length === 0) return;
    const list = others.map((o) => `${o.sessions} on ${o.datname ?? "?"}${o.application_name ? ` (${o.application_name})` : ""}`).join(", ");
    if (force) {
      console.error(`--force: restarting although other sessions use the cluster: ${list}`);
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`refusing to restart the shared PostgreSQL cluster while others use it (${list}); run this after npm test, or pass --force`);
    }
    await sleep(1_000);
  }
}

async function postmasterStartTime(): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withAdminClient(async (c) => String((await c.query<{ t: Date }>("SELECT pg_postmaster_start_time() AS t")).rows[0]!.t.toISOString()));
    } catch (error) {
      if (attempt >= 30) throw error;
      await sleep(1_000);
    }
  }
}

/** When, after `since`, the server first answered both a write and a read; null if not within the limit. */
async function waitForRecovery(load: Load, since: number, alive: () => boolean): Promise<number | null> {
  const deadline = since + RECOVERY_LIMIT_MS;
  for (;;) {
    const write = load.successes.find((s) => s.at > since && s.kind === "write");
    const read = load.successes.find((s) => s.at > since && s.kind === "read");
    if (write && read) return Math.max(write.at, read.at);
    if (Date.now() > deadline || !alive()) return null;
    await sleep(50);
  }
}

async function ensureRunning(cluster: Cluster): Promise<void> {
  const up = await withAdminClient(async (c) => c.query("SELECT 1")).then(() => true, () => false);
  if (up) return;
  console.error("PostgreSQL is not answering after the run: starting the cluster");
  await run("pg_ctlcluster", ["--skip-systemctl-redirect", cluster.version, cluster.name, "start"], { timeout: 60_000 });
}
