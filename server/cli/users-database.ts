/**
 * The server's database and services opened inside the CLI (`users import | export`, `audit verify`),
 * configured by the same environment as `latchkey start`: DATABASE_URL, LATCHKEY_DATA_DIR and the
 * server secret, which must be the running server's (it keys the audit chain and sealed settings), so
 * it is never created here.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, loadConfig, type ServerConfig } from "../config.js";
import type { ProjectRow } from "../db/queries/projects.js";
import { openStore } from "../db/open-store.js";
import { createDeps } from "../create-deps.js";
import type { AppDeps } from "../deps.js";
import { systemClock } from "../services/clock.js";
import { registerBuiltInSinks } from "../services/event-sinks.js";
import { createLogger } from "../services/log.js";
import { loadServerSecret } from "../services/server-secret.js";
import { databaseSetting, startFailure, startStep } from "../start-errors.js";
import { CliError, exitCodes } from "./output.js";

export interface LocalServer extends AsyncDisposable {
  deps: AppDeps;
  config: ServerConfig;
}

export async function openLocalServer(): Promise<LocalServer> {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const { line, exitCode } = startFailure(error);
    throw new CliError(line.replace(/^latchkey: cannot start: /, ""), exitCode);
  }
  if (!config.serverSecret && !existsSync(join(config.dataDir, "server-secret"))) {
    throw new CliError(
      `The server secret was not found: set LATCHKEY_SERVER_SECRET, or LATCHKEY_DATA_DIR to the server's data directory (${config.dataDir} has no server-secret file).`,
      exitCodes.config,
    );
  }
  const store = await startStep(databaseSetting(config), () => openStore({ location: config.database, poolSize: 2 })).catch((error: unknown) => {
    const { line, exitCode } = startFailure(error);
    throw new CliError(line.replace(/^latchkey: cannot start: /, ""), exitCode);
  });
  const serverSecret = loadServerSecret(config.serverSecret, config.dataDir);
  const deps = createDeps({ config, store, clock: systemClock, log: createLogger("error"), serverSecret });
  // What the CLI changes (imported users) records its events as the server would: webhooks, audit log.
  registerBuiltInSinks(deps);
  return { deps, config, [Symbol.asyncDispose]: () => store.close() };
}

export async function projectOrFail(deps: AppDeps, projectId: string): Promise<ProjectRow> {
  const project = await deps.queries.projects.find(projectId);
  if (!project) throw new CliError(`There is no project ${JSON.stringify(projectId)} in this database (${databaseName(deps.config)}).`, exitCodes.refused);
  return project;
}

export function databaseName(config: ServerConfig): string {
  return config.database.dialect === "sqlite" ? `sqlite:${config.database.path}` : databaseSetting(config).value;
}
