/**
 * The authorization request (RFC 6749 section 4.1.1, OAuth 2.1, OpenID Connect Core 3.1.2.1): checked in
 * the spec's order. Until the client and its redirect URI are known good, errors are shown to the user;
 * after that they go back to the client at its redirect URI. A checked request travels sealed (by the
 * server secret) through the sign-in and consent pages.
 */
import type { OAuthClientRow } from "../db/queries/identity-provider.js";
import type { AppDeps } from "../deps.js";
import { looksLikeMetadataDocumentId, resolveMetadataDocumentClient } from "./metadata-documents.js";
import { covers, parseScope } from "./scopes.js";

export const REQUEST_LIFETIME_MS = 15 * 60_000;
const SEAL_PURPOSE = "oauth2-authorization-request";

export interface AuthorizationRequest {
  projectId: string;
  clientId: string;
  redirectUri: string;
  state: string | null;
  nonce: string | null;
  scopes: string[];
  codeChallenge: string;
  resource: string | null;
  prompt: string[];
  maxAgeS: number | null;
  /** When the request arrived (ms); with prompt=login, only a sign-in after it counts. */
  receivedAt: number;
}

/** An error shown to the user (the client or redirect URI cannot be trusted). */
export interface PageError {
  kind: "page";
  status: number;
  message: string;
}

/** An error returned to the client at its redirect URI. */
export interface RedirectError {
  kind: "redirect";
  redirectUri: string;
  error: string;
  description: string;
  state: string | null;
}

export type Checked = { kind: "ok"; request: AuthorizationRequest; client: OAuthClientRow } | PageError | RedirectError;

const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Reads one parameter, refusing repeats (RFC 6749 section 3.1). */
function single(params: URLSearchParams, name: string): string | null | undefined {
  const values = params.getAll(name);
  if (values.length > 1) return undefined;
  return values[0] ?? null;
}

export async function checkAuthorizationRequest(deps: AppDeps, projectId: string, params: URLSearchParams): Promise<Checked> {
  const clientId = single(params, "client_id");
  if (!clientId) return { kind: "page", status: 400, message: "The request names no client (client_id)." };
  let client = await deps.queries.identityProvider.findClient(projectId, clientId);
  if (looksLikeMetadataDocumentId(clientId) && (!client || client.registeredBy === "metadata_document")) {
    const settings = await deps.queries.identityProvider.settings(projectId);
    if (!settings.metadataDocumentsEnabled) client = undefined;
    else {
      const resolved = await resolveMetadataDocumentClient(deps, projectId, clientId, client);
      if (!resolved.ok) return { kind: "page", status: 400, message: `This app's metadata document is refused: ${resolved.reason}.` };
      client = resolved.client;
    }
  }
  if (!client) return { kind: "page", status: 400, message: "This app is not registered with this project." };
  const givenRedirect = single(params, "redirect_uri");
  if (givenRedirect === undefined) return { kind: "page", status: 400, message: "The request repeats redirect_uri." };
  // Exact string match only (OAuth 2.1 section 4.1.1): no prefix, path or query leeway.
  const redirectUri = givenRedirect ?? (client.redirectUris.length === 1 ? client.redirectUris[0]! : null);
  if (redirectUri === null || !client.redirectUris.includes(redirectUri)) {
    return { kind: "page", status: 400, message: "The redirect URI of this request is not registered for this app." };
  }
  const state = single(params, "state") ?? null;
  const fail = (error: string, description: string): RedirectError => ({ kind: "redirect", redirectUri, error, description, state });
  for (const name of ["response_type", "scope", "state", "nonce", "code_challenge", "code_challenge_method", "prompt", "max_age"]) {
    if (single(params, name) === undefined) return fail("invalid_request", `${name} is given more than once`);
  }
  if (params.get("request") !== null || params.get("request_uri") !== null) return fail("request_not_supported", "request objects are not supported");
  if (params.get("response_type") !== "code") return fail("unsupported_response_type", "only response_type=code is supported");
  if (!client.grantTypes.includes("authorization_code")) return fail("unauthorized_client", "this client may not use the authorization code grant");
  const codeChallenge = params.get("code_challenge");
  if (!codeChallenge) return fail("invalid_request", "code_challenge is required (PKCE)");
  if (params.get("code_challenge_method") !== "S256") return fail("invalid_request", "code_challenge_method must be S256");
  if (!S256_CHALLENGE.test(codeChallenge)) return fail("invalid_request", "code_challenge must be 43 base64url characters");
  const scopes = parseScope(params.get("scope"));
  if (scopes.length === 0) return fail("invalid_scope", "scope is required");
  if (!covers(client.allowedScopes, scopes)) return fail("invalid_scope", "the request asks for a scope this client may not have");
  const resources = params.getAll("resource");
  if (resources.length > 1) return fail("invalid_target", "one resource per request");
  const resource = resources[0] ?? null;
  if (resource !== null && (!URL.canParse(resource) || new URL(resource).hash !== "")) return fail("invalid_target", "resource must be an absolute URI without a fragment");
  const prompt = parseScope(params.get("prompt"));
  if (prompt.some((p) => !["none", "login", "consent"].includes(p))) return fail("invalid_request", "prompt may be none, login or consent");
  if (prompt.includes("none") && prompt.length > 1) return fail("invalid_request", "prompt=none cannot be combined");
  const maxAge = params.get("max_age");
  if (maxAge !== null && !/^\d{1,9}$/.test(maxAge)) return fail("invalid_request", "max_age must be a number of seconds");
  const nonce = params.get("nonce");
  if (nonce !== null && nonce.length > 500) return fail("invalid_request", "nonce is too long");
  if (state !== null && state.length > 2000) return { kind: "page", status: 400, message: "The state parameter is too long." };
  return {
    kind: "ok",
    client,
    request: {
      projectId,
      clientId,
      redirectUri,
      state,
      nonce,
      scopes,
      codeChallenge,
      resource,
      prompt,
      maxAgeS: maxAge === null ? null : Number(maxAge),
      receivedAt: deps.clock.now().getTime(),
    },
  };
}

export function sealRequest(deps: AppDeps, request: AuthorizationRequest): string {
  return deps.secrets.encrypt(JSON.stringify(request), SEAL_PURPOSE);
}

/** The sealed request, or null when it does not open, belongs to another project or is too old. */
export function openRequest(deps: AppDeps, projectId: string, sealed: string): AuthorizationRequest | null {
  try {
    const request = JSON.parse(deps.secrets.decrypt(sealed, SEAL_PURPOSE)) as AuthorizationRequest;
    if (request.projectId !== projectId) return null;
    if (deps.clock.now().getTime() - request.receivedAt > REQUEST_LIFETIME_MS) return null;
    return request;
  } catch {
    return null;
  }
}

/** Whether a session that began at `authTime` satisfies the request's prompt=login and max_age. */
export function sessionIsFreshEnough(request: AuthorizationRequest, authTime: Date, now: Date): boolean {
  if (request.prompt.includes("login") && authTime.getTime() < request.receivedAt - 1000) return false;
  if (request.maxAgeS !== null && now.getTime() - authTime.getTime() > request.maxAgeS * 1000) return false;
  return true;
}

/** `uri` with the authorization response's parameters (RFC 9207's `iss` included). */
export function redirectWith(uri: string, values: Record<string, string | null>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(values)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}
