/**
 * The isolation matrix's reviewed entries for social sign-in (issue 19): the OAuth flow, linked
 * provider accounts and connected-account tokens. The victim has no linked account, so the requests
 * name the victim's users with a made-up link id: whatever the id, a caller outside the victim's
 * project (or another user of it) must be refused.
 */
import type { RouteCase } from "./isolation-route-case.js";

const callback = "http://localhost:3000/attacker-callback";
const challenge = "a".repeat(43);
const madeUpLinkId = "00000000-0000-4000-8000-0000000000aa";

export const oauthIsolationRoutes: Record<string, RouteCase> = {
  "GET /auth/oauth/authorize/{provider_id}": {
    publicByDesign: "the browser's entry to social sign-in: the project authenticates in the query (client id and publishable key)",
    notPerUser: "the flow belongs to whoever completes it in their browser; no user is named",
    requests: ({ victim, attacker }) => [
      {
        label: "victim project, attacker key",
        refuse: true,
        params: { provider_id: "github" },
        query: { client_id: victim.project.id, client_secret: attacker.project.keys.publishableClientKey, redirect_uri: callback, state: "mallory", code_challenge: challenge },
      },
      {
        label: "link to a victim user with the victim's token, attacker project",
        refuse: true,
        params: { provider_id: "github" },
        query: {
          client_id: attacker.project.id, client_secret: attacker.project.keys.publishableClientKey, redirect_uri: callback, state: "mallory",
          code_challenge: challenge, type: "link", token: victim.user1.accessToken,
        },
      },
    ],
  },
  "GET /auth/oauth/callback/{provider_id}": {
    publicByDesign: "the provider sends the browser back here; the flow is found by its state alone",
    notPerUser: "the state is a bearer secret of one browser's flow",
    requests: () => [{ label: "a guessed state", refuse: true, params: { provider_id: "github" }, query: { code: "guess", state: "guessed-state-of-a-victim-flow" } }],
  },
  "POST /auth/oauth/callback/{provider_id}": {
    publicByDesign: "the form-post variant of the provider's callback (Apple); the flow is found by its state alone",
    notPerUser: "the state is a bearer secret of one browser's flow",
    requests: () => [{ label: "a guessed state", refuse: true, params: { provider_id: "github" }, body: { code: "guess", state: "guessed-state-of-a-victim-flow" } }],
  },
  "GET /oauth-providers": {
    requests: ({ victim }) => [{ label: "victim user's links", refuse: "client", query: { user_id: victim.user1.id } }],
  },
  "POST /oauth-providers": {
    requests: ({ victim }) => [
      {
        label: "link an attacker account to a victim user",
        refuse: true,
        body: { user_id: victim.user1.id, provider_config_id: "github", account_id: "mallory", allow_sign_in: true, allow_connected_accounts: true },
      },
    ],
  },
  "GET /oauth-providers/{user_id}/{provider_id}": {
    requests: ({ victim }) => [{ label: "victim user's link", refuse: true, params: { user_id: victim.user1.id, provider_id: madeUpLinkId } }],
  },
  "PATCH /oauth-providers/{user_id}/{provider_id}": {
    requests: ({ victim }) => [{ label: "victim user's link", refuse: true, params: { user_id: victim.user1.id, provider_id: madeUpLinkId }, body: { allow_sign_in: false } }],
  },
  "DELETE /oauth-providers/{user_id}/{provider_id}": {
    requests: ({ victim }) => [{ label: "victim user's link", refuse: true, params: { user_id: victim.user1.id, provider_id: madeUpLinkId } }],
  },
  "POST /connected-accounts/{user_id}/{provider_id}/access-token": {
    requests: ({ victim }) => [{ label: "victim user's provider token", refuse: true, params: { user_id: victim.user1.id, provider_id: "github" }, body: { scope: "" } }],
  },
};
