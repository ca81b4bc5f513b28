/** The isolation matrix's reviewed entries for user and team API keys, payments, projects, key sets and config (see isolation-route-case.ts for the fields). */
import { BEARER, NO_IDS, type RouteCase } from "./isolation-route-case.js";

export const projectIsolationRoutes: Record<string, RouteCase> = {
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

};
