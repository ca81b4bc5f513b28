/**
 * `latchkey audit verify`: walks a project's audit log hash chain (services/audit/chain.ts) in the
 * server's database and names the first broken link. Exit code 0 when the chain holds, 1 when it does not.
 */
import type { Command } from "commander";
import { verifyAuditChain } from "../services/audit/chain.js";
import { exitCodes, type Output } from "./output.js";
import { openLocalServer, projectOrFail } from "./users-database.js";

type OutputOf = (command: Command) => Output;

export function registerAuditCommands(program: Command, outputOf: OutputOf): void {
  const audit = program.command("audit").description("the audit log (run where the server's database and settings are)");

  audit
    .command("verify")
    .description("check the project's audit log hash chain; exits with 1 at the first broken link")
    .requiredOption("--project <id>", "the project")
    .action(async (options: { project: string }, command: Command) => {
      const output = outputOf(command);
      await using local = await openLocalServer();
      const project = await projectOrFail(local.deps, options.project);
      const check = await verifyAuditChain(local.deps, project.id);
      output.result({ project: project.id, ...check }, (c) =>
        c.valid
          ? c.head
            ? `The audit log of ${c.project} is intact: ${c.checked} rows, head ${c.head.seq} ${c.head.hash}.\nKeep the head elsewhere: a shorter chain later means the newest rows were removed.`
            : `The audit log of ${c.project} is empty.`
          : `The audit log of ${c.project} is broken at row ${c.firstInvalidSeq}: ${c.problem} (${c.checked === 1 ? "the row" : `the ${c.checked} rows`} before it ${c.checked === 1 ? "is" : "are"} intact).`,
      );
      if (!check.valid) process.exitCode = exitCodes.failure;
    });
}
