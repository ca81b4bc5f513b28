/**
 * Issue 35, finding 3: `POST /internal/payments/test-mode-purchase-session` completed purchases with no
 * key and no token (the checkout code was the only credential), in every project outside production
 * mode, Stripe connected or not: a user got 500 credits and a $1000/month subscription for free. The
 * wire reference lists the call as admin-only; it now needs the code's project's admin, except in a
 * development project that sets `payments.testPurchasesWithCode` and has no Stripe account connected.
 * Also: a client created checkout URLs whose customer was another user; now a client buys only for its
 * own user and for teams in which it holds `team_admin`.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type CallOptions } from "../../support/instance.js";
import { expectKnownError, expectStatusError } from "../../support/known-errors.js";
import { catalogue, openShop } from "../../api/v1/payments/support.js";

const ONLY_FROM_CODE = { "payments.testPurchasesWithCode": true };

describe.each(testDialects)("test-mode purchases and checkout URLs on %s", (dialect) => {
  it("refuses a test-mode purchase without the project's admin, and completes it with the admin", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const code = await shop.code({ offer_id: "pro" });
    const attempt = (options: Partial<CallOptions>) => lk.call("POST", "/internal/payments/test-mode-purchase-session", { ...options, body: { full_code: code, price_id: "monthly" } });

    expectKnownError(await attempt({}), 400, "ACCESS_TYPE_REQUIRED");
    expectKnownError(await attempt(shop.user.client), 401, "INSUFFICIENT_ACCESS_TYPE", { actual_access_type: "client", allowed_access_types: ["admin"] });
    expectKnownError(await attempt(shop.server), 401, "INSUFFICIENT_ACCESS_TYPE", { actual_access_type: "server", allowed_access_types: ["admin"] });
    expect(await shop.quantity("credits")).toBe(0);
    // The checkout page learns that it cannot complete it itself.
    const validated = await lk.call("POST", "/payments/purchases/validate-code", { body: { full_code: code } });
    expect([validated.body.test_mode, validated.body.test_purchase_with_code]).toEqual([true, false]);

    const bought = await attempt(shop.admin);
    expect([bought.status, bought.text]).toEqual([200, JSON.stringify({ success: true })]);
    expect(await shop.quantity("credits")).toBe(1000);
  });

  it("lets the code alone complete it only in development, with the project's consent and no Stripe account", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk, { ...catalogue, ...ONLY_FROM_CODE });
    const anonymousBuy = async (priceId = "once") =>
      lk.call("POST", "/internal/payments/test-mode-purchase-session", { body: { full_code: await shop.code({ offer_id: "pack" }), price_id: priceId } });

    const validated = await lk.call("POST", "/payments/purchases/validate-code", { body: { full_code: await shop.code({ offer_id: "pack" }) } });
    expect(validated.body.test_purchase_with_code).toBe(true);
    expect((await anonymousBuy()).status).toBe(200);

    // A Stripe account connected: never without the admin, whatever the setting says.
    const t = lk.deps.store.t.stripeAccounts;
    await lk.deps.store.db.insert(t).values({ projectId: shop.project.id, accountId: "acct_connected", createdAt: lk.clock.now() });
    expectKnownError(await anonymousBuy(), 400, "ACCESS_TYPE_REQUIRED");
    await lk.deps.store.db.delete(t);
    expect((await anonymousBuy()).status).toBe(200);

    // Production mode (test mode kept on explicitly): never without the admin.
    const production = await lk.call("PATCH", "/internal/projects/current", { ...shop.admin, body: { is_production_mode: true } });
    expect(production.status, production.text).toBe(200);
    await lk.call("PATCH", "/internal/config/override", { ...shop.admin, body: { config_override_string: JSON.stringify({ "payments.testMode": true }) } });
    expectKnownError(await anonymousBuy(), 400, "ACCESS_TYPE_REQUIRED");
    const admin = await lk.call("POST", "/internal/payments/test-mode-purchase-session", { ...shop.admin, body: { full_code: await shop.code({ offer_id: "pack" }), price_id: "once" } });
    expect(admin.status, admin.text).toBe(200);
    expect(await shop.quantity("credits")).toBe(0); // the pack grants tokens, not credits: nothing else was granted
  });

  it("refuses a client's checkout URL for another user, a custom customer or a team it may not buy for", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk, {
      ...catalogue,
      "payments.offers.custom-plan": { displayName: "Custom", customerType: "custom", prices: { once: { USD: "1" } }, includedItems: {} },
    });
    const url = (body: Record<string, unknown>, options: CallOptions = shop.user.client) => shop.purchaseUrl(body, options);

    expectStatusError(await url({ customer_type: "user", customer_id: shop.other.id, offer_id: "pro" }), 403, "purchaseUrlOwnOnly");
    expectStatusError(await url({ customer_type: "custom", customer_id: "c-1", offer_id: "custom-plan" }), 403, "purchaseUrlOwnOnly");
    const signedOut: CallOptions = { access: "client", project: shop.project };
    expectKnownError(await url({ customer_type: "user", customer_id: shop.user.id, offer_id: "pro" }, signedOut), 401, "USER_AUTHENTICATION_REQUIRED");

    // A team the buyer does not belong to, then belongs to without team_admin, then administers.
    const team = await lk.call("POST", "/teams", { ...shop.server, body: { display_name: "Crew", creator_user_id: shop.other.id } });
    const teamId = team.body.id as string;
    const forTeam = { customer_type: "team", customer_id: teamId, offer_id: "team-seats" };
    expectKnownError(await url(forTeam), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: shop.user.id });
    expect((await lk.call("POST", `/team-memberships/${teamId}/${shop.user.id}`, { ...shop.server, body: {} })).status).toBe(201);
    expectKnownError(await url(forTeam), 401, "TEAM_PERMISSION_REQUIRED", { team_id: teamId, user_id: shop.user.id, permission_id: "team_admin" });
    const granted = await lk.call("POST", `/team-permissions/${teamId}/${shop.user.id}/team_admin`, { ...shop.server, body: {} });
    expect(granted.status, granted.text).toBe(201);
    expect((await url(forTeam)).status).toBe(200);

    // Its own user, and servers for anyone, as before.
    expect((await url({ customer_type: "user", customer_id: shop.user.id, offer_id: "pro" })).status).toBe(200);
    expect((await url({ customer_type: "user", customer_id: shop.other.id, offer_id: "pro" }, shop.server)).status).toBe(200);
    expect((await url({ customer_type: "custom", customer_id: "c-1", offer_id: "custom-plan" }, shop.server)).status).toBe(200);
  });
});
