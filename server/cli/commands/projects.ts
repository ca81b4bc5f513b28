/** `latchkey project create | list`: the projects owned by the signed-in user's teams. */
import type { Command } from "commander";
import type { z } from "zod";
import type { adminProject } from "../../../contract/projects.js";
import { loadCliSettings } from "../../config.js";
import { loadCredentials } from "../credentials.js";
import { CliError, exitCodes, shortDate, table, type Output } from "../output.js";
import { callAsUser } from "../server-api.js";

type OutputOf = (command: Command) => Output;
type Project = z.infer<typeof adminProject>;
type Team = { id: string; display_name: string };

const projectTable = (projects: readonly Project[]) =>
  table(projects, [
    ["ID", (p) => p.id],
    ["NAME", (p) => p.display_name],
    ["CREATED (UTC)", (p) => shortDate(p.created_at_millis)],
    ["OWNER TEAM", (p) => p.owner_team_id ?? "-"],
  ], "No projects yet. Create one with `latchkey project create <name>`.");

export function registerProjectCommands(program: Command, outputOf: OutputOf): void {
  const project = program.command("project").description("the projects you own on the server you signed in to");

  project
    .command("list")
    .description("list your projects")
    .action(async (_: unknown, command: Command) => {
      const output = outputOf(command);
      const credentials = loadCredentials(loadCliSettings().configDir);
      const { items } = await callAsUser<{ items: Project[] }>(credentials, "GET", "/internal/projects");
      output.result(items, projectTable);
    });

  project
    .command("create")
    .description("create a project owned by one of your teams")
    .argument("<name>", "the project's display name")
    .option("--team <id>", "the owning team (needed when you belong to more than one)")
    .option("--description <text>", "a description")
    .action(async (name: string, options: { team?: string; description?: string }, command: Command) => {
      const output = outputOf(command);
      const credentials = loadCredentials(loadCliSettings().configDir);
      const teamId = options.team ?? (await onlyTeam(credentials));
      const created = await callAsUser<Project>(credentials, "POST", "/internal/projects", {
        display_name: name,
        owner_team_id: teamId,
        ...(options.description !== undefined && { description: options.description }),
      });
      output.result(created, (p) => `Created project ${p.display_name} (${p.id}).\nCreate its API keys with \`latchkey keys create --project ${p.id}\`.`);
    });
}

async function onlyTeam(credentials: Parameters<typeof callAsUser>[0]): Promise<string> {
  const { items } = await callAsUser<{ items: Team[] }>(credentials, "GET", "/teams?user_id=me");
  if (items.length === 1) return items[0]!.id;
  if (items.length === 0) throw new CliError("You belong to no team, and a project is owned by a team. Create a team first.", exitCodes.refused);
  const choices = items.map((t) => `  ${t.id}  ${t.display_name}`).join("\n");
  throw new CliError(`You belong to ${items.length} teams; choose the owner with --team <id>:\n${choices}`, exitCodes.usage);
}
