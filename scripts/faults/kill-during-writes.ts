/**
 * Fault: `kill -9` of the server during a write load (issue 8, item 6), on SQLite or PostgreSQL.
 *
 *   npx tsx scripts/faults/kill-during-writes.ts --dialect sqlite|postgres [--rounds 3] [--writers 8]
 *
 * Each round: writers create users (POST /users, on a project that gives every new user a personal
 * team, so one sign-up writes several rows in one transaction) and update their metadata; after a
 * random 1–3 s the server gets SIGKILL; a new process starts on the same database (same file, or the
 * same PostgreSQL database). Then, over everything acknowledged so far:
 *   - every acknowledged write is there with its full state (read back through the API);
 *   - nothing is half-written (the database itself: e-mail channel, personal team, membership);
 *   - on SQLite, integrity_check and foreign_key_check are clean.
 * Exits non-zero on any violation. Loopback only; the data directory and database are removed at exit.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { newInternalKeys } from "./support/api.js";
import { withDirectDb } from "./support/direct-db.js";
import { argument, integerArgument, runFaultScript, sleep, type Report } from "./support/harness.js";
import { createDatabase } from "./support/postgres.js";
import { createProject } from "./support/project.js";
import { newServerSecret, serverBundle, startServer, tempDataDir, type Deployment } from "./support/server.js";
import { checkStoredUsers, startLoad, verifyAcknowledged, WriteLedger } from "./support/user-writes.js";

const dialect = argument("dialect");
if (dialect !== "sqlite" && dialect !== "postgres") {
  console.error("usage: tsx scripts/faults/kill-during-writes.ts --dialect sqlite|postgres [--rounds 3] [--writers 8]");
  process.exit(2);
}
const rounds = integerArgument("rounds", 3, 1, 20);
const writers = integerArgument("writers", 8, 1, 64);

await runFaultScript({
  name: `kill-during-writes ${dialect}`,
  timeoutMs: 60_000 + rounds * 45_000,
  async run(scope, report) {
    const dataDir = tempDataDir(scope);
    const deployment: Deployment = {
      bundle: serverBundle(scope),
      databaseUrl: dialect === "sqlite" ? `sqlite:${join(dataDir, "latchkey.db")}` : (await createDatabase(scope)).url,
      dataDir,
      serverSecret: newServerSecret(),
      internal: newInternalKeys(),
    };
    let server = await startServer(scope, deployment, "server #1");
    const project = await createProject(server.url, deployment.internal, "Kill during writes", { create_team_on_sign_up: true });
    const ledger = new WriteLedger(`k${randomBytes(4).toString("hex")}`);
    const lost = new Set<string>();
    const halfWritten = new Set<string>();
    let failedWithoutFault = 0;

    for (let round = 1; round <= rounds; round++) {
      const acknowledgedBefore = ledger.acknowledged;
      const load = startLoad({ baseUrl: server.url, project, ledger, report, writers, maxRequests: 20_000 });
      const killAfterMs = 1_000 + Math.random() * 2_000;
      await sleep(killAfterMs);
      const inFlight = load.inFlight();
      const killedAt = Date.now();
      await server.kill9();
      load.stop();
      await load.done;

      const early = load.failures.filter((f) => f.at < killedAt);
      failedWithoutFault += early.length;
      for (const failure of early) report.violation(`round ${round}, before the kill (no fault yet): ${failure.what}`);
      if (early.length > 0) console.error(`${server.label} wrote (last part):\n${server.output().slice(-4_000)}`);
      report.expect(ledger.acknowledged > acknowledgedBefore, `round ${round}: no write was acknowledged before the kill (the load did not run)`);

      server = await startServer(scope, deployment, `server #${round + 1}`);
      const acks = await verifyAcknowledged(server.url, project, ledger, report, { expectPersonalTeam: true });
      const stored = await checkStoredUsers(deployment.databaseUrl, project.id, ledger, report, { expectPersonalTeam: true });
      for (const id of [...acks.lost, ...stored.missing]) lost.add(id);
      for (const id of stored.halfWritten) halfWritten.add(id);
      if (dialect === "sqlite") await checkSqliteFile(deployment.databaseUrl, report);

      console.log(
        `round ${round}/${rounds}: killed after ${(killAfterMs / 1000).toFixed(2)} s with ${inFlight} requests in flight; ` +
          `${ledger.acknowledged} writes acknowledged so far (${ledger.creates} creates, ${ledger.updates} updates), ` +
          `${acks.lost.length} lost, ${acks.wrong.length} different, ${stored.halfWritten.length} half-written, ` +
          `${stored.unacknowledged} committed without an acknowledgement`,
      );
    }
    await server.stop();
    return (
      `${rounds} rounds, ${ledger.acknowledged} acknowledged writes, ${lost.size} lost, ${halfWritten.size} half-written` +
      (failedWithoutFault > 0 ? `, ${failedWithoutFault} requests failed before any kill` : "")
    );
  },
});

/** The SQLite file after a crash and a restart: no corruption, no dangling references. */
async function checkSqliteFile(databaseUrl: string, report: Report): Promise<void> {
  await withDirectDb(databaseUrl, async (db) => {
    const integrity = await db.query<{ integrity_check: string }>("PRAGMA integrity_check");
    report.expect(integrity.length === 1 && integrity[0]!.integrity_check === "ok", `SQLite integrity_check: ${JSON.stringify(integrity).slice(0, 300)}`);
    const dangling = await db.query("PRAGMA foreign_key_check");
    report.expect(dangling.length === 0, `SQLite foreign_key_check found ${dangling.length} dangling references`);
  });
}
