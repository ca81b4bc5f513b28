/**
 * Known-error texts as Stack's backend words them (backend-fidelity-2.md §6; texts from
 * reference/wire/errors.md), each provoked over HTTP and compared byte for byte.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";
import { ownSmtp } from "./emails/sending-support.js";

const MISSING_USER = "00000000-0000-4000-8000-0000000000aa";

describe.each(testDialects)("known-error texts as Stack words them on %s", (dialect) => {
  it("session, key and user errors", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "apiKeys.enabled.user": true } });
    const server = { access: "server" as const, project };

    const wrongKey = await lk.call("GET", "/users/me", { access: "client", project: { id: project.id, keys: { ...project.keys, publishableClientKey: "pck_not_a_key" } } });
    expect([wrongKey.status, wrongKey.body.code, wrongKey.body.error]).toEqual([401, "INVALID_PUBLISHABLE_CLIENT_KEY", `The publishable key is not valid for the project "${project.id}". Does the project and/or the key exist?`]);

    const refresh = await lk.call("POST", "/auth/sessions/current/refresh", { access: "client", project, headers: { "x-stack-refresh-token": "lkrt_unknown" } });
    expect([refresh.status, refresh.body.error]).toEqual([401, "Refresh token not found for this project, or the session has expired/been revoked."]);

    const user = await lk.call("POST", "/users", { ...server, body: { primary_email: "keys@example.com" } });
    const key = await lk.call("POST", "/user-api-keys", { ...server, body: { user_id: user.body.id, description: "short", expires_at_millis: lk.clock.now().getTime() + 60_000 } });
    lk.clock.advance(61_000);
    const expired = await lk.call("POST", "/user-api-keys/check", { ...server, body: { api_key: key.body.value } });
    expect([expired.status, expired.body.code, expired.body.error]).toEqual([401, "API_KEY_EXPIRED", "API key has expired."]);
  });

  it("e-mail errors: the shared server, an unknown user id", async () => {
    await using lk = await createTestInstance(dialect);
    const shared = await lk.createProject();
    const onShared = await lk.call("POST", "/emails/send-email", { access: "server", project: shared, body: { user_ids: [MISSING_USER], html: "<p>x</p>", subject: "s" } });
    expect([onShared.status, onShared.body.error]).toEqual([400, "This action requires a custom SMTP server. Please edit your email server configuration and try again."]);
    const own = await lk.createProject({ configOverride: ownSmtp(2525) });
    const unknown = await lk.call("POST", "/emails/send-email", { access: "server", project: own, body: { user_ids: [MISSING_USER], html: "<p>x</p>", subject: "s" } });
    expect([unknown.status, unknown.body.error]).toEqual([400, `The given user with the ID ${MISSING_USER} does not exist.`]);
  });

  it("payments and data-vault errors", async () => {
    await using lk = await createTestInstance(dialect, { stripe: { secretKey: "sk_test_words", webhookSecret: "whsec_words", apiBase: null } });
    const seats = { displayName: "Seats", customerType: "team", prices: { yearly: { USD: "100", interval: [1, "year"] } }, includedItems: {} };
    const project = await lk.createProject({ configOverride: { "payments.offers.seats": seats } });
    const server = { access: "server" as const, project };
    const user = await lk.call("POST", "/users", { ...server, body: {} });
    const url = (body: Record<string, unknown>, options: Record<string, unknown> = server) =>
      lk.call("POST", "/payments/purchases/create-purchase-url", { ...options, body: { customer_type: "user", customer_id: user.body.id, ...body } });
    expect((await url({ offer_id: "nope" })).body.error).toBe('Offer with ID "nope" does not exist.');
    const mismatch = await url({ offer_id: "seats" });
    expect(mismatch.body.error).toBe(`The user with ID "${user.body.id}" is not a valid customer for the inline offer that has been passed in. The offer is configured to only be available for team customers, but the customer is a user.`);
    const info = await lk.call("GET", "/internal/payments/stripe/account-info", { access: "admin", project });
    expect([info.status, info.body.error]).toEqual([404, "Stripe account information not found. Please make sure the user has onboarded with Stripe."]);
    const vault = await lk.call("POST", "/data-vault/stores/nowhere/get", { ...server, body: { hashed_key: "k" } });
    expect([vault.status, vault.body.error]).toEqual([400, "Data vault store with ID nowhere does not exist."]);
  });
});
