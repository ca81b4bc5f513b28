/**
 * Latchkey on one dialect: a fresh database, one server process, seeding, then every chosen scenario
 * in a fixed order (sign-ups late, so the users page sees the seeded users and, from the second
 * round on, the few thousand signed up by earlier rounds), once per round. A scenario that throws
 * becomes a failed row; the others still run.
 */
import { assertAlive } from "./children.js";
import { createBenchDatabase } from "./databases.js";
import { runScenario } from "./latchkey-scenarios.js";
import { seedLatchkey, seedNeeds } from "./latchkey-seed.js";
import { startLatchkey, type ServerSecrets } from "./latchkey-server.js";
import { scenarioNames, type BenchDialect, type BenchOptions } from "./options.js";
import type { Row } from "./results.js";
import { medianRound } from "./rounds.js";
import type { DbProbes } from "./db-probes.js";
import type { BenchDatabase } from "./databases.js";

export interface SuiteResult {
  rows: Row[];
  seedSeconds: Record<string, number>;
}

export async function runLatchkeySuite(
  dialect: BenchDialect,
  options: BenchOptions,
  secrets: ServerSecrets,
  log: (line: string) => void,
  build: { entry: string; label: string } = { entry: "dist/server/main.js", label: "latchkey" },
): Promise<SuiteResult> {
  const system = `${build.label} ${dialect}`;
  const database = await createBenchDatabase(dialect, options.pgAdminUrl);
  try {
    const [server] = await startLatchkey(database, secrets, 1, undefined, options.cpuProfileDir, build.entry);
    try {
      log(`${system}: seeding`);
      const seeded = await seedLatchkey(server!.url, database, secrets, seedNeeds(options.scenarios), options).catch((error: Error) => {
        throw new Error(`${error.message}${serverErrorLines(server!.child.output())}`);
      });
      log(`${system}: seeded in ${Object.entries(seeded.seconds).map(([k, s]) => `${k} ${s.toFixed(1)}s`).join(", ")}`);
      const names = scenarioNames.filter((n) => options.scenarios.includes(n));
      const roundsOf = new Map<string, Row[][]>(names.map((name) => [name, []]));
      rounds: for (let round = 1; round <= options.rounds; round++) {
        // Each round signs up addresses of its own.
        const context = { ...seeded.context, runTag: `${seeded.context.runTag}-${round}` };
        const target = { system, url: server!.url, pids: [server!.child.pid], context, probes: dbProbes(database, options, secrets, [server!.url]) };
        for (const name of names) {
          log(`${system}: ${name}${options.rounds > 1 ? ` (round ${round} of ${options.rounds})` : ""}`);
          try {
            const measured = await runScenario(name, target, options);
            assertAlive(server!.child, name);
            roundsOf.get(name)!.push(measured);
          } catch (error) {
            roundsOf.get(name)!.push([{ system, scenario: name, status: "failed", note: (error as Error).message }]);
            if (!server!.child.alive()) break rounds;
          }
        }
      }
      return { rows: names.flatMap((name) => medianRound(roundsOf.get(name)!)), seedSeconds: seeded.seconds };
    } finally {
      await server!.child.stop();
    }
  } finally {
    await database.dispose();
  }
}

/** On PostgreSQL: its backends' CPU for the database, and the round trips the servers report. */
export function dbProbes(database: BenchDatabase, options: BenchOptions, secrets: ServerSecrets, serverUrls: string[]): DbProbes | undefined {
  if (!database.pgName) return undefined;
  return { postgres: { adminUrl: options.pgAdminUrl, database: database.pgName }, metrics: { urls: serverUrls, token: secrets.metricsToken } };
}

/** The server's logged errors (a failed seeding request names only its request id), for the failure's message. */
function serverErrorLines(output: string): string {
  const lines = output.split("\n").filter((line) => line.includes('"level":"error"') || line.includes('"level":"fatal"'));
  return lines.length === 0 ? "" : `\nthe server logged:\n${lines.slice(-10).join("\n")}`;
}
