/**
 * Latchkey on one dialect: a fresh database, one server process, seeding, then every chosen scenario
 * in a fixed order (sign-ups late, so the users page sees exactly the seeded users). A scenario
 * that throws becomes a failed row; the others still run.
 */
import { assertAlive } from "./children.js";
import { createBenchDatabase } from "./databases.js";
import { runScenario } from "./latchkey-scenarios.js";
import { seedLatchkey, seedNeeds } from "./latchkey-seed.js";
import { startLatchkey, type ServerSecrets } from "./latchkey-server.js";
import { scenarioNames, type BenchDialect, type BenchOptions } from "./options.js";
import type { Row } from "./results.js";

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
      const target = { system, url: server!.url, pids: [server!.child.pid], context: seeded.context };
      const rows: Row[] = [];
      for (const name of scenarioNames.filter((n) => options.scenarios.includes(n))) {
        log(`${system}: ${name}`);
        try {
          const measured = await runScenario(name, target, options);
          assertAlive(server!.child, name);
          rows.push(...measured);
        } catch (error) {
          rows.push({ system, scenario: name, status: "failed", note: (error as Error).message });
          if (!server!.child.alive()) break;
        }
      }
      return { rows, seedSeconds: seeded.seconds };
    } finally {
      await server!.child.stop();
    }
  } finally {
    await database.dispose();
  }
}
