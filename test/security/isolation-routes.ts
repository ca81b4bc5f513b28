/**
 * The reviewed table behind the tenant-isolation matrix: for every route of openapi.json, the
 * requests that name the victim's objects (ids, codes, tokens, keys) in path, query and body. The
 * matrix sends them with the wrong credentials; a route missing here fails the matrix, so a new route
 * cannot slip through unreviewed.
 *
 * - `refuse`: a success would itself be the breach (a write to, or a read of, one victim object), so
 *   the answer must be a 4xx; `"client"`: only client callers must be refused (they may name only
 *   themselves), while a server's list filtered by an id its project does not have may answer with an
 *   empty list. Without it, a 2xx passes when it shows none of the victim's values.
 * - `publicByDesign`: the route reads no credentials (or optional ones) and serves anyone by design;
 *   it is still checked for leaks and changes, but not for refusing unauthenticated callers.
 * - `notPerUser`: why mode (b) (user 2 of the victim project against user 1's objects) does not apply:
 *   the input is a bearer secret whose possession authorizes by design, or anyone may make the call.
 */
import type { TestInstance } from "../support/instance.js";
import { AI_CHAT_THREAD_ID, type Attacker, type Victim } from "./support/tenants.js";
import { oauthIsolationRoutes } from "./isolation-routes-oauth.js";
import { roundTwoIsolationRoutes } from "./isolation-routes-round-2.js";

export interface VictimRequest {
  /** Names the variant in failure messages. */
  label: string;
  params?: Record<string, string | undefined>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  refuse?: true | "client";
}

/** The defined entries of a parameter record (object literals of a union leave some keys undefined). */
export function defined(record: Record<string, string | undefined> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export interface RouteContext {
  lk: TestInstance;
  victim: Victim;
  attacker: Attacker;
}

export interface RouteCase {
  requests(context: RouteContext): VictimRequest[] | Promise<VictimRequest[]>;
  publicByDesign?: string;
  notPerUser?: string;
  /** Served on the internal project only: also attacked by the attacker's owner there. */
  internalOnly?: true;
}

const callback = "http://localhost:3000/attacker-callback";
const BEARER = "the input is a bearer secret: whoever holds it may use it, by design (attacked across projects only)";
const SELF = "acts only on the caller's own user or session; no other user's ids are involved";
const NO_IDS = "names no object: it creates or lists the caller's own things";

/** A challenge the attacker obtains in their own project, for ceremonies that need one. */
async function attackerChallenge(context: RouteContext, path: string): Promise<{ options_json: any; code: string }> {
  const { lk, attacker } = context;
  const res = await lk.call("POST", path, { access: "client", project: attacker.project, headers: { "x-stack-access-token": attacker.user.accessToken } });
  if (res.status !== 200) throw new Error(`Attacker set-up ${path} failed: ${res.text}`);
  return res.body;
}

/** An unsubscribe code for a victim's user with a signature the server never made. */
function forgedUnsubscribeCode(projectId: string, userId: string): string {
  const data = Buffer.from(JSON.stringify([projectId, userId, "4f6f8873-3d04-46bd-8bef-18338b1a1b4c"]), "utf8").toString("base64url");
  return `${data}.${"A".repeat(43)}`;
}

const dummyCredential = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "AAAA", attestationObject: "AAAA" } };
const dummyAssertion = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" } };

