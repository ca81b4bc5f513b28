/**
 * Checkout answered as Stack's backend does (backend-fidelity-2.md §2): a lower-case code in the checkout
 * URL, Stack's refusal when payments are not set up, Stack's verification-code errors for unknown, used
 * and lapsed codes, Stack's texts for a non-stackable quantity and a missing offer, and Stripe's webhook
 * under /api/latest with Stack's answer to a bad signature.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { expectKnownError, expectStatusError } from "../../../support/known-errors.js";
import { catalogue, DAY, openShop } from "./support.js";

describe.each(testDialects)("Checkout as Stack answers it on %s", (dialect) => {
  it("puts a lower-case code in the URL that a client cuts out by [a-z0-9_-]+ and buys with", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const res = await shop.purchaseUrl({ customer_type: "user", customer_id: shop.user.id, offer_id: "pack" });
    expect(res.status, res.text).toBe(200);
    const cut = /\/purchase\/([a-z0-9_-]+)/.exec(res.body.url as string)![1]!;
    expect(cut).toMatch(new RegExp(`^${shop.project.id}_[a-z0-9]{48}$`));
    expect((await lk.call("POST", "/payments/purchases/validate-code", { body: { full_code: cut } })).status).toBe(200);
    expect((await shop.buy(cut, "once")).status).toBe(200);
  });

  it("refuses a checkout URL when payments are not set up (no Stripe account, not in test mode)", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk, { ...catalogue, "payments.testMode": false });
    const res = await shop.purchaseUrl({ customer_type: "user", customer_id: shop.user.id, offer_id: "pack" });
    expectStatusError(res, 400, "purchaseNeedsStripe");
    expect(res.text).toBe("Payments are not set up in this Stack Auth project. Please go to the Stack Auth dashboard and complete the Payments onboarding.");
  });

  it("answers VERIFICATION_CODE_NOT_FOUND for an unknown code on purchase-session, test-mode-purchase-session and validate-code", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const unknown = `${shop.project.id}_${"0".repeat(48)}`;
    const body = { full_code: unknown, price_id: "once" };
    expectKnownError(await lk.call("POST", "/payments/purchases/validate-code", { body: { full_code: unknown } }), 404, "VERIFICATION_CODE_NOT_FOUND");
    expectKnownError(await lk.call("POST", "/payments/purchases/purchase-session", { body }), 404, "VERIFICATION_CODE_NOT_FOUND");
    expectKnownError(await lk.call("POST", "/internal/payments/test-mode-purchase-session", { ...shop.admin, body }), 404, "VERIFICATION_CODE_NOT_FOUND");
    expect((await lk.call("POST", "/payments/purchases/validate-code", { body: { full_code: unknown } })).body.error).toBe("The verification code does not exist for this project.");
    // A code lapses after a day, and completes one purchase.
    const lapsing = await shop.code({ offer_id: "pack" });
    lk.clock.advance(DAY);
    expectKnownError(await shop.buy(lapsing, "once"), 400, "VERIFICATION_CODE_EXPIRED");
  });

  it("answers Stack's texts for quantity > 1 of a non-stackable offer and for no offer at all", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const tooMany = await shop.buy(await shop.code({ offer_id: "pro" }), "monthly", 2);
    expectStatusError(tooMany, 400, "purchaseNotStackable");
    expect(tooMany.text).toBe("This offer is not stackable; quantity must be 1");
    const none = await shop.purchaseUrl({ customer_type: "user", customer_id: shop.user.id });
    expectStatusError(none, 400, "purchaseOfferChoice");
    expect(none.text).toBe("Must specify either offer_id or offer_inline!");
  });

  it("serves Stripe's webhook under /api/latest too, refusing a bad signature with Stack's text", async () => {
    await using lk = await createTestInstance(dialect, { stripe: { secretKey: "sk_test_fidelity", webhookSecret: "whsec_fidelity", apiBase: null } });
    for (const base of ["/api/v1", "/api/latest"]) {
      const res = await lk.app.request(`${base}/integrations/stripe/webhooks`, { method: "POST", body: "{}", headers: { "stripe-signature": "t=1,v1=00", "content-type": "application/json" } });
      expect([res.status, await res.text(), res.headers.get("content-type")]).toEqual([400, "Invalid stripe-signature header", "text/plain; charset=utf-8"]);
    }
  });

  it("lists item quantity changes with their description, and carries next_cursor while more exist", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    for (const description of ["first top-up", "second top-up"]) {
      const res = await lk.call("POST", `/payments/items/user/${shop.user.id}/credits/update-quantity?allow_negative=false`, { ...shop.server, body: { delta: 5, description } });
      expect(res.status, res.text).toBe(200);
      lk.clock.advance(1000);
    }
    const first = await lk.call("GET", "/internal/payments/transactions?limit=1", shop.admin);
    expect(first.body.transactions).toMatchObject([{ type: "item_quantity_change", description: "second top-up" }]);
    expect(typeof first.body.next_cursor).toBe("string");
    const second = await lk.call("GET", `/internal/payments/transactions?limit=1&cursor=${encodeURIComponent(first.body.next_cursor as string)}`, shop.admin);
    expect(second.body.transactions).toMatchObject([{ description: "first top-up" }]);
  });
});
