/**
 * The identity provider's machine endpoints in their RFCs' wire format: discovery (RFC 8414 and OpenID
 * Connect Discovery, also at the RFC 8414 path-inserted addresses), token, userinfo, revocation (RFC 7009),
 * introspection (RFC 7662), dynamic client registration (RFC 7591) and RP-initiated logout.
 */
import type { Context, Hono } from "hono";
import { StatusError } from "../errors.js";
import { checkKey } from "../http/auth.js";
import { clientIpOf } from "../http/client-ip.js";
import type { AppDeps } from "../deps.js";
import { TooManyRequestsError, enforceLimit } from "../services/rate-limits.js";
import { authenticateClient } from "./client-auth.js";
import { createClient } from "./clients.js";
import { revokeRefreshToken } from "./grants.js";
import { endHostedSession } from "./hosted-session.js";
import { discoveryDocument, issuerOf } from "./issuer.js";
import { oauthError, oauthJson, readForm } from "./oauth-reply.js";
import { knownScopes } from "./scopes.js";
import { tokenEndpoint } from "./token-endpoint.js";
import { userClaims, verifyClientAccessToken, stillGranted } from "./tokens.js";
import { registrationInput } from "./registration.js";
import { jwtVerify, decodeProtectedHeader } from "jose";

const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Dynamic registrations per client address and project. */
export const REGISTRATION_LIMIT = { max: 10, windowMs: 3600_000 };

async function projectOf(deps: AppDeps, c: Context): Promise<string | null> {
  const projectId = c.req.param("project_id") ?? "";
  return PROJECT_ID.test(projectId) && (await deps.queries.projects.find(projectId)) ? projectId : null;
}

const notFound = () => oauthError("invalid_request", "no such project", 404);
const bearerOf = (c: Context) => /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? null;

