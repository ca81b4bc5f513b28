/**
 * `latchkey secret rotate`, on the server's database (run where its settings are): re-seals every sealed
 * value with LATCHKEY_SERVER_SECRET, opening them with it or with LATCHKEY_SERVER_SECRET_PREVIOUS
 * (services/secret-rotation.ts). DEPLOYMENT.md gives the whole procedure; exit code 1 when some value
 * opened with neither secret.
 */
import type { Command } from "commander";
import { resealAll } from "../services/secret-rotation.js";
import { CliError, exitCodes, table, type Output } from "./output.js";
import { openLocalServer } from "./users-database.js";

type OutputOf = (command: Command) => Output;

export function registerSecretCommands(program: Command, outputOf: OutputOf): void {
  const secret = program.command("secret").description("the server secret (run where the server's database and settings are)");

  secret
    .command("rotate")
    .description("seal every sealed value again with LATCHKEY_SERVER_SECRET (the new secret), opening them with it or LATCHKEY_SERVER_SECRET_PREVIOUS (the old one)")
    .action(async (_: unknown, command: Command) => {
      const output = outputOf(command);
      await using local = await openLocalServer();
      if (!local.config.serverSecret || !local.config.serverSecretPrevious) {
        throw new CliError(
          "set LATCHKEY_SERVER_SECRET to the new secret and LATCHKEY_SERVER_SECRET_PREVIOUS to the old one (see DEPLOYMENT.md, \"Rotating the server secret\").",
          exitCodes.usage,
        );
      }
      const report = await resealAll(local.deps);
      const rows = Object.entries(report).map(([kind, counts]) => ({ kind, ...counts }));
      const unreadable = rows.reduce((sum, row) => sum + row.unreadable, 0);
      output.result({ resealed: report, unreadable }, () =>
        [
          table(rows, [
            ["SEALED VALUES", (r) => r.kind],
            ["RESEALED", (r) => String(r.resealed)],
            ["OPENED WITH NEITHER SECRET", (r) => String(r.unreadable)],
          ]),
          unreadable === 0
            ? "Every sealed value is now sealed with the new secret: restart the processes with LATCHKEY_SERVER_SECRET alone."
            : `${unreadable} sealed values open with neither secret and were left as they are: keep LATCHKEY_SERVER_SECRET_PREVIOUS until they are dealt with.`,
        ].join("\n"),
      );
      if (unreadable > 0) process.exitCode = exitCodes.failure;
    });
}
