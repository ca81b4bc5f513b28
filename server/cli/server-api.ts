/**
 * The CLI's calls to a Latchkey server's REST API (any server: the CLI never opens the database for
 * these). Failures become CliErrors in words: the server cannot be reached, the session ended, or the
 * server's own message for what it refused.
 */
import { CliError, exitCodes } from "./output.js";
import type { Credentials } from "./credentials.js";

export interface CallOptions {
  access: "client" | "server" | "admin";
  projectId: string;
  publishableClientKey?: string;
  /** The signed-in user's access token (`x-stack-access-token`). */
  accessToken?: string;
  /** An owner's access token standing in for a project's keys (`x-stack-admin-access-token`). */
  adminAccessToken?: string;
  body?: unknown;
  form?: Record<string, string>;
}

/** Known errors that mean the CLI's session is gone or does not allow this. */
const notSignedIn = new Set([
  "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", "INVALID_REFRESH_TOKEN", "USER_AUTHENTICATION_REQUIRED", "ACCESS_TOKEN_EXPIRED", "UNPARSABLE_ACCESS_TOKEN",
  "UNPARSABLE_ADMIN_ACCESS_TOKEN", "ADMIN_ACCESS_TOKEN_EXPIRED",
]);

export async function callServer<T>(server: string, method: string, path: string, options: CallOptions): Promise<T> {
  const headers: Record<string, string> = { "x-stack-access-type": options.access, "x-stack-project-id": options.projectId };
  if (options.publishableClientKey) headers["x-stack-publishable-client-key"] = options.publishableClientKey;
  if (options.accessToken) headers["x-stack-access-token"] = options.accessToken;
  if (options.adminAccessToken) headers["x-stack-admin-access-token"] = options.adminAccessToken;
  let body: string | undefined;
  if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${server.replace(/\/+$/, "")}/api/v1${path}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new CliError(`Cannot reach the Latchkey server at ${server} (${reason}). Is it running, and is the URL right?`, exitCodes.unavailable);
  }
  const text = await response.text();
  if (response.ok) return (text ? JSON.parse(text) : null) as T;
  throw failureOf(server, response, text);
}

function failureOf(server: string, response: Response, text: string): CliError {
  const code = response.headers.get("x-stack-known-error");
  if (code !== null) {
    const message = (JSON.parse(text) as { error?: string }).error ?? code;
    if (notSignedIn.has(code)) return new CliError(`${message} Sign in again with \`latchkey login --server ${server}\`.`, exitCodes.notAllowed);
    const status = response.status === 401 || response.status === 403 ? exitCodes.notAllowed : exitCodes.refused;
    return new CliError(`The server refused: ${message} (${code})`, status);
  }
  const oauthError = oauthErrorOf(text);
  if (oauthError === "invalid_grant") return new CliError(`Your session on ${server} has ended. Sign in again with \`latchkey login --server ${server}\`.`, exitCodes.notAllowed);
  if (oauthError === "invalid_client") return new CliError(`${server} does not accept the saved publishable client key. Sign in again with \`latchkey login\`.`, exitCodes.notAllowed);
  if (response.status === 404 && text.startsWith("404: there is no")) {
    return new CliError(`${server} does not look like a Latchkey server (it has no such API route).`, exitCodes.unavailable);
  }
  if (response.status >= 500) return new CliError(`The server failed (${response.status}): ${text.split("\n")[0]} ${text.match(/Request ID: \S+/)?.[0] ?? ""}`.trim(), exitCodes.serverError);
  const status = response.status === 401 || response.status === 403 ? exitCodes.notAllowed : exitCodes.refused;
  return new CliError(`The server refused (${response.status}): ${text.trim() || response.statusText}`, status);
}

/** A fresh access token for the saved session. */
export async function accessTokenFor(credentials: Credentials): Promise<string> {
  const answer = await callServer<{ access_token: string }>(credentials.server, "POST", "/auth/oauth/token", {
    access: "client",
    projectId: credentials.projectId,
    form: { grant_type: "refresh_token", refresh_token: credentials.refreshToken, client_id: credentials.projectId, client_secret: credentials.publishableClientKey },
  });
  return answer.access_token;
}

/** Calls as the signed-in user, on the project the user signed in to. */
export async function callAsUser<T>(credentials: Credentials, method: string, path: string, body?: unknown): Promise<T> {
  const accessToken = await accessTokenFor(credentials);
  return callServer<T>(credentials.server, method, path, { access: "client", projectId: credentials.projectId, publishableClientKey: credentials.publishableClientKey, accessToken, body });
}

/** Calls with admin access to one of the signed-in user's projects (the user's token stands in for its keys). */
export async function callAsOwner<T>(credentials: Credentials, projectId: string, method: string, path: string, body?: unknown): Promise<T> {
  const adminAccessToken = await accessTokenFor(credentials);
  return callServer<T>(credentials.server, method, path, { access: "admin", projectId, adminAccessToken, body });
}

/** The `error` of an OAuth token endpoint's answer (RFC 6749 §5.2), if it is one. */
function oauthErrorOf(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    return typeof parsed.error === "string" && /^[a-z_]+$/.test(parsed.error) ? parsed.error : null;
  } catch {
    return null;
  }
}
