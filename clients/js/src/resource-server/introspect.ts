/**
 * Token introspection (RFC 7662) at the project's authorization server: whether a token that verified
 * locally is still active (not revoked, its grant not ended). The resource authenticates with the
 * project's secret server key or with a confidential client's credentials.
 */
import { BearerTokenError } from "./errors.js";

export type IntrospectionCredentials = { secretServerKey: string } | { clientId: string; clientSecret: string };

/** RFC 6749, appendix B: client credentials in HTTP Basic are form-encoded first. */
const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");

function credentialHeaders(projectId: string, credentials: IntrospectionCredentials): Record<string, string> {
  if ("secretServerKey" in credentials) return { "x-stack-project-id": projectId, "x-stack-secret-server-key": credentials.secretServerKey };
  const basic = btoa(`${formEncode(credentials.clientId)}:${formEncode(credentials.clientSecret)}`);
  return { authorization: `Basic ${basic}` };
}

/** Throws `invalid_token` when the server says the token is not active; throws a plain Error when it cannot be asked. */
export async function assertActive(input: { endpoint: string; projectId: string; credentials: IntrospectionCredentials; token: string; fetch: typeof fetch }): Promise<void> {
  const response = await input.fetch(input.endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", ...credentialHeaders(input.projectId, input.credentials) },
    body: new URLSearchParams({ token: input.token, token_type_hint: "access_token" }).toString(),
  });
  if (!response.ok) throw new Error(`Token introspection at ${input.endpoint} answered ${response.status}`);
  const body = (await response.json()) as { active?: unknown };
  if (body.active !== true) throw new BearerTokenError("invalid_token", "the access token is no longer active");
}
