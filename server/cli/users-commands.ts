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
import { HeaderError } from "../services/users-import/columns.js";
import { DEFAULT_BATCH_SIZE, importUsers } from "../services/users-import/import.js";
import { formatOfPath, readUserFile, type UserFileFormat } from "../services/users-import/read.js";
import { CliError, exitCodes, type Output } from "./output.js";
import { openLocalServer, projectOrFail } from "./users-database.js";
import { importSummaryText, SUMMARY_LINES, type ImportSummary } from "./users-import-summary.js";
import { progressBar } from "./users-progress.js";

type OutputOf = (command: Command) => Output;

interface ImportOptions {
  project: string;
  format?: string;
  batchSize: string;
  rejects?: string;
  firebaseSignerKey?: string;
  firebaseSaltSeparator?: string;
  firebaseRounds?: string;
  firebaseMemCost?: string;
  allowNoEmail?: boolean;
  allowWeakHashes?: boolean;
  dryRun?: boolean;
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
    .description(
      "import users from a JSON Lines or CSV file (comma, semicolon or tab; header names such as email, e-mail, name, display_name, password_hash matched case-insensitively), " +
        "each held to POST /users' field rules; run it again after an interruption to finish. Users that exist are left as they are (never updated). " +
        "Exit code 0 when every line was imported, 65 when lines were rejected (the rest is imported) or the file has no e-mail column",
    )
    .argument("<file>", "the file (.jsonl, .csv or .tsv)")
    .requiredOption("--project <id>", "the project to import into")
    .option("--format <format>", "jsonl or csv (default: from the file's extension)")
    .option("--batch-size <n>", "users per transaction", String(DEFAULT_BATCH_SIZE))
    .option("--rejects <file>", "where to write the rejected lines (default: <file>.rejected.jsonl)")
    .option("--firebase-signer-key <base64>", "Firebase password hash parameters: base64_signer_key")
    .option("--firebase-salt-separator <base64>", "Firebase: base64_salt_separator")
    .option("--firebase-rounds <n>", "Firebase: rounds")
    .option("--firebase-mem-cost <n>", "Firebase: mem_cost")
    .option("--allow-no-email", "import users without an e-mail (by default a CSV needs an e-mail column and each line an e-mail)")
    .option(
      "--allow-weak-hashes",
      "import password hashes below the minimum (argon2 under m=19456,t=2 or an OWASP equivalent, bcrypt cost under 10, PBKDF2 under 600000 iterations) instead of rejecting their lines; each is listed in the summary and replaced by argon2id at the user's first sign-in",
    )
    .option("--dry-run", "check the file against the database and print what would be created and rejected; write nothing")
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
      const firstImported: { line: number; id: string; primaryEmail: string | null; displayName: string | null }[] = [];
      const firstWeakHashes: { line: number; reason: string }[] = [];
      const dryRun = Boolean(options.dryRun);
      const reader = readUserFile(file, format, project.id, { allowNoEmail: Boolean(options.allowNoEmail) });
      const bar = progressBar();
      const started = Date.now();
      const counts = await importUsers(local.deps, project, reader.records, {
        batchSize,
        firebase,
        dryRun,
        allowWeakHashes: Boolean(options.allowWeakHashes),
        onReject(line, reason) {
          if (!dryRun) {
            rejects ??= createWriteStream(rejectsPath).on("error", (error) => (rejectsFailure.error ??= error));
            rejects.write(JSON.stringify({ line, reason }) + "\n");
          }
          if (firstRejects.length < SUMMARY_LINES) firstRejects.push({ line, reason });
        },
        onImported(user) {
          if (firstImported.length < SUMMARY_LINES) firstImported.push({ line: user.line, id: user.id, primaryEmail: user.primaryEmail, displayName: user.displayName });
        },
        onWeakHash(line, reason) {
          if (firstWeakHashes.length < SUMMARY_LINES) firstWeakHashes.push({ line, reason });
        },
        onBatch(c) {
          const seconds = (Date.now() - started) / 1000;
          bar.update(reader.bytesRead(), size, `${c.imported} ${dryRun ? "to create" : "imported"}, ${c.alreadyPresent} already there, ${c.rejected} rejected, ${Math.round(c.read / Math.max(seconds, 0.001))} lines/s`);
        },
      }).catch((error: unknown) => {
        // A header that cannot be read: nothing was written (the header comes before every record).
        if (error instanceof HeaderError) throw new CliError(`Nothing imported from ${file}: ${error.message}.`, exitCodes.refused);
        throw error;
      });
      bar.finish();
      if (rejects && !rejectsFailure.error) await closeStream(rejects).catch((error: unknown) => (rejectsFailure.error ??= error as Error));
      if (rejectsFailure.error) output.note(`Could not write the rejected lines to ${rejectsPath} (${rejectsFailure.error.message}); the first ${firstRejects.length} are in the summary.`);
      const seconds = (Date.now() - started) / 1000;
      const delimiter = reader.delimiter();
      const summary: ImportSummary = {
        project: project.id,
        file,
        format,
        dryRun,
        ...(delimiter !== null && { delimiter: ({ ",": "comma", ";": "semicolon", "\t": "tab" } as const)[delimiter] }),
        read: counts.read,
        imported: counts.imported,
        importedLines: firstImported,
        weakHashes: counts.weakHashes,
        weakHashLines: firstWeakHashes,
        alreadyPresent: counts.alreadyPresent,
        rejected: counts.rejected,
        teamsCreated: counts.teamsCreated,
        rejectsFile: counts.rejected > 0 && !dryRun && !rejectsFailure.error ? rejectsPath : null,
        rejectedLines: firstRejects,
        renamedColumns: Object.fromEntries(reader.renamedColumns),
        ignoredFields: [...reader.ignoredFields].sort(),
        seconds: Math.round(seconds * 10) / 10,
        rowsPerSecond: Math.round(counts.read / Math.max(seconds, 0.001)),
      };
      output.result(summary, importSummaryText);
      // Not every line went through (or would): scripts see it in the exit code (EX_DATAERR).
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
      const count = await exportUsers(local.deps, project.id, { format, includePasswordHashes }, write);
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
