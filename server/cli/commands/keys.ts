/** `latchkey keys create | list | revoke | rotate-signing`: a project's API key sets, with the signed-in owner's session. */
import type { Command } from "commander";
import type { z } from "zod";
import { appEnvLines, appFrameworks, envFileName, type AppFramework } from "../../../contract/app-env.js";
import type { createdInternalApiKeySet, internalApiKeySet } from "../../../contract/internal-api-keys.js";
import { loadCliSettings } from "../../config.js";
import { loadCredentials } from "../credentials.js";
import { CliError, exitCodes, shortDate, table, type Output } from "../output.js";
import { callAsOwner } from "../server-api.js";
import { registerSigningKeyCommands } from "./signing-keys.js";

type OutputOf = (command: Command) => Output;
type KeySet = z.infer<typeof internalApiKeySet>;
type CreatedKeySet = z.infer<typeof createdInternalApiKeySet>;

const kindNames = { client: "publishable_client_key", server: "secret_server_key", admin: "super_secret_admin_key" } as const;
type Kind = keyof typeof kindNames;

const lastFours = (set: KeySet) =>
  (Object.keys(kindNames) as Kind[])
    .filter((kind) => set[kindNames[kind]])
    .map((kind) => `${kind} …${set[kindNames[kind]]!.last_four}`)
    .join(", ");

export function registerKeyCommands(program: Command, outputOf: OutputOf): void {
  const keys = program.command("keys").description("a project's API keys (you must own the project)");
  const withProject = (command: Command) => command.requiredOption("--project <id>", "the project");
  registerSigningKeyCommands(keys, outputOf);

  withProject(keys.command("list").description("list the project's key sets, newest first")).action(async (options: { project: string }, command: Command) => {
    const output = outputOf(command);
    const credentials = loadCredentials(loadCliSettings().configDir);
    const { items } = await callAsOwner<{ items: KeySet[] }>(credentials, options.project, "GET", "/internal/api-keys");
    output.result(items, (sets) =>
      table(sets, [
        ["ID", (s) => s.id],
        ["DESCRIPTION", (s) => s.description || "-"],
        ["CREATED (UTC)", (s) => shortDate(s.created_at_millis)],
        ["EXPIRES (UTC)", (s) => shortDate(s.expires_at_millis)],
        ["REVOKED", (s) => shortDate(s.manually_revoked_at_millis)],
        ["KEYS", lastFours],
      ], "No API keys. Create a set with `latchkey keys create --project <id>`."),
    );
  });

  withProject(keys.command("create").description("create a key set; its keys are shown only this once"))
    .option("--description <text>", "what the keys are for", "")
    .option("--expires-in-days <days>", "how long the keys live", "365")
    .option("--kinds <list>", "which keys: client, server, admin (comma-separated)", "client,server")
    .option("--env [framework]", `print the keys as .env lines: those of the Node and Next.js quickstarts, or of one of ${appFrameworks.join(", ")}`)
    .action(async (options: { project: string; description: string; expiresInDays: string; kinds: string; env?: string | true }, command: Command) => {
      const output = outputOf(command);
      const envFrameworks = envFrameworksOf(options.env);
      if (envFrameworks && output.json) throw new CliError("--env prints .env lines; leave out --json.", exitCodes.usage);
      const days = Number(options.expiresInDays);
      if (!Number.isInteger(days) || days < 1) throw new CliError(`--expires-in-days must be a whole number of days, at least 1, not ${JSON.stringify(options.expiresInDays)}.`, exitCodes.usage);
      const kinds = options.kinds.split(",").map((k) => k.trim()).filter(Boolean);
      const unknown = kinds.filter((k) => !(k in kindNames));
      if (unknown.length > 0 || kinds.length === 0) throw new CliError(`--kinds takes client, server and admin, comma-separated (got ${JSON.stringify(options.kinds)}).`, exitCodes.usage);
      const credentials = loadCredentials(loadCliSettings().configDir);
      const created = await callAsOwner<CreatedKeySet>(credentials, options.project, "POST", "/internal/api-keys", {
        description: options.description,
        expires_at_millis: Date.now() + days * 86_400_000,
        has_publishable_client_key: kinds.includes("client"),
        has_secret_server_key: kinds.includes("server"),
        has_super_secret_admin_key: kinds.includes("admin"),
      });
      if (envFrameworks) {
        const values = { url: credentials.server, projectId: options.project, publishableClientKey: created.publishable_client_key, secretServerKey: created.secret_server_key };
        output.note(`Created key set ${created.id}, expiring ${shortDate(created.expires_at_millis)} UTC. Store these lines now (e.g. in ${envFileName(envFrameworks[0]!)}): the keys are not shown again.`);
        output.result(appEnvLines(envFrameworks, values), (lines) => lines.join("\n"));
        return;
      }
      output.result(created, (set) =>
        [
          `Created key set ${set.id} for project ${options.project}, expiring ${shortDate(set.expires_at_millis)} UTC.`,
          "Store these keys now: they are not shown again.",
          ...(Object.keys(kindNames) as Kind[]).filter((kind) => set[kindNames[kind]]).map((kind) => `  ${kindNames[kind]}: ${set[kindNames[kind]]}`),
        ].join("\n"),
      );
    });

  withProject(keys.command("revoke").description("revoke a key set at once (cannot be undone)"))
    .argument("<key-set-id>", "the key set's id (from `latchkey keys list`)")
    .action(async (id: string, options: { project: string }, command: Command) => {
      const output = outputOf(command);
      const credentials = loadCredentials(loadCliSettings().configDir);
      const revoked = await callAsOwner<KeySet>(credentials, options.project, "PATCH", `/internal/api-keys/${encodeURIComponent(id)}`, { revoked: true });
      output.result(revoked, (set) => `Revoked key set ${set.id} (${lastFours(set) || "no keys"}).`);
    });
}

/** The frameworks whose `.env` lines `--env` prints: Node's and Next.js's by default, or the one named. */
function envFrameworksOf(env: string | true | undefined): AppFramework[] | null {
  if (env === undefined) return null;
  if (env === true) return ["node", "next"];
  if ((appFrameworks as readonly string[]).includes(env)) return [env as AppFramework];
  throw new CliError(`--env takes no value or one of ${appFrameworks.join(", ")} (got ${JSON.stringify(env)}).`, exitCodes.usage);
}
