/**
 * `latchkey audit …`, on the server's database (run where its settings are):
 * - `verify` walks a project's audit log hash chain (services/audit/chain.ts), names the first broken
 *   link, a row inserted behind the server's back, or a chain shorter than its newest checkpoint;
 *   exit code 0 when all holds, 1 when not;
 * - `checkpoint` writes a signed checkpoint of the chain's head now (services/audit/checkpoints.ts);
 * - `checkpoints` prints the project's checkpoints, newest first, to keep copies elsewhere.
 */
import { InvalidArgumentError, type Command } from "commander";
import { verifyAuditChain, type ChainCheck } from "../services/audit/chain.js";
import { checkpointProject } from "../services/audit/checkpoint-writer.js";
import { exitCodes, type Output } from "./output.js";
import { openLocalServer, projectOrFail } from "./users-database.js";

type OutputOf = (command: Command) => Output;

const checkpointWords = (c: ChainCheck["checkpoints"]) =>
  c.latest ? `${c.checked === 1 ? "1 checkpoint holds" : `${c.checked} checkpoints hold`}, the newest names row ${c.latest.seq} (${c.latest.createdAt.toISOString()}).` : "No checkpoint yet.";

function wholeNumber(value: string): number {
  if (!/^[1-9]\d{0,5}$/.test(value)) throw new InvalidArgumentError("a whole number from 1 to 999999");
  return Number(value);
}

export function registerAuditCommands(program: Command, outputOf: OutputOf): void {
  const audit = program.command("audit").description("the audit log (run where the server's database and settings are)");

  audit
    .command("verify")
    .description("check the project's audit log hash chain and its checkpoints; exits with 1 at the first problem")
    .requiredOption("--project <id>", "the project")
    .action(async (options: { project: string }, command: Command) => {
      const output = outputOf(command);
      await using local = await openLocalServer();
      const project = await projectOrFail(local.deps, options.project);
      const check = await verifyAuditChain(local.deps, project.id);
      output.result({ project: project.id, ...check }, (c) =>
        c.valid
          ? c.head
            ? `The audit log of ${c.project} is intact: ${c.checked} rows, head ${c.head.seq} ${c.head.hash}.\n${checkpointWords(c.checkpoints)}`
            : `The audit log of ${c.project} is empty.`
          : c.firstInvalidSeq === null
            ? `The audit log of ${c.project} is not intact: ${c.problem}.`
            : `The audit log of ${c.project} is broken at row ${c.firstInvalidSeq}: ${c.problem} (${c.checked === 1 ? "the row" : `the ${c.checked} rows`} before it ${c.checked === 1 ? "is" : "are"} intact).`,
      );
      if (!check.valid) process.exitCode = exitCodes.failure;
    });

  audit
    .command("checkpoint")
    .description("seal what is pending and write a signed checkpoint of the project's chain head now")
    .requiredOption("--project <id>", "the project")
    .action(async (options: { project: string }, command: Command) => {
      const output = outputOf(command);
      await using local = await openLocalServer();
      const project = await projectOrFail(local.deps, options.project);
      const { checkpoint, written } = await checkpointProject(local.deps, project.id);
      const view = checkpoint && { seq: Number(checkpoint.seq), hash: checkpoint.hash, createdAt: checkpoint.createdAt, mac: checkpoint.mac };
      output.result({ project: project.id, written, checkpoint: view }, (r) =>
        !r.checkpoint
          ? `The audit log of ${r.project} is empty: nothing to checkpoint.`
          : `${r.written ? "Checkpoint written" : "The newest checkpoint already names the head"}: row ${r.checkpoint.seq} ${r.checkpoint.hash} (${r.checkpoint.createdAt.toISOString()}).`,
      );
    });

  audit
    .command("checkpoints")
    .description("print the project's audit checkpoints, newest first (keep copies outside the database)")
    .requiredOption("--project <id>", "the project")
    .option("--limit <n>", "at most this many", wholeNumber)
    .action(async (options: { project: string; limit?: number }, command: Command) => {
      const output = outputOf(command);
      await using local = await openLocalServer();
      const project = await projectOrFail(local.deps, options.project);
      const rows = await local.deps.queries.auditCheckpoints.list(project.id, options.limit);
      const checkpoints = rows.map((c) => ({ seq: Number(c.seq), hash: c.hash, createdAt: c.createdAt, mac: c.mac }));
      output.result({ project: project.id, checkpoints }, (r) =>
        r.checkpoints.length === 0
          ? `The audit log of ${r.project} has no checkpoint yet.`
          : r.checkpoints.map((c) => `${c.createdAt.toISOString()}  row ${c.seq}  ${c.hash}  mac ${c.mac}`).join("\n"),
      );
    });
}
