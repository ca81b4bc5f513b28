import type * as c from "../../contract/sessions.js";
import { knownError } from "../../contract/known-error.js";
import { resolveUserId } from "../http/auth.js";
import type { Handler } from "../http/handler.js";
import { StatusError } from "../http/status-error.js";
import { checkOAuthClient } from "../services/oauth-client.js";
import { refreshAccessToken, startSession } from "../services/sessions.js";

export const listSessions: Handler<typeof c.listSessions> = async (ctx, { query }) => {
  const { auth, deps } = ctx;
  const userId = resolveUserId(auth, query.user_id, "Clients can only list their own sessions (user_id must be me or their own id).");
  const rows = await deps.queries.sessions.listLiveForUser(auth.project.id, userId, deps.clock.now());
  const visible = auth.accessType === "admin" ? rows : rows.filter((s) => !s.isImpersonation);
  return {
    is_paginated: false,
    items: visible.map((s) => ({
      id: s.id,
      user_id: s.userId,
      created_at: s.createdAt.getTime(),
      last_used_at: s.lastUsedAt.getTime(),
      is_impersonation: s.isImpersonation,
      is_current_session: s.id === auth.sessionId,
    })),
  };
};

export const createSession: Handler<typeof c.createSession> = async (ctx, { body }) => {
  const { auth, deps } = ctx;
  const userId = resolveUserId(auth, body.user_id, "");
  const record = await deps.queries.users.find(auth.project.id, userId);
  if (!record) throw knownError("USER_ID_DOES_NOT_EXIST", { user_id: userId });
  return startSession(deps, deps.store.db, auth.project.id, record, {
    expiresInMs: body.expires_in_millis,
    isImpersonation: body.is_impersonation ?? false,
  });
};

export const signOut: Handler<typeof c.signOut> = async (ctx) => {
  const { auth, deps } = ctx;
  if (!auth.sessionId) {
    if (ctx.header("x-stack-access-token")) throw knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    throw knownError("USER_AUTHENTICATION_REQUIRED");
  }
  const deleted = await deps.queries.sessions.delete(auth.project.id, auth.sessionId);
  if (!deleted) throw knownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  return { success: true };
};

export const endAllSessions: Handler<typeof c.endAllSessions> = async (ctx, { query }) => {
  const { auth, deps } = ctx;
  const userId = resolveUserId(auth, query.user_id, "Clients can only end their own sessions (user_id must be me or their own id).");
  if (auth.accessType !== "client" && !(await deps.queries.users.find(auth.project.id, userId))) throw knownError("USER_NOT_FOUND");
  const keep = query.include_current || auth.user?.user.id !== userId ? null : auth.sessionId;
  const ended = await deps.queries.sessions.deleteForUser(auth.project.id, userId, keep);
  return { success: true, ended_sessions: ended };
};

export const deleteSession: Handler<typeof c.deleteSession> = async (ctx, { params, query }) => {
  const { auth, deps } = ctx;
  const forbidden = "Clients can only end their own sessions (user_id must be me or their own id).";
  if (auth.accessType === "client" && query.user_id === undefined) throw new StatusError(403, forbidden);
  const userId = query.user_id === undefined ? null : resolveUserId(auth, query.user_id, forbidden);
  const session = await deps.queries.sessions.get(auth.project.id, params.session_id);
  if (!session || (userId !== null && session.userId !== userId)) throw new StatusError(404, "Session not found.");
  if (session.id === auth.sessionId) throw knownError("CANNOT_DELETE_CURRENT_SESSION");
  await deps.queries.sessions.delete(auth.project.id, session.id);
  return { success: true };
};

export const oauthToken: Handler<typeof c.oauthToken> = async (ctx, { body }) => {
  const { deps } = ctx;
  const project = await checkOAuthClient(deps, body.client_id, body.client_secret, ctx.header("authorization"));
  if (body.grant_type === "authorization_code") throw knownError("INVALID_AUTHORIZATION_CODE");
  if (!body.refresh_token) throw knownError("SCHEMA_ERROR", { message: "Request validation failed on POST /api/v1/auth/oauth/token:\n  - body.refresh_token is a required field" });
  const accessToken = await refreshAccessToken(deps, project.id, body.refresh_token);
  return { access_token: accessToken, token_type: "Bearer", expires_in: Math.floor(deps.config.accessTokenLifetimeMs / 1000), scope: "legacy" };
};

export const projectJwks: Handler<typeof c.projectJwks> = async (ctx, { params }) => {
  const { deps } = ctx;
  if (!(await deps.queries.projects.find(params.project_id))) throw new StatusError(404, "Project not found");
  await deps.signingKeys.current(params.project_id);
  return deps.signingKeys.jwks(params.project_id);
};

export const anonymousProjectJwks: Handler<typeof c.anonymousProjectJwks> = projectJwks;
