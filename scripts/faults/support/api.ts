/** A minimal client for the REST API v1 over a real socket, as the fault scripts call it. */
import { randomBytes } from "node:crypto";

export type Access = "client" | "server" | "admin";

export interface ProjectKeys {
  id: string;
  publishableClientKey: string;
  secretServerKey: string;
  superSecretAdminKey: string;
}

export interface CallOptions {
  access?: Access;
  project?: ProjectKeys;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

const keyHeader = {
  client: ["x-stack-publishable-client-key", "publishableClientKey"],
  server: ["x-stack-secret-server-key", "secretServerKey"],
  admin: ["x-stack-super-secret-admin-key", "superSecretAdminKey"],
} as const;

/** Keys for the internal project, handed to every server process through LATCHKEY_INTERNAL_*. */
export function newInternalKeys(): ProjectKeys {
  const key = (prefix: string) => `${prefix}_faults_${randomBytes(20).toString("hex")}`;
  return { id: "internal", publishableClientKey: key("pck"), secretServerKey: key("ssk"), superSecretAdminKey: key("sak") };
}

/**
 * Calls `<baseUrl>/api/v1<path>`. Answers every HTTP status; rejects only when no answer came
 * (connection refused or reset, timeout), which is what a crashed server or database looks like.
 */
export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  if (options.access) {
    if (!options.project) throw new Error("call: access needs a project");
    const [header, key] = keyHeader[options.access];
    headers["x-stack-access-type"] = options.access;
    headers["x-stack-project-id"] = options.project.id;
    headers[header] = options.project[key];
  }
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  Object.assign(headers, options.headers);
  const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 20_000) });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get("content-type") ?? "").includes("application/json")) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

/** The known-error code of an answer (x-stack-known-error), if any. */
export function knownErrorCode(res: ApiResponse): string | null {
  return res.headers.get("x-stack-known-error");
}

/**
 * A short description of an unexpected answer for messages: status and error code, or the start of a
 * plain-text error. Never the body of a successful answer (it may hold tokens).
 */
export function describe(res: ApiResponse): string {
  const code = knownErrorCode(res);
  if (code) return `${res.status} ${code}`;
  if (res.status < 400) return `${res.status}`;
  return `${res.status} ${res.text.slice(0, 160).replace(/\s+/g, " ")}`;
}

/** Throws with a description unless the answer has the expected status (set-up steps, not checks). */
export function expectStatus(res: ApiResponse, status: number, what: string): ApiResponse {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${describe(res)}`);
  return res;
}
