/**
 * Start-up failures, told in one line that names the setting at fault and what is wrong with it, and
 * the exit codes they end the process with (sysexits.h, which supervisors know: a systemd unit can
 * stop restarting on 78 with `RestartPreventExitStatus=78`).
 */
import { ConfigError, withoutPassword, type ServerConfig } from "./config.js";

export const exitCodes = {
  /** A setting is wrong: restarting will not help. */
  config: 78,
  /** Something the server needs (the database) did not answer: a restart later may work. */
  unavailable: 69,
  /** Anything else. */
  failure: 1,
} as const;

/** Errors of opening a database or listening that say nothing is wrong with the setting itself. */
const unavailableCodes = new Set(["ECONNREFUSED", "ETIMEDOUT", "EAI_AGAIN", "ECONNRESET", "EHOSTUNREACH", "ENETUNREACH", "57P03"]);

export class StartError extends Error {
  override readonly name = "StartError";
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** The setting the database comes from: DATABASE_URL, or the data directory when it is unset. */
export function databaseSetting(config: ServerConfig): { variable: string; value: string } {
  const location = config.database;
  if (location.dialect === "postgres") return { variable: "DATABASE_URL", value: withoutPassword(location.url) };
  if (location.path === `${config.dataDir}/latchkey.db`) return { variable: "LATCHKEY_DATA_DIR", value: config.dataDir };
  return { variable: "DATABASE_URL", value: `sqlite:${location.path}` };
}

/** Runs a start-up step; what it throws becomes a StartError naming `setting`. */
export async function startStep<T>(setting: { variable: string; value: string }, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof StartError) throw error;
    const code = errorCode(error);
    const line = `${setting.variable}=${setting.value}: ${describeStartError(error)}`;
    throw new StartError(line, code !== undefined && unavailableCodes.has(code) ? exitCodes.unavailable : exitCodes.config);
  }
}

/** Why listening on an address failed, in words. */
export function listenError(error: unknown, setting: { port: string; host: string; portVariable: string; hostVariable: string }): StartError {
  switch (errorCode(error)) {
    case "EADDRINUSE":
      return new StartError(`${setting.portVariable}=${setting.port}: another process already listens on this port`, exitCodes.config);
    case "EACCES":
      return new StartError(`${setting.portVariable}=${setting.port}: this user may not listen on this port (ports below 1024 need privileges)`, exitCodes.config);
    case "EADDRNOTAVAIL":
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new StartError(`${setting.hostVariable}=${setting.host}: this machine has no such address to listen on`, exitCodes.config);
    default:
      return new StartError(`${setting.hostVariable}=${setting.host}, ${setting.portVariable}=${setting.port}: cannot listen: ${firstLine(error)}`, exitCodes.config);
  }
}

/** The one line a failed start prints, and its exit code. */
export function startFailure(error: unknown): { line: string; exitCode: number } {
  if (error instanceof ConfigError) return { line: `latchkey: cannot start: ${error.message}`, exitCode: exitCodes.config };
  if (error instanceof StartError) return { line: `latchkey: cannot start: ${error.message}`, exitCode: error.exitCode };
  return { line: `latchkey: cannot start: ${firstLine(error)}`, exitCode: exitCodes.failure };
}

/** Prints the failure as one line on stderr and ends the process. */
export function exitOnStartFailure(error: unknown): never {
  const { line, exitCode } = startFailure(error);
  process.stderr.write(line + "\n");
  process.exit(exitCode);
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** What went wrong opening a file or a database connection, without the stack and without secrets. */
export function describeStartError(error: unknown): string {
  const details = error as { code?: string; path?: string; address?: string; port?: number; hostname?: string; message?: string };
  const path = details.path ? ` (${details.path})` : "";
  switch (errorCode(error)) {
    case "ENOENT":
      return `no such file or directory${path}`;
    case "EACCES":
    case "EPERM":
      return `permission denied${path}`;
    case "ENOTDIR":
    case "EEXIST":
      return `a part of the path is a file, not a directory${path}`;
    case "EROFS":
      return `the file system is read-only${path}`;
    case "EISDIR":
      return `the path is a directory, not a file${path}`;
    case "SQLITE_NOTADB":
      return "the file is not a SQLite database";
    case "SQLITE_CANTOPEN":
      return "SQLite cannot open the database file";
    case "SQLITE_READONLY":
      return "the database file is read-only";
    case "SQLITE_CORRUPT":
      return "the database file is damaged";
    case "ECONNREFUSED":
      return `nothing accepts connections at ${details.address ?? "the address"}${details.port ? `:${details.port}` : ""} (is the database running?)`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `the host name ${details.hostname ?? ""} does not resolve`.replace("  ", " ");
    case "ETIMEDOUT":
      return "the database did not answer in time";
    case "28P01":
    case "28000":
      return "the database refused the user name or password";
    case "3D000":
      return `${firstLine(error)} (create it first, e.g. with createdb)`;
    default:
      if (/timeout/i.test(details.message ?? "")) return "the database did not answer in time";
      return firstLine(error);
  }
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.trim() || (error instanceof Error ? error.name : "unknown error");
}
