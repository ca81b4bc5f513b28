/**
 * Raw requests against an in-process test instance (full control over headers, path encoding and
 * body bytes), and the wire-format checks every security suite applies to an answer
 * (reference/wire/errors.md, headers-and-auth.md §6).
 */
import type { ProjectCredentials, TestInstance } from "../../support/instance.js";
import type { Level } from "./openapi.js";

export interface RawRequest {
  method: string;
  /** Path and query under the origin, e.g. `/api/v1/users?limit=2`. */
  url: string;
  headers: Record<string, string>;
  /** The body bytes as sent (already serialised). */
  body?: string;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when the answer is JSON, else undefined. */
  json: unknown;
}

const keyHeader = { client: "x-stack-publishable-client-key", server: "x-stack-secret-server-key", admin: "x-stack-super-secret-admin-key" } as const;
const keyName = { client: "publishableClientKey", server: "secretServerKey", admin: "superSecretAdminKey" } as const;

/** The x-stack-* headers of a caller: the project's key for `level`, and a user's access token if given. */
export function keyHeaders(project: ProjectCredentials, level: Level, token?: string): Record<string, string> {
  return {
    "x-stack-access-type": level,
    "x-stack-project-id": project.id,
    [keyHeader[level]]: project.keys[keyName[level]],
    ...(token === undefined ? {} : { "x-stack-access-token": token }),
  };
}

export async function send(lk: TestInstance, request: RawRequest): Promise<RawResponse> {
  const response = await lk.app.request(request.url, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  const isJson = (response.headers.get("content-type") ?? "").includes("application/json");
  let json: unknown;
  if (isJson) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** JSON of the request with long values cut, for failure messages. */
export function describeRequest(request: RawRequest): string {
  const cut = (value: string) => (value.length > 300 ? `${value.slice(0, 300)}…(${value.length} chars)` : value);
  return `${request.method} ${cut(request.url)}\n  headers: ${cut(JSON.stringify(request.headers))}${request.body === undefined ? "" : `\n  body: ${cut(request.body)}`}`;
}

export function describeResponse(response: RawResponse): string {
  const known = response.headers.get("x-stack-known-error");
  const text = response.text.length > 500 ? `${response.text.slice(0, 500)}…` : response.text;
  return `${response.status}${known ? ` (${known})` : ""} ${text}`;
}

/** A Node or V8 stack frame, as an unhandled error would print it. */
const stackFrame = /\n\s+at [^\n]*(\(|:\d+:\d+)/;

/**
 * What is wrong with an answer on the wire, whatever its status: a 5xx, a stack trace in the body,
 * or an error that is neither a known error (`{code, error, details?}` + `x-stack-known-error` equal
 * to the code) nor plain text.
 */
export function wireProblems(response: RawResponse): string[] {
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`status ${response.status} (server error)`);
  if (stackFrame.test(response.text) || response.text.includes("    at ")) problems.push("the body contains a stack trace");
  if (response.status < 400) return problems;
  const contentType = response.headers.get("content-type") ?? "";
  const known = response.headers.get("x-stack-known-error");
  if (contentType.includes("application/json")) {
    const body = response.json as Record<string, unknown> | undefined;
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      problems.push("a JSON error body that is not an object");
      return problems;
    }
    const extra = Object.keys(body).filter((key) => !["code", "error", "details"].includes(key));
    if (typeof body.code !== "string") problems.push("a JSON error without a string `code`");
    if (typeof body.error !== "string") problems.push("a JSON error without a string `error` message");
    if (body.details !== undefined && (typeof body.details !== "object" || body.details === null || Array.isArray(body.details))) {
      problems.push("`details` is not an object");
    }
    if (extra.length > 0) problems.push(`unexpected keys in the error body: ${extra.join(", ")}`);
    if (known !== body.code) problems.push(`x-stack-known-error is ${JSON.stringify(known)}, body code is ${JSON.stringify(body.code)}`);
  } else {
    if (!contentType.startsWith("text/plain")) problems.push(`an error with content type ${JSON.stringify(contentType)} (neither JSON nor text)`);
    if (known !== null) problems.push("x-stack-known-error on a plain-text error");
    if (response.text.trim() === "") problems.push("an empty error body");
  }
  return problems;
}

/** The known-error code of an answer, or undefined for successes and plain-text errors. */
export function knownErrorCode(response: RawResponse): string | undefined {
  return response.headers.get("x-stack-known-error") ?? undefined;
}
