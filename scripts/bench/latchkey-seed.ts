/** Seeds a fresh Latchkey deployment with what the chosen scenarios need. */
import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import type { BenchDatabase } from "./databases.js";
import type { ServerSecrets } from "./latchkey-server.js";
import type { BenchOptions, ScenarioName } from "./options.js";
import type { SeedContext } from "./requests.js";
import { seedBulkUsers } from "./seed-bulk.js";
import { createBenchProject, createTeams, grantItems, POOL_PASSWORD, signUpPool } from "./seed-api.js";

export interface SeedNeeds {
  pool: boolean;
  teams: boolean;
  bulk: boolean;
  items: boolean;
}

export function seedNeeds(scenarios: readonly ScenarioName[]): SeedNeeds {
  const has = (...names: ScenarioName[]) => names.some((n) => scenarios.includes(n));
  return {
    pool: has("users-me", "refresh", "team-permission", "item-quantity", "sign-in", "storm", "mixed", "mixed-rendering"),
    teams: has("team-permission", "mixed", "mixed-rendering"),
    bulk: has("users-page", "metrics", "mixed", "mixed-rendering"),
    items: has("item-quantity"),
  };
}

export interface Seeded {
  context: SeedContext;
  /** Seconds each seeding step took. */
  seconds: Record<string, number>;
}

export async function seedLatchkey(baseUrl: string, database: BenchDatabase, secrets: ServerSecrets, needs: SeedNeeds, options: BenchOptions): Promise<Seeded> {
  const seconds: Record<string, number> = {};
  const timed = async <T>(step: string, fn: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await fn();
    seconds[step] = (performance.now() - started) / 1000;
    return result;
  };
  const project = await timed("project", () => createBenchProject(baseUrl, secrets.internalKeys));
  const users = needs.pool ? await timed("pool sign-ups", () => signUpPool(baseUrl, project, options.poolUsers)) : [];
  if (needs.teams) await timed("teams", () => createTeams(baseUrl, project, users));
  if (needs.items) await timed("item quantities", () => grantItems(baseUrl, project, users));
  let bulkIds: string[] = [];
  if (needs.bulk) {
    // One real argon2id hash shared by every bulk user: the rows are as large as real ones.
    const passwordHash = await hash(POOL_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    bulkIds = await timed("bulk users (SQL)", () => seedBulkUsers(database, project.projectId, options.bulkUsers, passwordHash));
  }
  return { context: { project, users, bulkIds, runTag: randomBytes(4).toString("hex") }, seconds };
}
