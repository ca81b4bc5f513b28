/** `latchkey start` and `latchkey migrate`: the server on this machine, configured by the environment. */
import type { Command } from "commander";
import { describeConfig, formatConfig } from "../../config-report.js";
import { ConfigError, loadConfig, type ServerConfig } from "../../config.js";
import { openStore } from "../../db/open-store.js";
import { databaseSetting, startFailure, startStep } from "../../start-errors.js";
import { CliError, type Output } from "../output.js";

type OutputOf = (command: Command) => Output;

/** The settings, or the one-line reason they are wrong. */
function configOrFail(): ServerConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const { line, exitCode } = startFailure(error);
    throw new CliError(line.replace(/^latchkey: /, ""), exitCode);
  }
}

export function registerServerCommands(program: Command, outputOf: OutputOf): void {
  program
    .command("start")
    .description("start the server (settings come from the environment; see docs/CONFIGURATION.md)")
    .option("--print-config", "print the effective settings, without secrets, and exit")
    .action(async (options: { printConfig?: boolean }, command: Command) => {
      const output = outputOf(command);
      const config = configOrFail();
      if (options.printConfig) {
        const lines = describeConfig(config);
        output.result(Object.fromEntries(lines.map((l) => [l.variable, l.value])), () => formatConfig(lines));
        return;
      }
      // The server's own entry point, built beside this file: it reads the same environment, and
      // reports its own start-up failures.
      await import(new URL("../main.js", import.meta.url).href);
    });

  program
    .command("migrate")
    .description("bring the database's schema up to date (the server also does this at every start)")
    .action(async (_: unknown, command: Command) => {
      const output = outputOf(command);
      const config = configOrFail();
      const database = databaseSetting(config);
      try {
        const store = await startStep(database, () => openStore({ location: config.database, poolSize: 1 }));
        await store.close();
      } catch (error) {
        const { line, exitCode } = startFailure(error);
        throw new CliError(line.replace(/^latchkey: cannot start/, "cannot migrate"), exitCode);
      }
      const where = config.database.dialect === "sqlite" ? `sqlite:${config.database.path}` : database.value;
      output.result({ database: where, dialect: config.database.dialect, upToDate: true }, () => `The database is up to date (${where}).`);
    });
}