export const isolationRoutes: Record<string, RouteCase> = {
  ...oauthIsolationRoutes,
  ...roundTwoIsolationRoutes,
  "GET /": {
    publicByDesign: "the API root greets any caller and names only the caller's own project",
    requests: () => [{ label: "root" }],
  },
  "GET /health": {
    publicByDesign: "liveness probe: no project data",
    requests: () => [{ label: "health", query: { db: "1" } }],
  },
  "POST /check-version": {
    publicByDesign: "compares the version the caller sent with this server's; no project data",
    requests: () => [{ label: "version", body: { clientVersion: "2.8.39" } }],
  },
  "GET /compatibility": {
    publicByDesign: "fixed facts about this server's wire compatibility; no project data",
    requests: () => [{ label: "compatibility" }],
  },
  "POST /check-feature-support": {
    publicByDesign: "echoes the feature name the caller sent; no project data",
    requests: () => [{ label: "probe", body: { name: "passkeys" } }],
  },
  "GET /projects/{project_id}/.well-known/jwks.json": {
    publicByDesign: "a project's public verification keys are public: whoever checks its tokens needs them",
    requests: ({ victim }) => [{ label: "victim jwks", params: { project_id: victim.project.id } }],
  },
  "GET /projects-anonymous-users/{project_id}/.well-known/jwks.json": {
    publicByDesign: "a project's public verification keys are public: whoever checks its tokens needs them",
    requests: ({ victim }) => [{ label: "victim jwks (anonymous users)", params: { project_id: victim.project.id }, query: { include_anonymous: "true" } }],
  },
  "POST /auth/oauth/token": {
    publicByDesign: "OAuth token endpoint: the client authenticates in the body, not with x-stack-* headers",
    notPerUser: BEARER,
    requests: ({ victim, attacker }) => [
      {
        label: "victim refresh token, attacker client",
        refuse: true,
        body: { grant_type: "refresh_token", refresh_token: victim.user1.refreshToken, client_id: attacker.project.id, client_secret: attacker.project.keys.publishableClientKey },
      },
      {
        label: "victim refresh token, victim client id with attacker secret",
        refuse: true,
        body: { grant_type: "refresh_token", refresh_token: victim.user1.refreshToken, client_id: victim.project.id, client_secret: attacker.project.keys.publishableClientKey },
      },
      {
        label: "attacker refresh token, victim client",
        refuse: true,
        body: { grant_type: "refresh_token", refresh_token: attacker.user.refreshToken, client_id: victim.project.id, client_secret: victim.project.keys.publishableClientKey },
      },
    ],
  },

  // ---- sign-up, sign-in and codes -------------------------------------------------------------------
  "POST /auth/anonymous/sign-up": { notPerUser: NO_IDS, requests: () => [{ label: "anonymous sign-up" }] },
  "POST /auth/password/sign-up": {
    requests: ({ victim }) => [{ label: "victim's e-mail", body: { email: victim.user1.email, password: "another password 1", verification_callback_url: callback } }],
  },
  "POST /auth/password/sign-in": {
    notPerUser: "e-mail and password are the credential: whoever holds them may sign in, by design",
    requests: ({ victim }) => [{ label: "victim credentials", refuse: true, body: { email: victim.user1.email, password: "zq9victim correct horse" } }],
  },
  "POST /auth/password/send-reset-code": {
    notPerUser: "anyone may ask for a reset mail for any address (the forgot-password flow)",
    requests: ({ victim }) => [{ label: "victim's e-mail", body: { email: victim.user1.email, callback_url: callback } }],
  },
  "POST /auth/password/reset/check-code": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim reset code", refuse: true, body: { code: victim.codes.passwordReset } }],
  },
  "POST /auth/password/reset": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim reset code", refuse: true, body: { code: victim.codes.passwordReset, password: "attacker password 1" } }],
  },
  "POST /auth/password/set": { notPerUser: SELF, requests: () => [{ label: "set own password", body: { password: "attacker password 1" } }] },
  "POST /auth/password/update": {
    notPerUser: SELF,
    requests: () => [{ label: "victim's old password", body: { old_password: "zq9victim correct horse", new_password: "attacker password 1" } }],
  },
  "POST /auth/otp/send-sign-in-code": {
    notPerUser: "anyone may ask for a sign-in mail for any address (the magic-link flow)",
    requests: ({ victim }) => [{ label: "victim's e-mail", body: { email: victim.user1.email, callback_url: callback } }],
  },
  "POST /auth/otp/sign-in/check-code": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim magic-link code", refuse: true, body: { code: victim.codes.otp } }],
  },
  "POST /auth/otp/sign-in": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim magic-link code", refuse: true, body: { code: victim.codes.otp } }],
  },
  "POST /auth/mfa/sign-in": {
    notPerUser: BEARER,
    requests: ({ victim }) => [
      { label: "victim attempt code with a valid TOTP", refuse: true, body: { type: "totp", totp: victim.user3.totpCode(), code: victim.user3.mfaAttemptCode } },
    ],
  },
  "POST /auth/mfa/passkey/initiate": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim attempt code", refuse: true, body: { code: victim.user3.mfaAttemptCode } }],
  },
  "POST /auth/mfa/recovery-codes": { notPerUser: SELF, requests: () => [{ label: "own recovery codes" }] },
  "POST /auth/passkey/initiate-passkey-registration": { notPerUser: SELF, requests: () => [{ label: "own registration" }] },
  "POST /auth/passkey/initiate-passkey-authentication": { notPerUser: NO_IDS, requests: () => [{ label: "start authentication" }] },
  "POST /auth/passkey/register": {
    notPerUser: BEARER,
    requests: async (context) => {
      const own = await attackerChallenge(context, "/auth/passkey/initiate-passkey-registration");
      return [
        { label: "victim registration challenge", refuse: true, body: { credential: dummyCredential, code: context.victim.codes.passkeyRegistration } },
        { label: "attacker challenge, victim user's credential id", refuse: true, body: { credential: { ...dummyCredential, id: context.victim.user1.passkeyCredentialId, rawId: context.victim.user1.passkeyCredentialId }, code: own.code } },
      ];
    },
  },
  "POST /auth/passkey/sign-in": {
    notPerUser: BEARER,
    requests: async (context) => {
      const own = await attackerChallenge(context, "/auth/passkey/initiate-passkey-authentication");
      const { victim } = context;
      return [
        { label: "victim authentication challenge", refuse: true, body: { authentication_response: dummyAssertion, code: victim.codes.passkeyAuthentication } },
        {
          label: "victim's passkey, validly signed for the attacker's challenge",
          refuse: true,
          body: { authentication_response: victim.authenticator.get(own.options_json, victim.user1.passkeyCredentialId), code: own.code },
        },
      ];
    },
  },
  "POST /auth/cli": { notPerUser: NO_IDS, requests: () => [{ label: "start CLI login", body: {} }] },
  "POST /auth/cli/poll": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim polling code", refuse: true, body: { polling_code: victim.codes.cliPolling } }],
  },
  "POST /auth/cli/complete": {
    notPerUser: BEARER,
    requests: async (context) => {
      const { lk, victim, attacker } = context;
      const own = await lk.call("POST", "/auth/cli", { access: "client", project: attacker.project, body: {} });
      return [
        { label: "victim login code, attacker refresh token", refuse: true, body: { login_code: victim.codes.cliLogin, refresh_token: attacker.user.refreshToken } },
        { label: "attacker login code, victim refresh token", refuse: true, body: { login_code: own.body.login_code, refresh_token: victim.user1.refreshToken } },
      ];
    },
  },

  // ---- sessions -----------------------------------------------------------------------------------
  "GET /auth/sessions": {
    requests: ({ victim }) => [{ label: "victim user's sessions", refuse: "client", query: { user_id: victim.user1.id } }],
  },
  "POST /auth/sessions": {
    requests: ({ victim }) => [{ label: "session for victim user", refuse: true, body: { user_id: victim.user1.id, is_impersonation: true } }],
  },
  "DELETE /auth/sessions/current": { notPerUser: SELF, requests: () => [{ label: "sign out" }] },
  // The refresh token travels in X-Stack-Refresh-Token, which the matrix does not send: a call without it must not succeed.
  "POST /auth/sessions/current/refresh": { notPerUser: BEARER, requests: () => [{ label: "refresh without a token", refuse: true }] },
  "DELETE /auth/sessions": {
    requests: ({ victim }) => [
      { label: "end the victim user's sessions", refuse: true, query: { user_id: victim.user1.id, include_current: "true" } },
      { label: "end my own sessions", query: { user_id: "me", include_current: "true" } },
    ],
  },
  "DELETE /auth/sessions/{session_id}": {
    requests: ({ victim }) => [
      { label: "victim session, victim user", refuse: true, params: { session_id: victim.user1.otherSessionId }, query: { user_id: victim.user1.id } },
      { label: "victim session as my own", refuse: true, params: { session_id: victim.user1.otherSessionId }, query: { user_id: "me" } },
      { label: "victim session, no user", refuse: true, params: { session_id: victim.user1.otherSessionId } },
    ],
  },

  // ---- users --------------------------------------------------------------------------------------
  "GET /users/me": { notPerUser: SELF, requests: () => [{ label: "me" }] },
  "PATCH /users/me": {
    notPerUser: SELF,
    requests: ({ victim }) => [
      { label: "select the victim's team", refuse: true, body: { selected_team_id: victim.team1.id } },
      { label: "take the victim's e-mail", body: { primary_email: victim.user1.email } },
    ],
  },
  "DELETE /users/me": { notPerUser: SELF, requests: () => [{ label: "delete me" }] },
  "GET /users": {
    requests: ({ victim }) => [
      { label: "victim team's users", query: { team_id: victim.team1.id } },
      { label: "search the victim marker", query: { query: "zq9victim" } },
      { label: "search the victim user id", query: { query: victim.user1.id } },
      { label: "cursor at a victim user", query: { cursor: victim.user1.id } },
    ],
  },
  "POST /users": {
    requests: ({ victim }) => [
      { label: "victim's e-mail", body: { primary_email: victim.user1.email, primary_email_auth_enabled: true } },
      { label: "victim's selected team", body: { display_name: "mallory 2", selected_team_id: victim.team1.id } },
    ],
  },
  "GET /users/{user_id}": { requests: ({ victim }) => [{ label: "victim user", refuse: true, params: { user_id: victim.user1.id } }] },
  "PATCH /users/{user_id}": {
    requests: ({ victim }) => [{ label: "victim user", refuse: true, params: { user_id: victim.user1.id }, body: { display_name: "hijacked", server_metadata: { owned: true } } }],
  },
  "DELETE /users/{user_id}": { requests: ({ victim }) => [{ label: "victim user", refuse: true, params: { user_id: victim.user1.id } }] },

  // ---- contact channels ---------------------------------------------------------------------------
  "GET /contact-channels": {
    requests: ({ victim }) => [
      { label: "victim user's channels", refuse: true, query: { user_id: victim.user1.id } },
      { label: "victim channel id", query: { contact_channel_id: victim.user1.altChannelId } },
      { label: "victim channel id as mine", query: { user_id: "me", contact_channel_id: victim.user1.altChannelId } },
    ],
  },
  "POST /contact-channels": {
    requests: ({ victim }) => [
      { label: "channel for victim user", refuse: true, body: { user_id: victim.user1.id, value: "mallory-2@attacker.test", type: "email", used_for_auth: false } },
    ],
  },
  "GET /contact-channels/{user_id}/{contact_channel_id}": {
    requests: ({ victim }) => [
      { label: "victim user and channel", refuse: true, params: { user_id: victim.user1.id, contact_channel_id: victim.user1.altChannelId } },
      { label: "victim channel as mine", refuse: true, params: { user_id: "me", contact_channel_id: victim.user1.altChannelId } },
    ],
  },
  "PATCH /contact-channels/{user_id}/{contact_channel_id}": {
    requests: ({ victim }) => [
      { label: "victim user and channel", refuse: true, params: { user_id: victim.user1.id, contact_channel_id: victim.user1.altChannelId }, body: { value: "mallory-3@attacker.test" } },
      { label: "victim channel as mine", refuse: true, params: { user_id: "me", contact_channel_id: victim.user1.altChannelId }, body: { used_for_auth: true } },
    ],
  },
  "DELETE /contact-channels/{user_id}/{contact_channel_id}": {
    requests: ({ victim }) => [
      { label: "victim user and channel", refuse: true, params: { user_id: victim.user1.id, contact_channel_id: victim.user1.altChannelId } },
      { label: "victim channel as mine", refuse: true, params: { user_id: "me", contact_channel_id: victim.user1.altChannelId } },
    ],
  },
  "POST /contact-channels/{user_id}/{contact_channel_id}/send-verification-code": {
    requests: ({ victim }) => [
      { label: "victim user and channel", refuse: true, params: { user_id: victim.user1.id, contact_channel_id: victim.user1.altChannelId }, body: { callback_url: callback } },
      { label: "victim channel as mine", refuse: true, params: { user_id: "me", contact_channel_id: victim.user1.altChannelId }, body: { callback_url: callback } },
    ],
  },
  "POST /contact-channels/send-verification-code": {
    requests: ({ victim }) => [{ label: "victim's e-mail", refuse: true, body: { email: victim.user1.email, callback_url: callback } }],
  },
  "POST /contact-channels/verify": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim verification code", refuse: true, body: { code: victim.codes.emailVerification } }],
  },
  "POST /contact-channels/verify/check-code": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim verification code", refuse: true, body: { code: victim.codes.emailVerification } }],
  },

  // ---- teams, memberships, member profiles --------------------------------------------------------
  "GET /teams": { requests: ({ victim }) => [{ label: "victim user's teams", refuse: true, query: { user_id: victim.user1.id } }] },
  "POST /teams": {
    requests: ({ victim }) => [
      { label: "victim user as creator", refuse: true, body: { display_name: "mallory team", creator_user_id: victim.user1.id } },
    ],
  },
  "GET /teams/{team_id}": { requests: ({ victim }) => [{ label: "victim team", refuse: true, params: { team_id: victim.team1.id } }] },
  "PATCH /teams/{team_id}": {
    requests: ({ victim }) => [{ label: "victim team", refuse: true, params: { team_id: victim.team1.id }, body: { display_name: "hijacked" } }],
  },
  "DELETE /teams/{team_id}": { requests: ({ victim }) => [{ label: "victim team", refuse: true, params: { team_id: victim.team1.id } }] },
  "POST /team-memberships/{team_id}/{user_id}": {
    requests: ({ victim }) => [
      { label: "join the victim team myself", refuse: true, params: { team_id: victim.team1.id, user_id: "me" } },
      { label: "add victim user 2 to the victim team", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user2.id } },
    ],
  },
  "DELETE /team-memberships/{team_id}/{user_id}": {
    requests: ({ victim }) => [
      { label: "remove victim user from victim team", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user1.id } },
      { label: "leave the victim team", refuse: true, params: { team_id: victim.team1.id, user_id: "me" } },
    ],
  },
  "GET /team-member-profiles": {
    requests: ({ victim }) => [
      { label: "victim team", refuse: true, query: { team_id: victim.team1.id } },
      { label: "victim user", refuse: true, query: { user_id: victim.user1.id } },
      { label: "victim team and user", refuse: true, query: { team_id: victim.team1.id, user_id: victim.user1.id } },
    ],
  },
  "GET /team-member-profiles/{team_id}/{user_id}": {
    requests: ({ victim }) => [{ label: "victim member", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user1.id } }],
  },
  "PATCH /team-member-profiles/{team_id}/{user_id}": {
    requests: ({ victim }) => [
      { label: "victim member", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user1.id }, body: { display_name: "hijacked" } },
      { label: "my profile in the victim team", refuse: true, params: { team_id: victim.team1.id, user_id: "me" }, body: { display_name: "mallory" } },
    ],
  },

  // ---- team invitations ---------------------------------------------------------------------------
  "POST /team-invitations/send-code": {
    requests: ({ victim }) => [{ label: "invite into victim team", refuse: true, body: { team_id: victim.team1.id, email: "mallory@attacker.test", callback_url: callback } }],
  },
  "GET /team-invitations": { requests: ({ victim }) => [{ label: "victim team", refuse: true, query: { team_id: victim.team1.id } }] },
  "DELETE /team-invitations/{id}": {
    requests: ({ victim }) => [{ label: "victim invitation", refuse: true, params: { id: victim.team1.invitationId }, query: { team_id: victim.team1.id } }],
  },
  "POST /team-invitations/accept": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim invitation code", refuse: true, body: { code: victim.team1.invitationCode } }],
  },
  "POST /team-invitations/accept/details": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim invitation code", refuse: true, body: { code: victim.team1.invitationCode } }],
  },
  "POST /team-invitations/accept/check-code": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim invitation code", refuse: true, body: { code: victim.team1.invitationCode } }],
  },

  // ---- permissions --------------------------------------------------------------------------------
  "GET /team-permissions": {
    requests: ({ victim }) => [
      { label: "victim team", query: { team_id: victim.team1.id } },
      { label: "victim user", refuse: "client", query: { user_id: victim.user1.id } },
      { label: "victim team, victim user", refuse: "client", query: { team_id: victim.team1.id, user_id: victim.user1.id, permission_id: victim.teamPermissionId } },
    ],
  },
  "POST /team-permissions/{team_id}/{user_id}/{permission_id}": {
    requests: ({ victim }) => [
      { label: "victim grant", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user1.id, permission_id: "$delete_team" } },
      { label: "grant myself in victim team", refuse: true, params: { team_id: victim.team1.id, user_id: "me", permission_id: "$delete_team" } },
    ],
  },
  "DELETE /team-permissions/{team_id}/{user_id}/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim grant", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user1.id, permission_id: victim.teamPermissionId } }],
  },
  "GET /project-permissions": {
    requests: ({ victim }) => [
      { label: "victim user", refuse: "client", query: { user_id: victim.user1.id } },
      { label: "victim permission", query: { permission_id: victim.projectPermissionId } },
    ],
  },
  "POST /project-permissions/{user_id}/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim grant", refuse: true, params: { user_id: victim.user1.id, permission_id: victim.projectPermissionId } }],
  },
  "DELETE /project-permissions/{user_id}/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim grant", refuse: true, params: { user_id: victim.user1.id, permission_id: victim.projectPermissionId } }],
  },
  "GET /team-permission-definitions": { notPerUser: NO_IDS, requests: () => [{ label: "list" }] },
  "POST /team-permission-definitions": {
    notPerUser: NO_IDS,
    requests: ({ victim }) => [{ label: "same id as the victim's (ids are per project)", body: { id: victim.teamPermissionId, contained_permission_ids: [] } }],
  },
  "PATCH /team-permission-definitions/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim definition", refuse: true, params: { permission_id: victim.teamPermissionId }, body: { description: "hijacked" } }],
  },
  "DELETE /team-permission-definitions/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim definition", refuse: true, params: { permission_id: victim.teamPermissionId } }],
  },
  "GET /project-permission-definitions": { notPerUser: NO_IDS, requests: () => [{ label: "list" }] },
  "POST /project-permission-definitions": {
    notPerUser: NO_IDS,
    requests: ({ victim }) => [{ label: "same id as the victim's (ids are per project)", body: { id: victim.projectPermissionId } }],
  },
  "PATCH /project-permission-definitions/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim definition", refuse: true, params: { permission_id: victim.projectPermissionId }, body: { description: "hijacked" } }],
  },
  "DELETE /project-permission-definitions/{permission_id}": {
    requests: ({ victim }) => [{ label: "victim definition", refuse: true, params: { permission_id: victim.projectPermissionId } }],
  },

  // ---- user and team API keys ---------------------------------------------------------------------
  "GET /user-api-keys": { requests: ({ victim }) => [{ label: "victim user's keys", refuse: "client", query: { user_id: victim.user1.id } }] },
  "POST /user-api-keys": {
    requests: ({ victim }) => [{ label: "key for victim user", refuse: true, body: { user_id: victim.user1.id, description: "mallory" } }],
  },
  "GET /user-api-keys/{api_key_id}": {
    requests: ({ victim }) => [
      { label: "victim key, victim user", refuse: true, params: { api_key_id: victim.user1.apiKeyId }, query: { user_id: victim.user1.id } },
      { label: "victim key as mine", refuse: true, params: { api_key_id: victim.user1.apiKeyId }, query: { user_id: "me" } },
      { label: "victim key, no user", refuse: true, params: { api_key_id: victim.user1.apiKeyId } },
    ],
  },
  "PATCH /user-api-keys/{api_key_id}": {
    requests: ({ victim }) => [
      { label: "revoke victim key", refuse: true, params: { api_key_id: victim.user1.apiKeyId }, query: { user_id: victim.user1.id }, body: { revoked: true } },
      { label: "revoke victim key as mine", refuse: true, params: { api_key_id: victim.user1.apiKeyId }, query: { user_id: "me" }, body: { revoked: true } },
      { label: "revoke victim key, no user", refuse: true, params: { api_key_id: victim.user1.apiKeyId }, body: { revoked: true } },
    ],
  },
  "POST /user-api-keys/check": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim key value", refuse: true, body: { api_key: victim.user1.apiKeyValue } }],
  },
  "GET /team-api-keys": { requests: ({ victim }) => [{ label: "victim team's keys", refuse: "client", query: { team_id: victim.team1.id } }] },
  "POST /team-api-keys": {
    requests: ({ victim }) => [{ label: "key for victim team", refuse: true, body: { team_id: victim.team1.id, description: "mallory" } }],
  },
  "GET /team-api-keys/{api_key_id}": {
    requests: ({ victim }) => [{ label: "victim key", refuse: true, params: { api_key_id: victim.team1.apiKeyId }, query: { team_id: victim.team1.id } }],
  },
  "PATCH /team-api-keys/{api_key_id}": {
    requests: ({ victim }) => [
      { label: "revoke victim key", refuse: true, params: { api_key_id: victim.team1.apiKeyId }, query: { team_id: victim.team1.id }, body: { revoked: true } },
    ],
  },
  "POST /team-api-keys/check": {
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "victim key value", refuse: true, body: { api_key: victim.team1.apiKeyValue } }],
  },

  // ---- payment items ------------------------------------------------------------------------------
  "GET /payments/items/{customer_type}/{customer_id}/{item_id}": {
    notPerUser: "any caller of the project may read its customers' items, as on Stack Auth (the SDK's server app reads them as signed-out client requests)",
    requests: ({ victim }) => [
      { label: "victim user's credits", refuse: true, params: { customer_type: "user", customer_id: victim.user1.id, item_id: "credits" } },
      { label: "victim team's seats", refuse: true, params: { customer_type: "team", customer_id: victim.team1.id, item_id: "seats" } },
      // Clients of the victim project may read custom customers' items by design (test/compat/README.md);
      // another project's callers get their own project's quantity (zero) and item names.
      { label: "victim custom customer's tokens", params: { customer_type: "custom", customer_id: victim.customCustomerId, item_id: "tokens" } },
    ],
  },
  "POST /payments/items/{customer_type}/{customer_id}/{item_id}/update-quantity": {
    requests: ({ victim }) => [
      { label: "grant to victim user", refuse: true, params: { customer_type: "user", customer_id: victim.user1.id, item_id: "credits" }, query: { allow_negative: "false" }, body: { delta: 1000 } },
      { label: "take from victim team", refuse: true, params: { customer_type: "team", customer_id: victim.team1.id, item_id: "seats" }, query: { allow_negative: "true" }, body: { delta: -1000 } },
      {
        label: "take from victim custom customer (lands in the caller's own project)",
        params: { customer_type: "custom", customer_id: victim.customCustomerId, item_id: "tokens" },
        query: { allow_negative: "true" },
        body: { delta: -1000, description: "mallory" },
      },
    ],
  },

  // ---- payments: checkout, purchases, Stripe, transactions ------------------------------------------
  "POST /payments/purchases/create-purchase-url": {
    requests: ({ victim }) => [
      { label: "checkout for victim user", refuse: true, body: { customer_type: "user", customer_id: victim.user1.id, offer_id: "pro" } },
      { label: "checkout for victim team", refuse: true, body: { customer_type: "team", customer_id: victim.team1.id, offer_id: "seats" } },
    ],
  },
  "POST /payments/purchases/validate-code": {
    publicByDesign: "the checkout page reads the offer behind its code; the code is the credential",
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "guessed code of the victim project", refuse: true, body: { full_code: `${victim.project.id}_guessed-code` } }],
  },
  "POST /internal/payments/test-mode-purchase-session": {
    publicByDesign: "credentials are optional: the project's admin completes test-mode purchases, and the code alone only in a development project that allows it (payments.testPurchasesWithCode)",
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "guessed code of the victim project", refuse: true, body: { full_code: `${victim.project.id}_guessed-code`, price_id: "monthly" } }],
  },
  "POST /payments/purchases/purchase-session": {
    publicByDesign: "the checkout page hands its code to Stripe Checkout; the code is the credential",
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "guessed code of the victim project", refuse: true, body: { full_code: `${victim.project.id}_guessed-code`, price_id: "monthly" } }],
  },
  "GET /payments/purchases/{customer_type}/{customer_id}": {
    requests: ({ victim }) => [
      { label: "victim user's purchases", refuse: true, params: { customer_type: "user", customer_id: victim.user1.id } },
      { label: "victim team's purchases", refuse: true, params: { customer_type: "team", customer_id: victim.team1.id } },
    ],
  },
  "POST /payments/purchases/{customer_type}/{customer_id}/{purchase_id}/cancel": {
    requests: ({ victim }) => [
      { label: "cancel for victim user", refuse: true, params: { customer_type: "user", customer_id: victim.user1.id, purchase_id: "00000000-0000-4000-8000-000000000000" } },
    ],
  },
  "POST /internal/payments/setup": { notPerUser: NO_IDS, requests: () => [{ label: "onboard the caller's project", body: {} }] },
  "GET /internal/payments/stripe/account-info": { notPerUser: NO_IDS, requests: () => [{ label: "the caller's account" }] },
  "POST /internal/payments/stripe-widgets/account-session": { notPerUser: NO_IDS, requests: () => [{ label: "the caller's account session", body: {} }] },
  "GET /internal/payments/transactions": { notPerUser: NO_IDS, requests: () => [{ label: "the caller's transactions", query: { customer_type: "user" } }] },

  // ---- projects, key sets, config -----------------------------------------------------------------
  "GET /projects/current": { notPerUser: NO_IDS, requests: () => [{ label: "current project" }] },
  "GET /internal/projects": {
    internalOnly: true,
    notPerUser: NO_IDS,
    requests: () => [{ label: "owned projects" }],
  },
  "POST /internal/projects": {
    internalOnly: true,
    notPerUser: "served on the internal project only",
    requests: ({ victim }) => [{ label: "project in the victim owner's team", refuse: true, body: { display_name: "mallory project", owner_team_id: victim.owner.teamId } }],
  },
  "GET /internal/projects/current": { notPerUser: NO_IDS, requests: () => [{ label: "admin project" }] },
  "PATCH /internal/projects/current": { notPerUser: NO_IDS, requests: () => [{ label: "rename own project", body: { display_name: "mallory renamed" } }] },
  "DELETE /internal/projects/current": { notPerUser: NO_IDS, requests: () => [{ label: "delete own project" }] },
  "GET /internal/projects/current/signing-keys": { notPerUser: NO_IDS, requests: () => [{ label: "own signing keys" }] },
  "POST /internal/projects/current/signing-keys/rotate": { notPerUser: NO_IDS, requests: () => [{ label: "rotate own signing keys", body: {} }] },
  "POST /internal/projects/transfer": {
    internalOnly: true,
    notPerUser: "served on the internal project only",
    requests: ({ victim, attacker }) => [
      { label: "victim project to the attacker's team", refuse: true, body: { project_id: victim.project.id, new_team_id: attacker.owner.teamId } },
      { label: "victim project to the victim's team", refuse: true, body: { project_id: victim.project.id, new_team_id: victim.owner.teamId } },
      { label: "attacker project to the victim's team", refuse: true, body: { project_id: attacker.project.id, new_team_id: victim.owner.teamId } },
    ],
  },
  "GET /internal/projects/current/production-mode-problems": { notPerUser: NO_IDS, requests: () => [{ label: "own production-mode problems" }] },
  "GET /internal/config": { notPerUser: NO_IDS, requests: () => [{ label: "config" }] },
  "PATCH /internal/config/override": {
    notPerUser: NO_IDS,
    requests: () => [{ label: "own override", body: { config_override_string: JSON.stringify({ "teams.allowClientTeamCreation": false }) } }],
  },
  "GET /internal/api-keys": { notPerUser: NO_IDS, requests: () => [{ label: "list key sets" }] },
  "POST /internal/api-keys": {
    notPerUser: NO_IDS,
    requests: ({ lk }) => [
      {
        label: "create key set",
        body: { description: "mallory keys", expires_at_millis: lk.clock.now().getTime() + 3_600_000, has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: true },
      },
    ],
  },
  "GET /internal/api-keys/{api_key_id}": { requests: ({ victim }) => [{ label: "victim key set", refuse: true, params: { api_key_id: victim.keySet.id } }] },
  "PATCH /internal/api-keys/{api_key_id}": {
    requests: ({ victim }) => [{ label: "revoke victim key set", refuse: true, params: { api_key_id: victim.keySet.id }, body: { revoked: true } }],
  },

  // ---- sending e-mail, sent log, notification preferences ------------------------------------------
  "POST /emails/send-email": {
    requests: ({ victim }) => [{ label: "mail victim user", refuse: true, body: { user_ids: [victim.user1.id], html: "<p>mallory</p>" } }],
  },
  "GET /internal/emails": { notPerUser: NO_IDS, requests: () => [{ label: "own sent log" }] },
  "GET /internal/emails/inbox": { notPerUser: NO_IDS, requests: () => [{ label: "own local inbox" }] },
  "GET /internal/emails/inbox/{email_id}": {
    requests: ({ victim }) => [{ label: "victim's kept mail", refuse: true, params: { email_id: victim.keptMailId } }],
  },
  "POST /internal/send-test-email": {
    notPerUser: NO_IDS,
    requests: () => [
      {
        label: "test mail through a dead server",
        body: { recipient_email: "mallory@example.test", email_config: { host: "127.0.0.1", port: 9, username: "u", password: "p", sender_name: "M", sender_email: "m@example.test" } },
      },
    ],
  },
  "POST /internal/send-sign-in-invitation": {
    notPerUser: NO_IDS,
    requests: () => [{ label: "invite to an untrusted callback", refuse: true, body: { email: "mallory@example.test", callback_url: "https://mallory.example/cb" } }],
  },
  "GET /emails/notification-preference/{user_id}": {
    requests: ({ victim }) => [{ label: "victim preferences", refuse: "client", params: { user_id: victim.user1.id } }],
  },
  "PATCH /emails/notification-preference/{user_id}/{notification_category_id}": {
    requests: ({ victim }) => [
      { label: "turn victim's marketing off", refuse: true, params: { user_id: victim.user1.id, notification_category_id: "4f6f8873-3d04-46bd-8bef-18338b1a1b4c" }, body: { enabled: false } },
    ],
  },
  "GET /emails/unsubscribe-link": {
    publicByDesign: "the unsubscribe link of an e-mail works without signing in; its code is signed by the server",
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "forged code for victim user", refuse: true, query: { code: forgedUnsubscribeCode(victim.project.id, victim.user1.id) } }],
  },
  "POST /emails/unsubscribe-link": {
    publicByDesign: "one-click unsubscribe (RFC 8058) works without signing in; its code is signed by the server",
    notPerUser: BEARER,
    requests: ({ victim }) => [{ label: "forged code for victim user", refuse: true, query: { code: forgedUnsubscribeCode(victim.project.id, victim.user1.id) }, body: {} }],
  },

  // ---- e-mail templates, themes, drafts, render preview ---------------------------------------------
  "GET /internal/email-templates": { notPerUser: NO_IDS, requests: () => [{ label: "own templates" }] },
  "POST /internal/email-templates": { notPerUser: NO_IDS, requests: () => [{ label: "create template", body: { display_name: "mallory" } }] },
  "PATCH /internal/email-templates/{id}": {
    notPerUser: "admin only; templates are entries of the caller's own project's configuration",
    requests: ({ victim }) => [
      { label: "edit a template in the victim's theme", refuse: true, params: { id: "e7d009ce-8d47-4528-b245-5bf119f2ffa3" }, body: { tsx_source: "export function EmailTemplate() { return null; }", theme_id: victim.emailThemeId } },
    ],
  },
  "GET /internal/email-themes": { notPerUser: NO_IDS, requests: () => [{ label: "own themes" }] },
  "POST /internal/email-themes": { notPerUser: NO_IDS, requests: () => [{ label: "create theme", body: { display_name: "mallory" } }] },
  "GET /internal/email-themes/{id}": {
    notPerUser: "admin only; themes are entries of the caller's own project's configuration",
    requests: ({ victim }) => [{ label: "victim theme", refuse: true, params: { id: victim.emailThemeId } }],
  },
  "PATCH /internal/email-themes/{id}": {
    notPerUser: "admin only; themes are entries of the caller's own project's configuration",
    requests: ({ victim }) => [{ label: "overwrite victim theme", refuse: true, params: { id: victim.emailThemeId }, body: { tsx_source: "export function EmailTheme() { return null; }" } }],
  },
  "GET /internal/email-drafts": { notPerUser: NO_IDS, requests: () => [{ label: "own drafts" }] },
  "POST /internal/email-drafts": { notPerUser: NO_IDS, requests: () => [{ label: "create draft", body: { display_name: "mallory" } }] },
  "GET /internal/email-drafts/{id}": {
    notPerUser: "admin only; drafts belong to the caller's project",
    requests: ({ victim }) => [{ label: "victim draft", refuse: true, params: { id: victim.emailDraftId } }],
  },
  "PATCH /internal/email-drafts/{id}": {
    notPerUser: "admin only; drafts belong to the caller's project",
    requests: ({ victim }) => [{ label: "edit victim draft", refuse: true, params: { id: victim.emailDraftId }, body: { display_name: "mallory" } }],
  },
  "POST /emails/render-email": {
    notPerUser: "admin only; renders the caller's own project's templates and themes",
    requests: ({ victim }) => [
      { label: "render in the victim's theme", body: { template_tsx_source: "export function EmailTemplate() { return <p>mallory</p>; }", theme_id: victim.emailThemeId } },
      { label: "render the victim's draft id as a template", refuse: true, body: { template_id: victim.emailDraftId } },
    ],
  },

  // ---- webhooks, audit log, data vault --------------------------------------------------------------
  "POST /webhooks/svix-token": { notPerUser: NO_IDS, requests: () => [{ label: "portal token", body: {} }] },
  "GET /internal/webhooks/endpoints": { notPerUser: NO_IDS, requests: () => [{ label: "list endpoints" }] },
  "POST /internal/webhooks/endpoints": { notPerUser: NO_IDS, requests: () => [{ label: "create endpoint", body: { url: "http://127.0.0.1:9/mallory" } }] },
  "GET /internal/webhooks/endpoints/{endpoint_id}": {
    requests: ({ victim }) => [{ label: "victim endpoint", refuse: true, params: { endpoint_id: victim.webhookEndpoint.id } }],
  },
  "GET /internal/webhooks/endpoints/{endpoint_id}/secret": {
    requests: ({ victim }) => [{ label: "victim endpoint's secret", refuse: true, params: { endpoint_id: victim.webhookEndpoint.id } }],
  },
  "PATCH /internal/webhooks/endpoints/{endpoint_id}": {
    requests: ({ victim }) => [{ label: "redirect victim endpoint", refuse: true, params: { endpoint_id: victim.webhookEndpoint.id }, body: { url: "http://127.0.0.1:9/mallory" } }],
  },
  "DELETE /internal/webhooks/endpoints/{endpoint_id}": {
    requests: ({ victim }) => [{ label: "delete victim endpoint", refuse: true, params: { endpoint_id: victim.webhookEndpoint.id } }],
  },
  "POST /internal/webhooks/endpoints/{endpoint_id}/rotate-secret": {
    requests: ({ victim }) => [{ label: "rotate victim secret", refuse: true, params: { endpoint_id: victim.webhookEndpoint.id }, body: {} }],
  },
  "GET /internal/webhooks/endpoints/{endpoint_id}/deliveries": {
    requests: ({ victim }) => [{ label: "victim deliveries", refuse: true, params: { endpoint_id: victim.webhookEndpoint.id } }],
  },
  "POST /internal/webhooks/endpoints/{endpoint_id}/deliveries/{delivery_id}/redeliver": {
    requests: ({ victim }) => [
      { label: "redeliver to victim endpoint", refuse: true, params: { endpoint_id: victim.webhookEndpoint.id, delivery_id: "00000000-0000-4000-8000-000000000000" }, body: {} },
    ],
  },
  "GET /internal/audit-log": { notPerUser: NO_IDS, requests: () => [{ label: "own audit log" }] },
  "POST /internal/audit-log/verify": { notPerUser: NO_IDS, requests: () => [{ label: "own chain check", body: {} }] },
  "GET /internal/metrics": {
    notPerUser: "admin only; counts and lists the caller's own project's users",
    requests: () => [{ label: "own metrics" }, { label: "own metrics with anonymous users", query: { include_anonymous: "true" } }],
  },
  "POST /data-vault/stores/{store_id}/set": {
    notPerUser: "server and admin only; entries belong to the caller's project (store ids are per project)",
    requests: () => [{ label: "set in a store id", params: { store_id: "notes" }, body: { hashed_key: "k", encrypted_value: "v" } }],
  },
  "POST /data-vault/stores/{store_id}/get": {
    notPerUser: "server and admin only; entries belong to the caller's project (store ids are per project)",
    requests: () => [{ label: "get from a store id", params: { store_id: "notes" }, body: { hashed_key: "k" } }],
  },

  // ---- AI chat (the e-mail editor's assistant) -------------------------------------------------------
  "POST /internal/ai-chat/{thread_id}": {
    notPerUser: "admin only; the answer comes from the server's configured provider and is not stored",
    requests: () => [{ label: "ask in a thread id", params: { thread_id: AI_CHAT_THREAD_ID }, body: { context_type: "email-theme", messages: [{ role: "user", content: "hi" }] } }],
  },
  "PATCH /internal/ai-chat/{thread_id}": {
    notPerUser: "admin only; threads belong to the caller's project (the same thread id in another project is another thread)",
    requests: () => [{ label: "save into a thread id", params: { thread_id: AI_CHAT_THREAD_ID }, body: { message: { role: "user", content: "mallory" } } }],
  },
  "GET /internal/ai-chat/{thread_id}": {
    notPerUser: "admin only; threads belong to the caller's project (the same thread id in another project is another thread)",
    requests: () => [{ label: "read a thread id", params: { thread_id: AI_CHAT_THREAD_ID } }],
  },
};

