import type * as c from "../../contract/sessions.js";
import { knownError } from "../../contract/known-error.js";
import { resolveUserId } from "../http/auth.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { statusError } from "../errors.js";
import { redeemAuthorizationCode } from "../services/oauth/code-grant.js";
import { checkOAuthClient } from "../services/token-endpoint-auth.js";
import { endSession, endUserSessions, refreshAccessToken, sessionOriginOf, startSessionForUser } from "../services/sessions.js";
import { sessionToJson } from "../views/sessions.js";
import { actorOf } from "./actor.js";

const listSessions: Handler<typeof c.listSessions> = async (ctx, { query }) => {
  const { auth, deps } = ctx;
  const userId = resolveUserId(auth, query.user_id, "sessionsListOwnOnly");
  const rows = await deps.queries.sessions.listLiveForUser(auth.project.id, userId, deps.clock.now());
  const visible = auth.accessType === "admin" ? rows : rows.filter((s) => !s.isImpersonation);
  return { is_paginated: false, items: visible.map((s) => sessionToJson(s, auth.sessionId)) };
};

const createSession: Handler<typeof c.createSession> = async (ctx, { body }) => {
  const { auth, deps } = ctx;
  const userId = resolveUserId(auth, body.user_id);
  const options = { expiresInMs: body.expires_in_millis, isImpersonation: body.is_impersonation ?? false, origin: sessionOriginOf(ctx) };
  return startSessionForUser(deps, auth.project.id, userId, options, actorOf(auth));
};

const signOut: Handler<typeof c.signOut> = async (ctx) => {
  const { auth, deps } = ctx;
  if (!auth.sessionId) {
    if (ctx.header("x-stack-access-token")) throw knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    throw knownError("USER_AUTHENTICATION_REQUIRED");
  }
  const session = { id: auth.sessionId, userId: auth.user!.user.id };
  if (!(await endSession(deps, auth.project.id, session, actorOf(auth)))) throw knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  return { success: true };
};

const refreshCurrentSession: Handler<typeof c.refreshCurrentSession> = async (ctx) => {
  const { auth, deps } = ctx;
  const refreshToken = ctx.header("x-stack-refresh-token");
  if (!refreshToken) {
    throw knownError("SCHEMA_ERROR", { message: "Request validation failed on POST /api/v1/auth/sessions/current/refresh:\n  - headers.x-stack-refresh-token must be defined" });
  }
  return { access_token: await refreshAccessToken(deps, auth.project.id, refreshToken) };
};

const endAllSessions: Handler<typeof c.endAllSessions> = async (ctx, { query }) => {
  const { auth, deps } = ctx;
  const userId = resolveUserId(auth, query.user_id, "sessionsEndOwnOnly");
  if (auth.accessType !== "client" && !(await deps.queries.users.find(auth.project.id, userId))) throw knownError("USER_NOT_FOUND");
  const keep = query.include_current || auth.user?.user.id !== userId ? null : auth.sessionId;
  const ended = await endUserSessions(deps, auth.project.id, userId, keep, actorOf(auth));
  return { success: true, ended_sessions: ended };
};

const deleteSession: Handler<typeof c.deleteSession> = async (ctx, { params, query }) => {
  const { auth, deps } = ctx;
  if (auth.accessType === "client" && query.user_id === undefined) throw statusError("sessionsEndOwnOnly");
  const userId = query.user_id === undefined ? null : resolveUserId(auth, query.user_id, "sessionsEndOwnOnly");
  const session = await deps.queries.sessions.get(auth.project.id, params.session_id);
  if (!session || (userId !== null && session.userId !== userId)) throw statusError("sessionNotFound");
  if (session.id === auth.sessionId) throw knownError("CANNOT_DELETE_CURRENT_SESSION");
  await endSession(deps, auth.project.id, session, actorOf(auth));
  return { success: true };
};

const oauthToken: Handler<typeof c.oauthToken> = async (ctx, { body }) => {
  const { deps } = ctx;
  const project = await checkOAuthClient(deps, body.client_id, body.client_secret, ctx.header("authorization"));
  if (body.grant_type === "authorization_code") {
    const grant = { code: body.code, redirectUri: body.redirect_uri, codeVerifier: body.code_verifier };
    const signedIn = await redeemAuthorizationCode(deps, project, grant, sessionOriginOf(ctx));
    return { ...signedIn, token_type: "Bearer", expires_in: Math.floor(deps.config.accessTokenLifetimeMs / 1000), scope: "legacy" };
  }
  if (!body.refresh_token) throw knownError("SCHEMA_ERROR", { message: "Request validation failed on POST /api/v1/auth/oauth/token:\n  - body.refresh_token is a required field" });
  const accessToken = await refreshAccessToken(deps, project.id, body.refresh_token);
  return { access_token: accessToken, token_type: "Bearer", expires_in: Math.floor(deps.config.accessTokenLifetimeMs / 1000), scope: "legacy" };
};

/** The regular key set; with `include_anonymous=true` the anonymous users' key set after it. */
const projectJwks: Handler<typeof c.projectJwks> = async (ctx, { params, query }) => {
  const { deps } = ctx;
  if (!(await deps.queries.projects.find(params.project_id))) throw statusError("projectNotFoundPlain");
  return deps.signingKeys.jwks(params.project_id, { includeAnonymous: query.include_anonymous === true });
};

/** At the issuer path of anonymous users' tokens both sets are published, so their tokens verify there. */
const anonymousProjectJwks: Handler<typeof c.anonymousProjectJwks> = async (ctx, { params }) => {
  const { deps } = ctx;
  if (!(await deps.queries.projects.find(params.project_id))) throw statusError("projectNotFoundPlain");
  return deps.signingKeys.jwks(params.project_id, { includeAnonymous: true });
};

export const sessionHandlers = {
  oauthToken,
  projectJwks,
  anonymousProjectJwks,
  listSessions,
  createSession,
  signOut,
  refreshCurrentSession,
  deleteSession,
  endAllSessions,
} satisfies HandlerMap<typeof c.sessionProcedures>;
