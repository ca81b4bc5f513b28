/** The isolation matrix's reviewed entries for sign-up, sign-in, codes, passkeys, CLI login and sessions, and the public routes (see isolation-route-case.ts for the fields). */
import { callback, BEARER, SELF, NO_IDS, attackerChallenge, dummyCredential, dummyAssertion, type RouteCase } from "./isolation-route-case.js";

export const authIsolationRoutes: Record<string, RouteCase> = {
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

};
