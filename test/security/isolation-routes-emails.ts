/** The isolation matrix's reviewed entries for e-mail sending, templates, themes and drafts, webhooks, the audit log, the data vault and AI chat (see isolation-route-case.ts for the fields). */
import { AI_CHAT_THREAD_ID } from "./support/tenants.js";
import { callback, BEARER, NO_IDS, forgedUnsubscribeCode, type RouteCase } from "./isolation-route-case.js";

export const emailIsolationRoutes: Record<string, RouteCase> = {
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
