/**
 * `latchkey login`: the CLI login of SPEC section 4 against any Latchkey server. The CLI starts a login,
 * shows the confirmation link, polls until the person confirms it in a browser where they are signed in,
 * and keeps the refresh token it receives in the user's config directory (owner-only). `logout` forgets it.
 */
import type { Command } from "commander";
import { loadCliSettings } from "../../config.js";
import { removeCredentials, saveCredentials, type Credentials } from "../credentials.js";
import { CliError, exitCodes, type Output } from "../output.js";
import { callServer } from "../server-api.js";

type OutputOf = (command: Command) => Output;

interface LoginOptions {
  server: string;
  publishableClientKey: string;
  projectId: string;
  appUrl?: string;
  timeout: string;
  pollInterval: string;
}

type PollAnswer = { status: "waiting" | "expired" | "used" } | { status: "success"; refresh_token: string };

export function registerLoginCommands(program: Command, outputOf: OutputOf): void {
  program
    .command("login")
    .description("sign in to a Latchkey server through the browser and keep the session for the other commands")
    .requiredOption("--server <url>", "the server's URL, e.g. http://localhost:8102")
    .requiredOption("--publishable-client-key <key>", "the publishable client key of the server's internal project (printed at its first start)")
    .option("--project-id <id>", "the project to sign in to", "internal")
    .option("--app-url <url>", "where the confirmation page is (default: the server's hosted pages)")
    .option("--timeout <seconds>", "how long to wait for the confirmation", "600")
    .option("--poll-interval <ms>", "time between checks", "2000")
    .action(async (options: LoginOptions, command: Command) => {
      const output = outputOf(command);
      const server = checkedUrl(options.server, "--server");
      const appUrl = options.appUrl === undefined ? server : checkedUrl(options.appUrl, "--app-url");
      const timeoutMs = positiveNumber(options.timeout, "--timeout") * 1000;
      const pollMs = positiveNumber(options.pollInterval, "--poll-interval");
      const client = { access: "client" as const, projectId: options.projectId, publishableClientKey: options.publishableClientKey };

      const started = await callServer<{ polling_code: string; login_code: string }>(server, "POST", "/auth/cli", { ...client, body: { expires_in_millis: timeoutMs } });
      const link = `${appUrl}/handler/cli-auth-confirm?login_code=${encodeURIComponent(started.login_code)}`;
      output.note(`Open this link in a browser where you are signed in to ${appUrl}, and confirm:\n\n  ${link}\n\nWaiting for the confirmation…`);

      const refreshToken = await pollUntilConfirmed(server, client, started.polling_code, Date.now() + timeoutMs, pollMs);
      const { access_token: accessToken } = await callServer<{ access_token: string }>(server, "POST", "/auth/oauth/token", {
        ...client,
        form: { grant_type: "refresh_token", refresh_token: refreshToken, client_id: options.projectId, client_secret: options.publishableClientKey },
      });
      const me = await callServer<{ id: string; primary_email: string | null }>(server, "GET", "/users/me", { ...client, accessToken });
      const credentials: Credentials = { server, projectId: options.projectId, publishableClientKey: options.publishableClientKey, refreshToken, userId: me.id, email: me.primary_email };
      const file = saveCredentials(loadCliSettings().configDir, credentials);
      output.result({ server, projectId: options.projectId, userId: me.id, email: me.primary_email, credentialsFile: file }, () =>
        `Signed in to ${server} as ${me.primary_email ?? me.id}. The session is kept in ${file} (readable only by you).`,
      );
    });

  program
    .command("logout")
    .description("forget the session `latchkey login` kept")
    .action((_: unknown, command: Command) => {
      const output = outputOf(command);
      const removed = removeCredentials(loadCliSettings().configDir);
      output.result({ signedOut: removed }, () => (removed ? "Signed out." : "You were not signed in."));
    });
}

async function pollUntilConfirmed(server: string, client: Parameters<typeof callServer>[3], pollingCode: string, deadline: number, pollMs: number): Promise<string> {
  for (;;) {
    const answer = await callServer<PollAnswer>(server, "POST", "/auth/cli/poll", { ...client, body: { polling_code: pollingCode } });
    switch (answer.status) {
      case "success":
        return answer.refresh_token;
      case "expired":
        throw new CliError("The login expired before it was confirmed. Run `latchkey login` again.", exitCodes.notAllowed);
      case "used":
        throw new CliError("This login was already collected by another process. Run `latchkey login` again.", exitCodes.notAllowed);
      case "waiting":
        break;
    }
    if (Date.now() + pollMs > deadline) throw new CliError("Nobody confirmed the login in time. Run `latchkey login` again.", exitCodes.notAllowed);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

function checkedUrl(value: string, option: string): string {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) throw new CliError(`${option} must be an http:// or https:// URL, not ${JSON.stringify(value)}.`, exitCodes.usage);
  return value.replace(/\/+$/, "");
}

function positiveNumber(value: string, option: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new CliError(`${option} must be a positive number, not ${JSON.stringify(value)}.`, exitCodes.usage);
  return n;
}
