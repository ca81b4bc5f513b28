import { KnownErrors } from "../core/errors/known-errors.js";
import { sleep } from "../core/transport/retry.js";
import { error, ok, type Result } from "../result.js";
import type { AppContext } from "./context.js";

/** Defaults of SPEC section 9: poll every 2 s, with no limit on attempts. */
export const cliPollWaitMs = 2000;

export interface CliLoginOptions {
  /** The app whose confirmation page (`/handler/cli-auth-confirm`) the user opens. */
  appUrl: string;
  /** How long the login may wait for confirmation. */
  expiresInMillis?: number;
  /** Polls before giving up (default: unlimited). */
  maxAttempts?: number;
  /** Wait between polls (default 2000 ms). */
  waitTimeMillis?: number;
  /** Shows the confirmation link (default: printed to the console). */
  promptLink?: (url: string) => void;
}

type CliError = KnownErrors["CliAuthError"] | KnownErrors["CliAuthExpiredError"] | KnownErrors["CliAuthUsedError"];

/** The CLI login helper of SPEC section 4: start, show the link, poll until success, expiry, use or timeout. */
export async function promptCliLogin(context: AppContext, options: CliLoginOptions, wait: (ms: number) => Promise<void> = sleep): Promise<Result<string, CliError>> {
  const started = await context.client("post", "/auth/cli", { body: { expires_in_millis: options.expiresInMillis } }, context.noSession);
  const url = `${options.appUrl.replace(/\/$/, "")}/handler/cli-auth-confirm?login_code=${encodeURIComponent(started.login_code)}`;
  if (options.promptLink) options.promptLink(url);
  else console.log(`Please visit the following URL to authenticate:\n${url}`);
  const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const answer = await context.client("post", "/auth/cli/poll", { body: { polling_code: started.polling_code } }, context.noSession);
    switch (answer.status) {
      case "success":
        return ok(answer.refresh_token);
      case "expired":
        return error(new KnownErrors.CliAuthExpiredError(undefined, "CLI authentication request expired. Please try again."));
      case "used":
        return error(new KnownErrors.CliAuthUsedError(undefined, "This authentication token has already been used."));
      case "waiting":
        break;
      default:
        return error(new KnownErrors.CliAuthError(undefined, `Unexpected CLI poll status: ${(answer as { status: string }).status}`));
    }
    await wait(options.waitTimeMillis ?? cliPollWaitMs);
  }
  return error(new KnownErrors.CliAuthError(undefined, "Timed out waiting for CLI authentication."));
}
