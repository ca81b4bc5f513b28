/**
 * `latchkey mail …`, on the server's database (run where its settings are): the local inbox of a
 * project without a mail server (services/email/local-inbox.ts).
 * - `list` prints the kept mails, newest first, and says why there are none when nothing is kept;
 * - `show <id>` prints one mail: its headers, then its plain text (or its HTML with `--html`).
 */
import type { Command } from "commander";
import { inboxState, listLocalInbox, readLocalInbox, type InboxState } from "../services/email/local-inbox.js";
import { CliError, exitCodes, shortDate, table, type Output } from "./output.js";
import { openLocalServer, projectOrFail } from "./users-database.js";

type OutputOf = (command: Command) => Output;

/** Why a project's inbox stays empty, in words. */
export function nothingKeptBecause(state: InboxState): string | null {
  switch (state) {
    case "kept":
      return null;
    case "production_mode":
      return "This project is in production mode: its mails are never kept in the local inbox. Without a mail server they go nowhere; configure one in the dashboard (E-mails).";
    case "mail_server":
      return "This project has a mail server: its mails are sent, not kept in the local inbox.";
  }
}

export function registerMailCommands(program: Command, outputOf: OutputOf): void {
  const mail = program.command("mail").description("the local inbox: mails of a project without a mail server (run where the server's database and settings are)");

  mail
    .command("list")
    .description("print the project's kept mails, newest first (the newest 500, for 7 days)")
    .requiredOption("--project <id>", "the project")
    .action(async (options: { project: string }, command: Command) => {
      const output = outputOf(command);
      await using local = await openLocalServer();
      const project = await projectOrFail(local.deps, options.project);
      const state = inboxState(local.deps, project);
      const mails = (await listLocalInbox(local.deps, project)).map((m) => ({ id: m.id, to: m.to, subject: m.subject, createdAt: m.createdAt }));
      const why = nothingKeptBecause(state);
      if (why) output.note(why);
      output.result({ project: project.id, state, mails }, (r) =>
        table(r.mails, [["TIME (UTC)", (m) => shortDate(m.createdAt.getTime())], ["TO", (m) => m.to.join(", ")], ["SUBJECT", (m) => m.subject], ["ID", (m) => m.id]], "No mail kept."),
      );
    });

  mail
    .command("show")
    .description("print one kept mail: its headers, then its plain text (or its HTML)")
    .argument("<id>", "the mail's id (from `latchkey mail list`)")
    .requiredOption("--project <id>", "the project")
    .option("--html", "print the HTML instead of the plain text")
    .action(async (id: string, options: { project: string; html?: boolean }, command: Command) => {
      const output = outputOf(command);
      await using local = await openLocalServer();
      const project = await projectOrFail(local.deps, options.project);
      const found = /^[0-9a-f-]{36}$/i.test(id) ? await readLocalInbox(local.deps, project, id.toLowerCase()) : null;
      if (!found) throw new CliError(`The project ${project.id} has no kept mail ${JSON.stringify(id)} (kept mails are removed after 7 days).`, exitCodes.refused);
      output.result(found, (m) => `To: ${m.to.join(", ")}\nSubject: ${m.subject}\nDate: ${m.createdAt.toISOString()}\n\n${options.html ? m.html : m.text}`);
    });
}
