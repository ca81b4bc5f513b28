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
import { bestRound } from "./rounds.js";

export interface SuiteResult {
  rows: Row[];
  seedSeconds: Record<string, number>;
}

export async function runLatchkeySuite(dialect: BenchDialect, options: BenchOptions, secrets: ServerSecrets, log: (line: string) => void): Promise<SuiteResult> {
  const system = `latchkey ${dialect}`;
  const database = await createBenchDatabase(dialect, options.pgAdminUrl);
  try {
    const [server] = await startLatchkey(database, secrets, 1, undefined, options.cpuProfileDir);
    try {
      log(`${system}: seeding`);
      const seeded = await seedLatchkey(server!.url, database, secrets, seedNeeds(options.scenarios), options);
      log(`${system}: seeded in ${Object.entries(seeded.seconds).map(([k, s]) => `${k} ${s.toFixed(1)}s`).join(", ")}`);
      const names = scenarioNames.filter((n) => options.scenarios.includes(n));
      const roundsOf = new Map<string, Row[][]>(names.map((name) => [name, []]));
      rounds: for (let round = 1; round <= options.rounds; round++) {
        // Each round signs up addresses of its own.
        const context = { ...seeded.context, runTag: `${seeded.context.runTag}-${round}` };
        const target = { system, url: server!.url, pids: [server!.child.pid], context };
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
      return { rows: names.flatMap((name) => bestRound(roundsOf.get(name)!)), seedSeconds: seeded.seconds };
    } finally {
      await server!.child.stop();
    }
  } finally {
    await database.dispose();
  }
}
