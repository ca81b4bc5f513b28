/**
 * Server and contract bugs the security suites found and that are still open. Each has an `it.fails`
 * regression test in bugs.test.ts (and fuzzing seeds in regressions/known-bugs.json); the fuzzer
 * does not count an answer a known bug explains, so it keeps looking for new ones. When a bug is
 * fixed its `it.fails` starts failing: delete the entry here, and turn the tests into plain ones.
 */
import type { RawResponse } from "./http.js";
import type { Operation } from "./openapi.js";

/** A request's body as sent (`text`) and as JSON (`json`, undefined when it is not JSON). */
export interface SentBody {
  text: string | undefined;
  json: unknown;
}

export interface KnownBug {
  /** BUG: the route, the input and what goes wrong. */
  description: string;
  /** Whether this bug explains the answer (a 5xx or an undocumented known error). */
  explains(operation: Operation, body: SentBody, response: RawResponse): boolean;
}

/** How deeply arrays and objects nest in a JSON text (counted without recursion). */
export function jsonNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "[" || char === "{") deepest = Math.max(deepest, ++depth);
    else if (char === "]" || char === "}") depth--;
  }
  return deepest;
}

/** Nesting depth of a body, counting JSON inside `config_override_string` too. */
function bodyNesting(body: SentBody): number {
  const inner = (body.json as { config_override_string?: unknown } | undefined)?.config_override_string;
  return Math.max(jsonNesting(body.text ?? ""), typeof inner === "string" ? jsonNesting(inner) : 0);
}

/** Nesting from which the stack-overflow bug below may show (it shows from about 1,500 levels). */
export const DEEP_NESTING = 1_000;

/** The largest time a JavaScript Date can hold (milliseconds since the epoch). */
export const MAX_DATE_MS = 8.64e15;

const expiryRoutes = new Set(["POST /internal/api-keys", "POST /user-api-keys", "POST /team-api-keys", "PATCH /user-api-keys/{api_key_id}", "PATCH /team-api-keys/{api_key_id}"]);
const passwordRoutes = new Set(["POST /users", "PATCH /users/me", "PATCH /users/{user_id}"]);

const codeOf = (response: RawResponse) => response.headers.get("x-stack-known-error");

/**
 * Open bugs. Fixed so far (their regression tests are plain tests in bugs.test.ts and their seeds are
 * replayed from regressions/known-bugs.json): expiry times beyond the largest Date (now refused by the
 * contract), JSON nested deep enough to overflow validation (now refused beyond 128 levels), and errors
 * missing from openapi.json (password errors on user routes; SCHEMA_ERROR and BODY_PARSING_ERROR).
 */
export const knownBugs: readonly KnownBug[] = [];

export function explainedByKnownBug(operation: Operation, body: SentBody, response: RawResponse): KnownBug | undefined {
  return knownBugs.find((bug) => bug.explains(operation, body, response));
}
