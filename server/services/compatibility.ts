/**
 * What `GET /compatibility` answers: the Stack release whose backend this server is measured against,
 * the row ids of reference/wire/backend-fidelity.md answered differently on purpose, and the features
 * Stack does not have. COMPATIBILITY.md explains each entry; keep the two in step.
 */
export const compatibilityFacts = Object.freeze({
  server: "latchkey",
  stack_api_version: "v1",
  stack_reference_release: "2.8.39",
  deviations: Object.freeze([
    // SPEC.md decides (backend-fidelity.md §10).
    "D1", "D2", "D3", "D4", "D5", "D6", "D7",
    // Security: a CLI login is completed only with the signed-in user's own live session.
    "A1",
    // Security: no fixed test-mode passkey challenge.
    "A9",
    // Security: server-set passwords follow the project's password policy.
    "U4",
    // Security: a new primary e-mail starts unverified.
    "U7",
    // Security: the reset mail is sent after the answer, which must not reveal whether the address has an account.
    "E1",
    // Security: the one-time code stays out of the mail subject (subjects are stored in the clear).
    "E4",
    // Security: an address added to an existing account is confirmed only in that account's session; channels per user capped.
    "S35-2", "S35-8",
    // Security: clients create checkout URLs only for themselves and teams they administer; weak passwords refused.
    "S35-3", "S35-9",
    // Security: display names refuse control characters (a NUL byte broke PostgreSQL's text).
    "S35-7",
    // Security: project quotas per dashboard user and per owner team.
    "S35-10",
    // Wording: the access-type errors link to no outside documentation.
    "M1", "M2",
  ]),
  extensions: Object.freeze([
    "oauth-custom-oidc-providers",
    "webhooks-built-in",
    "audit-log",
    "openapi-per-access-level",
    "plain-status-error-names",
    "argon2-password-hash-import",
    "signing-key-rotation",
    "ai-chat-openai-compatible",
    "end-user-ip-header",
  ]),
} as const);
