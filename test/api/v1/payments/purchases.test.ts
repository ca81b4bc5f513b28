import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { expectKnownError, expectStatusError } from "../../../support/known-errors.js";
import { DAY, WEEK, fullCodeOf, openShop } from "./support.js";

describe.each(testDialects)("checkout and purchases on %s", (dialect) => {
  it("hands out a hosted checkout URL whose code shows the offer and completes one test-mode purchase", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const res = await shop.purchaseUrl({ customer_type: "user", customer_id: shop.user.id, offer_id: "pro" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^http://localhost:8102/handler/purchase/${shop.project.id}_[a-z0-9]{48}\\?project_id=${shop.project.id}$`));
    const code = fullCodeOf(res.body.url);

    const shown = await lk.call("POST", "/payments/purchases/validate-code", { body: { full_code: code } });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.body).toMatchObject({
      project_id: shop.project.id,
      project_display_name: "Test project",
      offer_id: "pro",
      customer_type: "user",
      customer_id: shop.user.id,
      test_mode: true,
      stripe_ready: false,
      offer: {
        display_name: "Pro",
        group_id: "plans",
        stackable: false,
        prices: { monthly: { USD: "20.00", EUR: "18.50", interval: [1, "month"] } },
        included_items: {
          credits: { display_name: "Credits", quantity: 1000, repeat: [1, "week"], expires: "never" },
          tokens: { display_name: "Tokens", quantity: 5, repeat: null, expires: "when-purchase-expires" },
        },
      },
    });
    expect(shown.body.expires_at_millis).toBe(lk.clock.now().getTime() + DAY);

    expect(await shop.quantity("credits")).toBe(0);
    expectStatusError(await shop.buy(code, "yearly"), 400, "purchasePriceNotFound", { priceId: "yearly" });
    expect((await shop.buy(code, "monthly")).status).toBe(200);
    expect([await shop.quantity("credits"), await shop.quantity("boosts"), await shop.quantity("tokens")]).toEqual([1000, 3, 5]);
    // The code completes one purchase only.
    expectKnownError(await shop.buy(code, "monthly"), 409, "VERIFICATION_CODE_ALREADY_USED");
    expectKnownError(await lk.call("POST", "/payments/purchases/validate-code", { body: { full_code: code } }), 409, "VERIFICATION_CODE_ALREADY_USED");
  });

  it("lets a code lapse after 24 hours and refuses codes of other projects", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const code = await shop.code({ offer_id: "pack" });
    lk.clock.advance(DAY);
    expectKnownError(await shop.buy(code, "once"), 400, "VERIFICATION_CODE_EXPIRED");
    expectKnownError(await shop.buy(`${shop.project.id}_not-a-code`, "once"), 404, "VERIFICATION_CODE_NOT_FOUND");
    expectKnownError(await shop.buy("no-project-part", "once"), 404, "VERIFICATION_CODE_NOT_FOUND");
    const fresh = await shop.code({ offer_id: "pack" });
    const otherProject = await lk.createProject();
    const res = await lk.call("POST", "/internal/payments/test-mode-purchase-session", { access: "admin", project: otherProject, body: { full_code: fresh, price_id: "once" } });
    expectKnownError(res, 404, "VERIFICATION_CODE_NOT_FOUND");
  });

  it("grants repeating items every interval, expires when-repeated grants, and stops at cancellation", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    await shop.purchase("pro", "monthly");
    lk.clock.advance(WEEK - 1000);
    expect([await shop.quantity("credits"), await shop.quantity("boosts")]).toEqual([1000, 3]);
    lk.clock.advance(1000);
    // A second weekly grant: credits never expire and add up; boosts of the first week expired.
    expect([await shop.quantity("credits"), await shop.quantity("boosts")]).toEqual([2000, 3]);
    lk.clock.advance(2 * WEEK + DAY);
    expect([await shop.quantity("credits"), await shop.quantity("boosts"), await shop.quantity("tokens")]).toEqual([4000, 3, 5]);

    const me = await shop.user.session();
    const overview = await lk.call("GET", "/payments/purchases/user/me", me);
    expect(overview.status, overview.text).toBe(200);
    expect(overview.body.purchases).toHaveLength(1);
    expect(overview.body.purchases[0]).toMatchObject({ offer_id: "pro", offer_display_name: "Pro", type: "subscription", status: "active", quantity: 1, price: { USD: "20.00", EUR: "18.50", interval: [1, "month"] }, test_mode: true });
    expect(overview.body.items).toEqual([
      { id: "boosts", display_name: "Boosts", quantity: 3 },
      { id: "credits", display_name: "Credits", quantity: 4000 },
      { id: "tokens", display_name: "Tokens", quantity: 5 },
    ]);

    const purchaseId = overview.body.purchases[0].id as string;
    const other = await shop.other.session();
    expectStatusError(await lk.call("POST", `/payments/purchases/user/${shop.user.id}/${purchaseId}/cancel`, other), 403, "purchasesOwnOnly");
    expectStatusError(await lk.call("POST", `/payments/purchases/user/${shop.other.id}/${purchaseId}/cancel`, other), 404, "purchaseNotFound");
    expect((await lk.call("POST", `/payments/purchases/user/me/${purchaseId}/cancel`, me)).status).toBe(200);
    // Tokens went with the purchase; granted credits stay, and no more are granted.
    expect([await shop.quantity("credits"), await shop.quantity("tokens")]).toEqual([4000, 0]);
    lk.clock.advance(5 * WEEK);
    expect(await shop.quantity("credits")).toBe(4000);
    expect((await lk.call("GET", "/payments/purchases/user/me", await shop.user.session())).body.purchases).toEqual([]);
  });

  it("renews a test-mode subscription's period while it is in force", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const start = lk.clock.now().getTime();
    await shop.purchase("starter", "monthly");
    const periodEnd = async () => (await lk.call("GET", "/payments/purchases/user/me", await shop.user.session())).body.purchases[0].current_period_end_millis as number;
    const first = await periodEnd();
    expect(first).toBeGreaterThan(start + 27 * DAY);
    lk.clock.advance(40 * DAY);
    await shop.quantity("credits");
    const second = await periodEnd();
    expect(second).toBeGreaterThan(lk.clock.now().getTime());
    expect(second).toBeGreaterThan(first);
  });

  it("keeps one offer per group, stacks stackable offers, and sells add-ons only with their base", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    expectStatusError(await shop.buy(await shop.code({ offer_id: "addon" }), "once"), 400, "purchaseAddOnWithoutBase");
    await shop.purchase("pro", "monthly");
    await shop.purchase("addon", "once");
    expect(await shop.quantity("boosts")).toBe(4);
    expectStatusError(await shop.buy(await shop.code({ offer_id: "pro" }), "monthly"), 400, "purchaseAlreadyHeld");
    expectStatusError(await shop.buy(await shop.code({ offer_id: "starter" }), "monthly", 2), 400, "purchaseNotStackable");

    await shop.purchase("pack", "once", 3);
    await shop.purchase("pack", "once");
    expect(await shop.quantity("tokens")).toBe(5 + 40);

    // Starter is in the same group: it replaces Pro, whose purchase-bound tokens go with it.
    await shop.purchase("starter", "monthly");
    const active = (await lk.call("GET", "/payments/purchases/user/me", shop.user.client)).body.purchases as { offer_id: string }[];
    expect(active.map((p) => p.offer_id).sort()).toEqual(["addon", "pack", "pack", "starter"]);
    expect([await shop.quantity("tokens"), await shop.quantity("credits")]).toEqual([40, 1100]);
  });

  it("answers the wire's errors for offers, customers and inline offers", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const user = { customer_type: "user", customer_id: shop.user.id };
    expectKnownError(await shop.purchaseUrl({ ...user, offer_id: "nope" }), 400, "OFFER_DOES_NOT_EXIST", { offer_id: "nope", access_type: "client" });
    expectKnownError(await shop.purchaseUrl({ ...user, offer_id: "hidden" }), 400, "OFFER_DOES_NOT_EXIST", { offer_id: "hidden", access_type: "client" });
    expect((await shop.purchaseUrl({ ...user, offer_id: "hidden" }, shop.server)).status).toBe(200);
    expectKnownError(await shop.purchaseUrl({ customer_type: "team", customer_id: shop.user.id, offer_id: "pro" }), 400, "OFFER_CUSTOMER_TYPE_DOES_NOT_MATCH", {
      offer_id: "pro", customer_id: shop.user.id, offer_customer_type: "user", actual_customer_type: "team",
    });
    expectKnownError(await shop.purchaseUrl({ customer_type: "user", customer_id: "0b6f5c3e-1d2a-4c8e-9f00-123456789abc", offer_id: "pro" }, shop.server), 404, "USER_NOT_FOUND");
    expectStatusError(await shop.purchaseUrl(user), 400, "purchaseOfferChoice");

    const inline = { display_name: "One-off", customer_type: "user", prices: { once: { USD: "3.50" } }, included_items: { tokens: { quantity: 7 } } };
    expectStatusError(await shop.purchaseUrl({ ...user, offer_id: "pro", inline_offer: inline }, shop.server), 400, "purchaseOfferChoice");
    expectStatusError(await shop.purchaseUrl({ ...user, inline_offer: inline }), 400, "purchaseInlineOfferFromClient");
    expectKnownError(await shop.purchaseUrl({ customer_type: "custom", customer_id: "c-1", inline_offer: inline }, shop.server), 400, "OFFER_CUSTOMER_TYPE_DOES_NOT_MATCH", {
      offer_id: null, customer_id: "c-1", offer_customer_type: "user", actual_customer_type: "custom",
    });
    for (const key of ["inline_offer", "offer_inline"]) {
      const code = await shop.code({ [key]: inline }, shop.server);
      const shown = await lk.call("POST", "/payments/purchases/validate-code", { body: { full_code: code } });
      expect(shown.body.offer).toMatchObject({ display_name: "One-off", prices: { once: { USD: "3.50" } }, included_items: { tokens: { quantity: 7 } } });
      expect(shown.body.offer_id).toBeNull();
      expect((await shop.buy(code, "once")).status).toBe(200);
    }
    expect(await shop.quantity("tokens")).toBe(14);
  });

  it("shows a team's purchases to its members only, and to servers", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const team = await lk.call("POST", "/teams", { ...shop.server, body: { display_name: "Buyers", creator_user_id: shop.user.id } });
    const teamId = team.body.id as string;
    const code = await shop.code({ customer_type: "team", customer_id: teamId, offer_id: "team-seats" });
    expect((await shop.buy(code, "yearly")).status).toBe(200);
    const path = `/payments/purchases/team/${teamId}`;
    const member = await lk.call("GET", path, shop.user.client);
    expect(member.status, member.text).toBe(200);
    expect(member.body.purchases.map((p: { offer_display_name: string }) => p.offer_display_name)).toEqual(["Seats"]);
    expect(member.body.items).toEqual([{ id: "seats", display_name: "Seats", quantity: 5 }]);
    expectStatusError(await lk.call("GET", path, shop.other.client), 403, "purchasesOwnOnly");
    expect((await lk.call("GET", path, shop.server)).body.items).toEqual([{ id: "seats", display_name: "Seats", quantity: 5 }]);
    expectKnownError(await lk.call("GET", "/payments/purchases/team/0b6f5c3e-1d2a-4c8e-9f00-123456789abc", shop.server), 404, "TEAM_NOT_FOUND", { team_id: "0b6f5c3e-1d2a-4c8e-9f00-123456789abc" });
    expectStatusError(await lk.call("GET", "/payments/purchases/custom/acme", shop.user.client), 403, "purchasesOwnOnly");
  });

  it("refuses test-mode purchases when test mode is off", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const code = await shop.code({ offer_id: "pack" });
    const off = await lk.call("PATCH", "/internal/config/override", { ...shop.admin, body: { config_override_string: JSON.stringify({ "payments.testMode": false }) } });
    expect(off.status, off.text).toBe(200);
    expectStatusError(await shop.buy(code, "once"), 400, "purchaseTestModeOff");
    expect((await lk.call("POST", "/payments/purchases/validate-code", { body: { full_code: code } })).body.test_mode).toBe(false);
  });
});
