/**
 * The isolation matrix's reviewed entries for the routes added with issues 37, 38 and 40: the identity
 * provider's admin API (OAuth clients and settings), the signed-in user's authorized apps, impersonation
 * links, workflow runs, the credential-scanning endpoint and the failed-mail digest. The victim owns one
 * OAuth client (`victim.oauthClient`); whoever is outside its project must be refused every access to it.
 */
import type { RouteCase } from "./isolation-route-case.js";

const NO_IDS = "names no object: it reads or changes the caller's own project settings or lists";
const SELF = "acts only on the caller's own user; no other user's ids are involved";

export const roundTwoIsolationRoutes: Record<string, RouteCase> = {
  // ---- identity provider (issue 40) ----------------------------------------------------------------
  "GET /internal/oauth-clients": { notPerUser: NO_IDS, requests: () => [{ label: "list clients" }] },
  "POST /internal/oauth-clients": {
    notPerUser: NO_IDS,
    requests: () => [{ label: "register a client", body: { name: "mallory app", type: "public", redirect_uris: ["https://mallory.example.com/cb"] } }],
  },
  "GET /internal/oauth-clients/{client_id}": {
    requests: ({ victim }) => [{ label: "victim client", refuse: true, params: { client_id: victim.oauthClient.id } }],
  },
  "PATCH /internal/oauth-clients/{client_id}": {
    requests: ({ victim }) => [
      { label: "redirect victim client", refuse: true, params: { client_id: victim.oauthClient.id }, body: { redirect_uris: ["https://mallory.example.com/cb"] } },
    ],
  },
  "DELETE /internal/oauth-clients/{client_id}": {
    requests: ({ victim }) => [{ label: "delete victim client", refuse: true, params: { client_id: victim.oauthClient.id } }],
  },
  "POST /internal/oauth-clients/{client_id}/rotate-secret": {
    requests: ({ victim }) => [{ label: "rotate victim client secret", refuse: true, params: { client_id: victim.oauthClient.id }, body: {} }],
  },
  "GET /internal/identity-provider/settings": { notPerUser: NO_IDS, requests: () => [{ label: "read settings" }] },
  "PATCH /internal/identity-provider/settings": {
    notPerUser: NO_IDS,
    requests: () => [{ label: "open dynamic registration", body: { dynamic_registration_enabled: true } }],
  },
  "GET /users/me/authorized-apps": { notPerUser: SELF, requests: () => [{ label: "own authorized apps" }] },
  "DELETE /users/me/authorized-apps/{client_id}": {
    notPerUser: SELF,
    requests: ({ victim }) => [{ label: "victim client's consent", refuse: true, params: { client_id: victim.oauthClient.id } }],
  },

  // ---- impersonation links and workflow runs (issues 37, 38) ---------------------------------------
  "POST /internal/impersonation-links": {
    requests: ({ victim }) => [{ label: "impersonate victim user", refuse: true, body: { user_id: victim.user1.id } }],
  },
  "GET /internal/workflow-runs": { notPerUser: NO_IDS, requests: () => [{ label: "list runs" }] },

  // ---- members' roles (issue 37) -------------------------------------------------------------------
  "GET /team-member-roles": { requests: ({ victim }) => [{ label: "victim team", refuse: true, query: { team_id: victim.team1.id } }] },
  "PUT /team-member-roles/{team_id}/{user_id}": {
    requests: ({ victim }) => [
      { label: "victim member's roles", refuse: true, params: { team_id: victim.team1.id, user_id: victim.user1.id }, body: { role_ids: [] } },
      { label: "make myself admin of the victim team", refuse: true, params: { team_id: victim.team1.id, user_id: "me" }, body: { role_ids: ["team_admin"] } },
    ],
  },

  // ---- operator and partner endpoints (issue 38) ---------------------------------------------------
  "POST /integrations/credential-scanning/revoke": {
    publicByDesign: "for secret-scanning partners: the leaked key is its own proof, so whoever holds it may have it revoked",
    notPerUser: "the input is the key itself; holding it is the authorization, by design",
    // The key's value would (rightly) revoke it; an id or another project's key must not.
    requests: ({ victim }) => [
      { label: "victim key's id instead of the key", refuse: true, body: { api_key: victim.user1.apiKeyId } },
      { label: "victim project's publishable key", refuse: true, body: { api_key: victim.project.keys.publishableClientKey } },
    ],
  },
  "POST /internal/failed-emails-digest": {
    publicByDesign: "the operator's scheduler authenticates with the cron secret, not with project credentials",
    notPerUser: NO_IDS,
    requests: () => [{ label: "digest without the cron secret", refuse: true, body: {} }],
  },
};
