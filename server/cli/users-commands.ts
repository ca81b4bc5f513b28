/**
 * `latchkey users import | export`: a project's users to and from JSON Lines or CSV files, straight
 * against the server's database (the environment of `latchkey start`), in batches, with a progress bar
 * on a terminal. An import can be run again after an interruption: users already imported are skipped
 * (services/users-import/import.ts).
 */
import { createWriteStream, statSync, type WriteStream } from "node:fs";
import { once } from "node:events";
import type { Command } from "commander";
import { ForeignHashError, validateFirebaseParameters, type FirebaseScryptParameters } from "../services/passwords/foreign-hashes.js";
import { exportUsers } from "../services/users-export/export.js";
import { DEFAULT_BATCH_SIZE, importUsers } from "../services/users-import/import.js";
import { formatOfPath, readUserFile, type UserFileFormat } from "../services/users-import/read.js";
import { CliError, exitCodes, type Output } from "./output.js";
import { openLocalServer, projectOrFail } from "./users-database.js";
import { progressBar } from "./users-progress.js";

type OutputOf = (command: Command) => Output;

/** Rejected lines kept for the summary (all of them go to the rejects file). */
const SUMMARY_REJECTS = 100;

interface ImportOptions {
  project: string;
  format?: string;
  batchSize: string;
  rejects?: string;
  firebaseSignerKey?: string;
  firebaseSaltSeparator?: string;
  firebaseRounds?: string;
  firebaseMemCost?: string;
}

function formatOption(value: string | undefined, path: string | undefined): UserFileFormat {
  if (value === undefined) return path ? formatOfPath(path) : "jsonl";
  if (value === "jsonl" || value === "csv") return value;
  throw new CliError(`--format takes jsonl or csv, not ${JSON.stringify(value)}.`, exitCodes.usage);
}

function firebaseOption(options: ImportOptions): FirebaseScryptParameters | null {
  const given = [options.firebaseSignerKey, options.firebaseSaltSeparator, options.firebaseRounds, options.firebaseMemCost];
  if (given.every((v) => v === undefined)) return null;
  if (given.some((v) => v === undefined)) {
    throw new CliError("Firebase hashes need all four of --firebase-signer-key, --firebase-salt-separator, --firebase-rounds and --firebase-mem-cost (from the Firebase console's password hash parameters).", exitCodes.usage);
  }
  try {
    return validateFirebaseParameters({
      signerKey: options.firebaseSignerKey!,
      saltSeparator: options.firebaseSaltSeparator!,
      rounds: Number(options.firebaseRounds),
      memCost: Number(options.firebaseMemCost),
    });
  } catch (error) {
    if (error instanceof ForeignHashError) throw new CliError(`${error.message}.`, exitCodes.usage);
    throw error;
  }
}

async function writeTo(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, "drain");
}

async function closeStream(stream: WriteStream): Promise<void> {
  stream.end();
  await once(stream, "finish");
}

