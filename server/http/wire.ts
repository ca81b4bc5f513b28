/** Writes every error the API answers with, in the wire format clients decode. */
import { KnownError, knownError } from "../../contract/known-error.js";
import { StatusError } from "./status-error.js";

const TEXT = "text/plain; charset=utf-8";
export const JSON_TYPE = "application/json; charset=utf-8";

export function knownErrorResponse(error: KnownError): Response {
  return new Response(JSON.stringify(error.toJSON()), {
    status: error.status,
    headers: { "content-type": JSON_TYPE, "x-stack-known-error": error.code },
  });
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": JSON_TYPE, ...headers } });
}

export function textResponse(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": TEXT } });
}

/**
 * Turns anything thrown by a handler into a response. Unknown errors become a 500 that names only
 * the request id; their details go to the log, never to the client.
 */
export function errorToResponse(error: unknown, requestId: string, log: (error: unknown) => void): Response {
  if (error instanceof KnownError) return knownErrorResponse(error);
  if (error instanceof StatusError) {
    const response = textResponse(error.status, error.message);
    const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (retryAfter !== undefined) response.headers.set("retry-after", String(retryAfter));
    return response;
  }
  log(error);
  return textResponse(500, `Something went wrong on our side. Please try again later.\n\nRequest ID: ${requestId}`);
}

export function routeNotFound(method: string, path: string): Response {
  return textResponse(404, `404: there is no ${method} ${path} in this API. Check the method and the path (under /api/v1).`);
}

export function methodNotAllowed(): Response {
  return textResponse(405, "Method not allowed");
}

export function bodyParsingError(message: string): KnownError {
  return knownError("BODY_PARSING_ERROR", { message });
}
