/**
 * How the CLI speaks: results on stdout (a readable table, or JSON with --json), everything else
 * (links to open, progress, errors) on stderr, and an exit code that says what went wrong.
 */
import { exitCodes as startExitCodes } from "../start-errors.js";

/** sysexits.h codes, which shells and supervisors know. */
export const exitCodes = {
  ok: 0,
  failure: 1,
  /** Wrong arguments. */
  usage: 64,
  /** The server refused the request (an unknown project, a bad value). */
  refused: 65,
  /** The server or the database could not be reached. */
  unavailable: startExitCodes.unavailable,
  /** The server failed (5xx). */
  serverError: 70,
  /** Not signed in, or signed in as someone who may not do this. */
  notAllowed: 77,
  /** A setting is wrong. */
  config: startExitCodes.config,
} as const;

/** An error the CLI explains in words and ends with its exit code. */
export class CliError extends Error {
  override readonly name = "CliError";
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export interface Output {
  readonly json: boolean;
  /** The command's result: `data` as JSON with --json, else what `text` makes of it. */
  result<T>(data: T, text: (data: T) => string): void;
  /** A message for the person (stderr), never part of the result. */
  note(message: string): void;
}

export function createOutput(json: boolean, write = { out: (s: string) => process.stdout.write(s), err: (s: string) => process.stderr.write(s) }): Output {
  return {
    json,
    result(data, text) {
      write.out((json ? JSON.stringify(data, null, 2) : text(data)) + "\n");
    },
    note(message) {
      write.err(message + "\n");
    },
  };
}

/** A plain table: a header row, then one row per item, columns padded to their widest cell. */
export function table<T>(rows: readonly T[], columns: readonly [title: string, cell: (row: T) => string][], empty = "(none)"): string {
  if (rows.length === 0) return empty;
  const cells = [columns.map(([title]) => title), ...rows.map((row) => columns.map(([, cell]) => cell(row)))];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  return cells.map((line) => line.map((cell, i) => (i === line.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ").trimEnd()).join("\n");
}

/** A date as `2025-10-09 12:00` (UTC), or `-`. */
export function shortDate(millis: number | undefined | null): string {
  if (millis === undefined || millis === null) return "-";
  return new Date(millis).toISOString().slice(0, 16).replace("T", " ");
}
