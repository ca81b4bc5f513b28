/**
 * The answers to a refused request: `WWW-Authenticate: Bearer` with RFC 6750's error attributes and RFC
 * 9728's `resource_metadata`, and a JSON body with the same error, so a client that reads only the body
 * learns as much.
 */
import type { BearerTokenError } from "./errors.js";

/** An auth-param value as a quoted string (RFC 9110, section 5.6.4). */
const quoted = (value: string) => `"${value.replace(/[\\"]/g, "\\$&")}"`;

export function wwwAuthenticate(error: BearerTokenError, resourceMetadataUrl: string, scopes: readonly string[]): string {
  const params: [string, string][] = [];
  if (error.code) params.push(["error", error.code], ["error_description", error.description]);
  const scope = error.scope.length > 0 ? error.scope : scopes;
  if (scope.length > 0) params.push(["scope", scope.join(" ")]);
  params.push(["resource_metadata", resourceMetadataUrl]);
  return `Bearer ${params.map(([name, value]) => `${name}=${quoted(value)}`).join(", ")}`;
}

export function challengeResponse(error: BearerTokenError, resourceMetadataUrl: string, scopes: readonly string[]): Response {
  const body = error.code ? { error: error.code, error_description: error.description } : { error: "unauthorized", error_description: error.description };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: {
      "content-type": "application/json",
      "cache-control": "no-store",
      "www-authenticate": wwwAuthenticate(error, resourceMetadataUrl, scopes),
    },
  });
}
