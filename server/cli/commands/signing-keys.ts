/** `latchkey keys rotate-signing`: rotates a project's access-token signing keys, with the signed-in owner's session. */
import type { Command } from "commander";
import type { z } from "zod";
import type { signingKeyState } from "../../../contract/signing-keys.js";
import { loadCliSettings } from "../../config.js";
import { loadCredentials } from "../credentials.js";
import { shortDate, table, type Output } from "../output.js";
import { callAsOwner } from "../server-api.js";

type OutputOf = (command: Command) => Output;
type SigningKey = z.infer<typeof signingKeyState>;

export function registerSigningKeyCommands(keys: Command, outputOf: OutputOf): void {
  keys
    .command("rotate-signing")
    .description("rotate the project's access-token signing keys: the standby key signs from now on, the old one stays published until its tokens expire")
    .requiredOption("--project <id>", "the project")
    .action(async (options: { project: string }, command: Command) => {
      const output = outputOf(command);
      const credentials = loadCredentials(loadCliSettings().configDir);
      const { keys: published } = await callAsOwner<{ keys: SigningKey[] }>(credentials, options.project, "POST", "/internal/projects/current/signing-keys/rotate", {});
      output.result(published, (rows) =>
        [
          `Rotated the signing keys of project ${options.project}. Published keys now:`,
          table(rows, [
            ["KID", (k) => k.kid],
            ["SET", (k) => k.key_set],
            ["STATUS", (k) => k.status],
            ["PUBLISHED UNTIL (UTC)", (k) => (k.published_until_millis === null ? "-" : shortDate(k.published_until_millis))],
          ], "No keys."),
        ].join("\n"),
      );
    });
}
