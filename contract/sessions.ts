import { z } from "zod";
import { listOf, millis, projectIdField, successResponse, userIdOrMe, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";

export const session = z
  .object({
    id: uuid,
    user_id: uuid,
    created_at: millis,
    last_used_at: millis.optional(),
    is_impersonation: z.boolean(),
    is_current_session: z.boolean(),
    last_used_at_end_user_ip_info: z
      .object({ ip: z.string() })
      .optional()
      .meta({
        description: "The client's address when the session was started (Latchkey records no address on refreshes, and no place); absent when unknown.",
        example: { ip: "203.0.113.7" },
      }),
    user_agent: z.string().nullable().optional().meta({
      description: "Latchkey: the User-Agent header of the request that started the session, for telling devices apart (Stack's SDKs ignore it).",
      example: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    }),
  })
  .meta({ id: "Session" });

export const tokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
export const signInResponse = tokenPair.extend({ user_id: uuid }).meta({ id: "SignInResponse" });

export const listSessions = defineProcedure({
  method: "GET",
  path: "/auth/sessions",
  access: "client",
  summary: "A user's active sessions, newest first (impersonations only for admins)",
  tags: ["Sessions"],
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "sessionsListOwnOnly"],
  query: z.strictObject({ user_id: userIdOrMe }),
  output: listOf(session),
});

export const createSession = defineProcedure({
  method: "POST",
  path: "/auth/sessions",
  access: "server",
  summary: "Start a session for a user (server-side sign-in or impersonation)",
  tags: ["Sessions"],
  successStatus: 200,
  errors: ["USER_ID_DOES_NOT_EXIST"],
  body: z.strictObject({
    user_id: userIdOrMe,
    expires_in_millis: z.number().int().min(1).max(31_708_800_000).optional().meta({ description: "Default: one year." }),
    is_impersonation: z.boolean().optional(),
  }),
  output: tokenPair,
});

export const signOut = defineProcedure({
  method: "DELETE",
  path: "/auth/sessions/current",
  access: "client",
  summary: "Sign out: end the session of the access token",
  tags: ["Sessions"],
  successStatus: 200,
  errors: ["REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"],
  output: successResponse,
});

export const refreshCurrentSession = defineProcedure({
  method: "POST",
  path: "/auth/sessions/current/refresh",
  access: "client",
  rateLimit: "refresh",
  summary: "A new access token for the refresh token in the X-Stack-Refresh-Token header",
  tags: ["Sessions"],
  successStatus: 200,
  errors: ["REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"],
  output: z.object({ access_token: z.string() }),
});

export const endAllSessions = defineProcedure({
  method: "DELETE",
  path: "/auth/sessions",
  access: "client",
  summary: "End all of a user's sessions at once (the caller's own session only with include_current=true)",
  tags: ["Sessions"],
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "sessionsEndOwnOnly"],
  query: z.strictObject({
    user_id: userIdOrMe,
    include_current: z.boolean().optional().meta({ description: "Also end the session of the access token making this request." }),
  }),
  output: z.object({ success: z.literal(true), ended_sessions: z.number().int().nonnegative() }),
});

export const deleteSession = defineProcedure({
  method: "DELETE",
  path: "/auth/sessions/{session_id}",
  access: "client",
  summary: "End another session of a user",
  tags: ["Sessions"],
  successStatus: 200,
  errors: ["CANNOT_DELETE_CURRENT_SESSION", "CANNOT_GET_OWN_USER_WITHOUT_USER", "sessionNotFound", "sessionsEndOwnOnly"],
  params: z.strictObject({ session_id: uuid }),
  query: z.strictObject({ user_id: userIdOrMe.optional().meta({ description: "Required for clients (`me`); optional for servers." }) }),
  output: successResponse,
});

/** OAuth 2 token endpoint: the refresh-token grant, and the authorization-code grant that ends social sign-in (contract/oauth.ts). */
export const oauthToken = defineProcedure({
  method: "POST",
  path: "/auth/oauth/token",
  access: "public",
  rateLimit: "refresh",
  summary: "OAuth 2 token endpoint: a new access token for a refresh token, or a session for a social sign-in's authorization code",
  description: "Form-encoded (or JSON). Client authentication: `client_id` = project id, `client_secret` = publishable client key, in the body or as HTTP Basic.",
  tags: ["Sessions"],
  successStatus: 200,
  errors: [
    "INVALID_OAUTH_CLIENT_ID_OR_SECRET", "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", "INVALID_AUTHORIZATION_CODE", "oauthRedirectUriMismatch",
    "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
  ],
  responseHeaders: { "cache-control": "no-store", pragma: "no-cache" },
  body: z.strictObject({
    grant_type: z.enum(["refresh_token", "authorization_code"]),
    refresh_token: z.string().max(1000).optional(),
    code: z.string().max(1000).optional(),
    redirect_uri: z.string().max(2000).optional(),
    code_verifier: z.string().max(200).optional(),
    client_id: z.string().max(300).optional(),
    client_secret: z.string().max(300).optional(),
    scope: z.string().max(300).optional(),
  }),
  output: z.object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().positive(),
    scope: z.string(),
    refresh_token: z.string().optional(),
    is_new_user: z.boolean().optional(),
    user_id: uuid.optional(),
    after_callback_redirect_url: z.string().nullable().optional(),
  }),
});

const jwk = z.strictObject({ alg: z.literal("ES256"), crv: z.string(), kid: z.string(), kty: z.string(), x: z.string(), y: z.string() });
const jwks = z.object({ keys: z.array(jwk) }).meta({ id: "Jwks" });

export const projectJwks = defineProcedure({
  method: "GET",
  path: "/projects/{project_id}/.well-known/jwks.json",
  access: "public",
  summary: "The public keys that sign this project's access tokens",
  tags: ["Sessions"],
  successStatus: 200,
  errors: ["projectNotFoundPlain"],
  responseHeaders: { "cache-control": "public, max-age=3600" },
  params: z.strictObject({ project_id: projectIdField }),
  query: z.strictObject({ include_anonymous: z.boolean().optional() }),
  output: jwks,
});

export const anonymousProjectJwks = defineProcedure({
  ...projectJwks,
  path: "/projects-anonymous-users/{project_id}/.well-known/jwks.json",
  summary: "The same keys, at the issuer path of anonymous users' tokens",
});

/** This file's procedures, registered in contract/index.ts. */
export const sessionProcedures = {
  oauthToken,
  projectJwks,
  anonymousProjectJwks,
  listSessions,
  createSession,
  signOut,
  refreshCurrentSession,
  deleteSession,
  endAllSessions,
} as const;
