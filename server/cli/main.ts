#!/usr/bin/env node
/**
 * `latchkey`, the command line: the server on this machine (`start`, `migrate`) and, after `login`, the
 * projects and keys of a Latchkey server anywhere. Results go to stdout (tables, or JSON with --json),
 * messages to stderr; exit codes are sysexits.h's (output.ts).
 */
import { Command, CommanderError } from "commander";
import { registerAuditCommands } from "./audit-commands.js";
import { registerKeyCommands } from "./commands/keys.js";
import { registerLoginCommands } from "./commands/login.js";
import { registerProjectCommands } from "./commands/projects.js";
import { registerServerCommands } from "./commands/server.js";
import { registerSecretCommands } from "./secret-commands.js";
import { registerMailCommands } from "./mail-commands.js";
import { CliError, createOutput, exitCodes } from "./output.js";
import { registerUserCommands } from "./users-commands.js";

const program = new Command("latchkey")
  .description("Latchkey: a self-hostable authentication server, wire-compatible with Stack Auth's API v1")
  .version("0.1.0")
  .option("--json", "print results as JSON (for scripts)")
  .showHelpAfterError("(run with --help for usage)")
  .exitOverride();

const outputOf = (command: Command) => createOutput(Boolean(command.optsWithGlobals<{ json?: boolean }>().json));
registerServerCommands(program, outputOf);
registerLoginCommands(program, outputOf);
registerProjectCommands(program, outputOf);
registerKeyCommands(program, outputOf);
registerUserCommands(program, outputOf);
registerAuditCommands(program, outputOf);
registerSecretCommands(program, outputOf);
registerMailCommands(program, outputOf);

try {
  await program.parseAsync();
} catch (error) {
  process.exitCode = exitCodeOf(error);
}

function exitCodeOf(error: unknown): number {
  if (error instanceof CommanderError) {
    // Help and --version end with code 0; commander has already printed its message otherwise.
    return error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
  }
  if (error instanceof CliError) {
    process.stderr.write(`latchkey: ${error.message}\n`);
    return error.exitCode;
  }
  process.stderr.write(`latchkey: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return exitCodes.failure;
}
