/**
 * Every answer the API gives, as a reply (status, body, headers) in the wire format clients decode.
 * Replies become responses in one place (`api-envelope.ts`), which adds the headers every answer gets.
 */
import { KnownError, knownError } from "../../contract/known-error.js";
import { StatusError, TooManyRequestsError } from "../errors.js";
import { ContractViolationError } from "../validation/contract-violation.js";

const TEXT = "text/plain; charset=utf-8";
export const JSON_TYPE = "application/json; charset=utf-8";

export interface WireReply {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

export function knownErrorReply(error: KnownError): WireReply {
  return { status: error.status, body: JSON.stringify(error.toJSON()), headers: { "content-type": JSON_TYPE, "x-stack-known-error": error.code } };
}

export function jsonReply(status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): WireReply {
  return { status, body: JSON.stringify(body), headers: { "content-type": JSON_TYPE, ...headers } };
}

/** A 302 to `location` (OAuth authorize and callback, e-mail links); browsers follow it. */
export function redirectReply(location: string): WireReply {
  return { status: 302, body: null, headers: { location } };
}

export function textReply(status: number, text: string): WireReply {
  return { status, body: text, headers: { "content-type": TEXT } };
}

/**
 * Turns anything thrown by a handler into a reply. Unknown errors become a 500 that names only the
 * request id; their details go to the log, never to the client.
 */
export function errorReply(error: unknown, requestId: string, log: (error: unknown) => void): WireReply {
  if (error instanceof KnownError) return knownErrorReply(error);
  if (error instanceof StatusError) {
    const reply = textReply(error.status, error.message);
    if (error instanceof TooManyRequestsError) reply.headers["retry-after"] = String(error.retryAfterSeconds);
    return reply;
  }
  log(error);
  // Only thrown while responses are validated (tests): say what broke.
  if (error instanceof ContractViolationError) return textReply(500, `Contract violation: ${error.message}\n\nRequest ID: ${requestId}`);
  return textReply(500, `Something went wrong on our side. Please try again later.\n\nRequest ID: ${requestId}`);
}

export function routeNotFoundReply(method: string, path: string): WireReply {
  return textReply(404, `404: there is no ${method} ${path} in this API. Check the method and the path (under /api/v1).`);
}

export function methodNotAllowedReply(): WireReply {
  return textReply(405, "Method not allowed");
}

export function bodyParsingError(message: string): KnownError {
  return knownError("BODY_PARSING_ERROR", { message });
}