export function mountProtocolRoutes(app: Hono, deps: AppDeps): void {
  const base = "/api/v1/projects/:project_id";

  const discovery = async (c: Context) => {
    const projectId = await projectOf(deps, c);
    if (!projectId) return notFound();
    const settings = await deps.queries.identityProvider.settings(projectId);
    const document = discoveryDocument(deps.config.publicUrl, projectId, knownScopes(settings), settings.dynamicRegistrationEnabled, settings.metadataDocumentsEnabled);
    return oauthJson(document, 200, { "cache-control": "public, max-age=300" });
  };
  for (const name of ["openid-configuration", "oauth-authorization-server"]) {
    app.get(`${base}/.well-known/${name}`, discovery);
    app.get(`/.well-known/${name}/api/v1/projects/:project_id`, discovery);
  }

  app.post(`${base}/oauth2/token`, async (c) => {
    const projectId = await projectOf(deps, c);
    if (!projectId) return notFound();
    const form = await readForm(c.req.raw);
    if (!form) return oauthError("invalid_request", "the body must be application/x-www-form-urlencoded");
    return tokenEndpoint(deps, projectId, form, c.req.header("authorization"));
  });

  const userinfo = async (c: Context) => {
    const projectId = await projectOf(deps, c);
    if (!projectId) return notFound();
    const token = bearerOf(c);
    const challenge = (error: string) => ({ "www-authenticate": `Bearer error="${error}"` });
    const verified = token ? await verifyClientAccessToken(deps, projectId, token) : null;
    if (!verified || !(await stillGranted(deps, projectId, verified))) return oauthError("invalid_token", "the access token is not valid", 401, challenge("invalid_token"));
    if (verified.sub === verified.clientId || !verified.scopes.includes("openid")) return oauthError("insufficient_scope", "userinfo needs a user's token with the openid scope", 403, challenge("insufficient_scope"));
    const record = await deps.queries.users.find(projectId, verified.sub);
    if (!record) return oauthError("invalid_token", "the user no longer exists", 401, challenge("invalid_token"));
    return oauthJson({ sub: record.user.id, ...userClaims(record, verified.scopes) });
  };
  app.get(`${base}/oauth2/userinfo`, userinfo);
  app.post(`${base}/oauth2/userinfo`, userinfo);

  app.post(`${base}/oauth2/revoke`, async (c) => {
    const projectId = await projectOf(deps, c);
    if (!projectId) return notFound();
    const form = await readForm(c.req.raw);
    if (!form?.get("token")) return oauthError("invalid_request", "token is required");
    const auth = await authenticateClient(deps, projectId, form, c.req.header("authorization"));
    if (!auth.ok) return oauthError("invalid_client", "client authentication failed", 401);
    // Access tokens are short-lived JWTs and are not kept; refresh tokens revoke their whole grant.
    await revokeRefreshToken(deps, projectId, auth.client, form.get("token")!);
    return new Response(null, { status: 200, headers: { "cache-control": "no-store", "access-control-allow-origin": "*" } });
  });

  app.post(`${base}/oauth2/introspect`, async (c) => {
    const projectId = await projectOf(deps, c);
    if (!projectId) return notFound();
    const form = await readForm(c.req.raw);
    if (!form?.get("token")) return oauthError("invalid_request", "token is required");
    const serverKey = c.req.header("x-stack-secret-server-key");
    let allowed = false;
    if (serverKey !== undefined) {
      const project = await deps.queries.projects.find(projectId);
      allowed = c.req.header("x-stack-project-id") === projectId && project !== undefined && (await checkKey(deps, project!, "server", serverKey).then(() => true, () => false));
    } else {
      const auth = await authenticateClient(deps, projectId, form, c.req.header("authorization"));
      allowed = auth.ok && auth.authenticated;
    }
    if (!allowed) return oauthError("invalid_client", "introspection needs a confidential client's credentials or the project's secret server key", 401);
    const verified = await verifyClientAccessToken(deps, projectId, form.get("token")!);
    if (!verified || !(await stillGranted(deps, projectId, verified))) return oauthJson({ active: false });
    return oauthJson({
      active: true,
      scope: verified.scopes.join(" "),
      client_id: verified.clientId,
      sub: verified.sub,
      aud: verified.aud,
      iss: issuerOf(deps.config.publicUrl, projectId),
      exp: verified.exp,
      iat: verified.iat,
      jti: verified.jti,
      token_type: "Bearer",
    });
  });

  app.post(`${base}/oauth2/register`, async (c) => {
    const projectId = await projectOf(deps, c);
    if (!projectId) return notFound();
    const settings = await deps.queries.identityProvider.settings(projectId);
    if (!settings.dynamicRegistrationEnabled) return oauthError("access_denied", "dynamic client registration is turned off for this project", 403);
    const address = clientIpOf(c, (h) => c.req.header(h), deps.config.trustProxy) ?? "unknown";
    try {
      await enforceLimit(deps, `oauth2-register:${projectId}:${address}`, REGISTRATION_LIMIT);
    } catch (error) {
      if (error instanceof TooManyRequestsError) return oauthError("temporarily_unavailable", "too many registrations; try again later", 429, { "retry-after": String(error.retryAfterSeconds) });
      throw error;
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return oauthError("invalid_client_metadata", "the body must be JSON");
    }
    const input = registrationInput(body, knownScopes(settings));
    if (!input.ok) return oauthError(input.error, input.description);
    try {
      const { row, secret } = await createClient(deps, projectId, input.fields, "dynamic_registration", null);
      return oauthJson(
        {
          client_id: row.clientId,
          ...(secret && { client_secret: secret, client_secret_expires_at: 0 }),
          client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
          client_name: row.name,
          ...(row.logoUrl && { logo_uri: row.logoUrl }),
          redirect_uris: row.redirectUris,
          grant_types: row.grantTypes,
          response_types: ["code"],
          token_endpoint_auth_method: secret ? "client_secret_basic" : "none",
          scope: row.allowedScopes.join(" "),
        },
        201,
      );
    } catch (error) {
      if (error instanceof StatusError && error.errorName === "oauthClientInvalid") {
        const reason = error.message.replace(/^The OAuth client cannot be saved: /, "");
        return oauthError(reason.includes("redirect") ? "invalid_redirect_uri" : "invalid_client_metadata", reason);
      }
      throw error;
    }
  });

  app.get(`${base}/oauth2/logout`, async (c) => {
    const projectId = await projectOf(deps, c);
    if (!projectId) return notFound();
    const hint = c.req.query("id_token_hint");
    const postLogout = c.req.query("post_logout_redirect_uri");
    const state = c.req.query("state");
    let clientId: string | null = c.req.query("client_id") ?? null;
    if (hint) {
      try {
        const { kid } = decodeProtectedHeader(hint);
        const key = kid ? await deps.signingKeys.byKid(kid) : null;
        if (!key || key.projectId !== projectId) throw new Error("unknown key");
        // An expired ID token still names its client and user (OpenID Connect RP-Initiated Logout 1.0, section 2).
        const { payload } = await jwtVerify(hint, key.publicKey, { issuer: issuerOf(deps.config.publicUrl, projectId), clockTolerance: 365 * 24 * 3600 });
        const aud = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
        if (clientId !== null && clientId !== aud) return oauthError("invalid_request", "client_id does not match id_token_hint");
        clientId = aud ?? null;
      } catch {
        return oauthError("invalid_request", "id_token_hint is not valid");
      }
    }
    let target: string | null = null;
    if (postLogout) {
      const client = clientId ? await deps.queries.identityProvider.findClient(projectId, clientId) : undefined;
      if (!client || !client.redirectUris.includes(postLogout)) return oauthError("invalid_request", "post_logout_redirect_uri is not registered for this client");
      const url = new URL(postLogout);
      if (state) url.searchParams.set("state", state);
      target = url.toString();
    }
    // End the hosted pages' session of this browser, then clear its cookies.
    await endHostedSession(deps, c, projectId);
    const headers = new Headers(c.res.headers);
    headers.set("cache-control", "no-store");
    if (target) {
      headers.set("location", target);
      return new Response(null, { status: 302, headers });
    }
    headers.set("content-type", "text/html; charset=utf-8");
    return new Response('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signed out</title></head><body><main><h1>You are signed out</h1></main></body></html>', { status: 200, headers });
  });
}