export function registerUserCommands(program: Command, outputOf: OutputOf): void {
  const users = program.command("users").description("import and export a project's users (run where the server's database and settings are)");

  users
    .command("import")
    .description("import users from a JSON Lines or CSV file; run it again after an interruption to finish")
    .argument("<file>", "the file (.jsonl or .csv)")
    .requiredOption("--project <id>", "the project to import into")
    .option("--format <format>", "jsonl or csv (default: from the file's extension)")
    .option("--batch-size <n>", "users per transaction", String(DEFAULT_BATCH_SIZE))
    .option("--rejects <file>", "where to write the rejected lines (default: <file>.rejected.jsonl)")
    .option("--firebase-signer-key <base64>", "Firebase password hash parameters: base64_signer_key")
    .option("--firebase-salt-separator <base64>", "Firebase: base64_salt_separator")
    .option("--firebase-rounds <n>", "Firebase: rounds")
    .option("--firebase-mem-cost <n>", "Firebase: mem_cost")
    .action(async (file: string, options: ImportOptions, command: Command) => {
      const output = outputOf(command);
      const format = formatOption(options.format, file);
      const batchSize = Number(options.batchSize);
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) throw new CliError(`--batch-size must be a whole number from 1 to 10000, not ${JSON.stringify(options.batchSize)}.`, exitCodes.usage);
      const firebase = firebaseOption(options);
      let size: number;
      try {
        size = statSync(file).size;
      } catch {
        throw new CliError(`Cannot read ${file}: no such file.`, exitCodes.usage);
      }
      await using local = await openLocalServer();
      const project = await projectOrFail(local.deps, options.project);
      const rejectsPath = options.rejects ?? `${file}.rejected.jsonl`;
      let rejects: WriteStream | null = null;
      // Set from the stream's callbacks (an unwritable path must not end the import).
      const rejectsFailure: { error: Error | null } = { error: null };
      const firstRejects: { line: number; reason: string }[] = [];
      const reader = readUserFile(file, format, project.id);
      const bar = progressBar();
      const started = Date.now();
      const counts = await importUsers(local.deps, project, reader.records, {
        batchSize,
        firebase,
        onReject(line, reason) {
          rejects ??= createWriteStream(rejectsPath).on("error", (error) => (rejectsFailure.error ??= error));
          rejects.write(JSON.stringify({ line, reason }) + "\n");
          if (firstRejects.length < SUMMARY_REJECTS) firstRejects.push({ line, reason });
        },
        onBatch(c) {
          const seconds = (Date.now() - started) / 1000;
          bar.update(reader.bytesRead(), size, `${c.imported} imported, ${c.alreadyPresent} already there, ${c.rejected} rejected, ${Math.round(c.read / Math.max(seconds, 0.001))} lines/s`);
        },
      });
      bar.finish();
      if (rejects && !rejectsFailure.error) await closeStream(rejects).catch((error: unknown) => (rejectsFailure.error ??= error as Error));
      if (rejectsFailure.error) output.note(`Could not write the rejected lines to ${rejectsPath} (${rejectsFailure.error.message}); the first ${firstRejects.length} are in the summary.`);
      const seconds = (Date.now() - started) / 1000;
      const summary = {
        project: project.id,
        file,
        format,
        read: counts.read,
        imported: counts.imported,
        alreadyPresent: counts.alreadyPresent,
        rejected: counts.rejected,
        teamsCreated: counts.teamsCreated,
        rejectsFile: counts.rejected > 0 && !rejectsFailure.error ? rejectsPath : null,
        rejectedLines: firstRejects,
        ignoredFields: [...reader.ignoredFields].sort(),
        seconds: Math.round(seconds * 10) / 10,
        rowsPerSecond: Math.round(counts.read / Math.max(seconds, 0.001)),
      };
      output.result(summary, (s) =>
        [
          `Imported ${s.imported} users into ${s.project} from ${s.file} (${s.read} lines in ${s.seconds} s, ${s.rowsPerSecond} lines/s).`,
          ...(s.alreadyPresent > 0 ? [`${s.alreadyPresent} were there already (from an earlier run) and were left as they are.`] : []),
          ...(s.teamsCreated > 0 ? [`Created ${s.teamsCreated} teams.`] : []),
          ...(s.ignoredFields.length > 0 ? [`Ignored unknown fields: ${s.ignoredFields.join(", ")}.`] : []),
          ...(s.rejected > 0
            ? [`Rejected ${s.rejected === 1 ? "1 line" : `${s.rejected} lines`}${s.rejectsFile ? ` (${s.rejected === 1 ? "it is" : "all of them are"} in ${s.rejectsFile})` : ""}:`, ...s.rejectedLines.slice(0, 10).map((r) => `  line ${r.line}: ${r.reason}`), ...(s.rejected > 10 ? ["  …"] : [])]
            : []),
        ].join("\n"),
      );
      // The import went through, but not every line: scripts see it in the exit code (EX_DATAERR).
      if (counts.rejected > 0) process.exitCode = exitCodes.refused;
    });

  users
    .command("export")
    .description("export a project's users as JSON Lines or CSV, in the format `users import` reads")
    .requiredOption("--project <id>", "the project to export")
    .option("--out <file>", "write to this file (default: standard output)")
    .option("--format <format>", "jsonl or csv (default: from --out's extension, else jsonl)")
    .option("--include-password-hashes", "include password hashes (treat the file as a secret)")
    .action(async (options: { project: string; out?: string; format?: string; includePasswordHashes?: boolean }, command: Command) => {
      const output = outputOf(command);
      const format = formatOption(options.format, options.out);
      await using local = await openLocalServer();
      const project = await projectOrFail(local.deps, options.project);
      const includePasswordHashes = Boolean(options.includePasswordHashes);
      const stream = options.out ? createWriteStream(options.out, { mode: includePasswordHashes ? 0o600 : 0o644 }) : null;
      const write = stream ? (text: string) => writeTo(stream, text) : (text: string) => writeStdout(text);
      const count = await exportUsers(local.deps.store, project.id, { format, includePasswordHashes }, write);
      if (stream) {
        await closeStream(stream);
        output.result({ project: project.id, out: options.out, format, users: count, includePasswordHashes }, (s) => `Exported ${s.users} users of ${s.project} to ${s.out} (${s.format}${s.includePasswordHashes ? ", with password hashes" : ""}).`);
      } else {
        output.note(`Exported ${count} users of ${project.id}.`);
      }
    });
}

async function writeStdout(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, "drain");
}
