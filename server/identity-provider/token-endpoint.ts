/** The token endpoint (RFC 6749 section 3.2): authorization_code (PKCE), refresh_token (rotated) and client_credentials. */
import type { OAuthClientRow } from "../db/queries/identity-provider.js";
import type { AppDeps } from "../deps.js";
import { recordEvent } from "../services/events.js";
import { authenticateClient } from "./client-auth.js";
import { redeemCode, issueRefreshToken, rotateRefreshToken } from "./grants.js";
import { oauthError, oauthJson } from "./oauth-reply.js";
import { scopesUserHolds } from "./scope-permissions.js";
import { covers, parseScope } from "./scopes.js";
import { ACCESS_TOKEN_LIFETIME_S, issueAccessToken, issueIdToken } from "./tokens.js";

const USER_SCOPES = new Set(["openid", "profile", "email", "offline_access"]);

export async function tokenEndpoint(deps: AppDeps, projectId: string, form: URLSearchParams, authorization: string | undefined): Promise<Response> {
  const answer = await answerTokenRequest(deps, projectId, form, authorization);
  if (answer.status >= 400) deps.metrics.oauthTokenRefused(((await answer.clone().json()) as { error: string }).error);
  return answer;
}

async function answerTokenRequest(deps: AppDeps, projectId: string, form: URLSearchParams, authorization: string | undefined): Promise<Response> {
  const auth = await authenticateClient(deps, projectId, form, authorization);
  if (!auth.ok) return oauthError("invalid_client", "client authentication failed", 401, { "www-authenticate": 'Basic realm="oauth2"' });
  const { client } = auth;
  const grantType = form.get("grant_type");
  if (grantType !== "authorization_code" && grantType !== "refresh_token" && grantType !== "client_credentials") {
    return oauthError("unsupported_grant_type", "grant_type must be authorization_code, refresh_token or client_credentials");
  }
  if (!client.grantTypes.includes(grantType)) return oauthError("unauthorized_client", `this client may not use the ${grantType} grant`);
  switch (grantType) {
    case "authorization_code":
      return codeGrant(deps, projectId, client, form);
    case "refresh_token":
      return refreshGrant(deps, projectId, client, form);
    case "client_credentials":
      return clientCredentialsGrant(deps, projectId, client, form);
  }
}

async function userTokens(
  deps: AppDeps,
  projectId: string,
  client: OAuthClientRow,
  grant: { grantId: string; userId: string; scopes: string[]; resource: string | null; nonce: string | null; authTime: Date; grantType: "authorization_code" | "refresh_token" },
  refreshToken: string | null,
): Promise<Response> {
  const record = await deps.queries.users.find(projectId, grant.userId);
  if (!record) return oauthError("invalid_grant", "the user no longer exists");
  const accessToken = await issueAccessToken(deps, projectId, { sub: grant.userId, userId: grant.userId, grantId: grant.grantId, clientId: client.clientId, scopes: grant.scopes, resource: grant.resource });
  const idToken = grant.scopes.includes("openid")
    ? await issueIdToken(deps, projectId, { record, clientId: client.clientId, scopes: grant.scopes, nonce: grant.nonce, authTime: grant.authTime, accessToken })
    : undefined;
  await recordIssued(deps, projectId, client, grant.userId, grant.grantType, grant.scopes, grant.resource);
  return oauthJson({
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_LIFETIME_S,
    scope: grant.scopes.join(" "),
    ...(idToken && { id_token: idToken }),
    ...(refreshToken && { refresh_token: refreshToken }),
  });
}

async function codeGrant(deps: AppDeps, projectId: string, client: OAuthClientRow, form: URLSearchParams): Promise<Response> {
  const code = form.get("code");
  if (!code) return oauthError("invalid_request", "code is required");
  const redeemed = await redeemCode(deps, projectId, client, { code, redirectUri: form.get("redirect_uri"), verifier: form.get("code_verifier") });
  if (!redeemed.ok) return oauthError("invalid_grant", redeemed.description);
  const row = redeemed.value;
  const wantsRefresh = row.scopes.includes("offline_access") && client.grantTypes.includes("refresh_token");
  const refreshToken = wantsRefresh
    ? await issueRefreshToken(deps, { projectId, clientRowId: client.id, userId: row.userId, grantId: row.grantId, scopes: row.scopes, resource: row.resource, authTime: row.authTime })
    : null;
  return userTokens(deps, projectId, client, { grantId: row.grantId, userId: row.userId, scopes: row.scopes, resource: row.resource, nonce: row.nonce, authTime: row.authTime, grantType: "authorization_code" }, refreshToken);
}

async function refreshGrant(deps: AppDeps, projectId: string, client: OAuthClientRow, form: URLSearchParams): Promise<Response> {
  const token = form.get("refresh_token");
  if (!token) return oauthError("invalid_request", "refresh_token is required");
  const rotated = await rotateRefreshToken(deps, projectId, client, token);
  if (!rotated.ok) return oauthError("invalid_grant", rotated.description);
  const { row, next } = rotated.value;
  const asked = parseScope(form.get("scope"));
  if (asked.length > 0 && !covers(row.scopes, asked)) return oauthError("invalid_scope", "a refresh may only narrow the granted scopes");
  // A project scope lasts only while the user holds its permission.
  const scopes = await scopesUserHolds(deps, projectId, row.userId, asked.length > 0 ? asked : row.scopes);
  return userTokens(deps, projectId, client, { grantId: row.grantId, userId: row.userId, scopes, resource: row.resource, nonce: null, authTime: row.authTime, grantType: "refresh_token" }, next);
}

async function clientCredentialsGrant(deps: AppDeps, projectId: string, client: OAuthClientRow, form: URLSearchParams): Promise<Response> {
  if (client.type !== "confidential") return oauthError("unauthorized_client", "only confidential clients may use client_credentials");
  const asked = parseScope(form.get("scope"));
  const machineScopes = client.allowedScopes.filter((s) => !USER_SCOPES.has(s));
  if (asked.some((s) => USER_SCOPES.has(s))) return oauthError("invalid_scope", "client_credentials tokens carry no user: openid, profile, email and offline_access do not apply");
  if (!covers(machineScopes, asked)) return oauthError("invalid_scope", "the request asks for a scope this client may not have");
  const resources = form.getAll("resource");
  if (resources.length > 1 || (resources[0] !== undefined && !URL.canParse(resources[0]))) return oauthError("invalid_target", "one absolute resource URI");
  const resource = resources[0] ?? null;
  const scopes = asked.length > 0 ? asked : machineScopes;
  const accessToken = await issueAccessToken(deps, projectId, { sub: client.clientId, userId: null, grantId: null, clientId: client.clientId, scopes, resource });
  await recordIssued(deps, projectId, client, null, "client_credentials", scopes, resource);
  return oauthJson({ access_token: accessToken, token_type: "Bearer", expires_in: ACCESS_TOKEN_LIFETIME_S, scope: scopes.join(" ") });
}

async function recordIssued(
  deps: AppDeps,
  projectId: string,
  client: OAuthClientRow,
  userId: string | null,
  grantType: "authorization_code" | "refresh_token" | "client_credentials",
  scopes: string[],
  resource: string | null,
): Promise<void> {
  deps.metrics.oauthTokenIssued(client.clientId, grantType);
  await recordEvent(deps, deps.store.db, "oauth_token.issued", { client_id: client.clientId, user_id: userId, grant_type: grantType, scopes, resource }, { projectId, actor: null });
  deps.store.afterCommit(() => deps.jobs.wake(), deps.store.db);
}
