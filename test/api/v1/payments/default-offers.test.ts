/**
 * Offers included by default (payments.md §4, `prices: "include-by-default"`): what they include counts
 * in every read and check of a quantity, an offer of a group only while the customer holds no purchase
 * of that group (issue 28).
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { expectKnownError } from "../../../support/known-errors.js";
import { catalogue, openShop } from "./support.js";

const withDefaults = {
  ...catalogue,
  // The plan every user holds until they buy one of the group (`starter` or `pro`).
  "payments.offers.free": { displayName: "Free", customerType: "user", groupId: "plans", prices: "include-by-default", includedItems: { credits: { quantity: 50 } } },
  // Without a group: held whatever the user buys.
  "payments.offers.welcome": { displayName: "Welcome", customerType: "user", prices: "include-by-default", includedItems: { tokens: { quantity: 2 } } },
};

describe.each(testDialects)("offers included by default on %s", (dialect) => {
  it("counts them in reads and in the checks of decreases", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk, withDefaults);
    expect([await shop.quantity("credits"), await shop.quantity("tokens"), await shop.quantity("boosts")]).toEqual([50, 2, 0]);

    const decrease = (itemId: string, delta: number) =>
      lk.call("POST", `/payments/items/user/${shop.user.id}/${itemId}/update-quantity?allow_negative=false`, { ...shop.server, body: { delta } });
    // The SDK's tryDecreaseQuantity: the default's 50 credits may be spent, not one more.
    expectKnownError(await decrease("credits", -51), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: "credits", customer_id: shop.user.id, quantity: -51 });
    expect((await decrease("credits", -50)).status).toBe(200);
    expect(await shop.quantity("credits")).toBe(0);
    expectKnownError(await decrease("credits", -1), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: "credits", customer_id: shop.user.id, quantity: -1 });

    const overview = await lk.call("GET", "/payments/purchases/user/me", await shop.user.session());
    expect(overview.body.items).toEqual([
      { id: "boosts", display_name: "Boosts", quantity: 0 },
      { id: "credits", display_name: "Credits", quantity: 0 },
      { id: "tokens", display_name: "Tokens", quantity: 2 },
    ]);
  });

  it("stops counting a grouped default once the customer buys another offer of its group, and again after cancelling", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk, withDefaults);
    // An offer outside the group leaves the free plan in place.
    await shop.purchase("pack", "once");
    expect([await shop.quantity("credits"), await shop.quantity("tokens")]).toEqual([50, 12]);

    await shop.purchase("starter", "monthly");
    // Starter's 100 credits replace the free plan's 50; the ungrouped welcome offer still counts.
    expect([await shop.quantity("credits"), await shop.quantity("tokens")]).toEqual([100, 12]);
    const decrease = (delta: number) =>
      lk.call("POST", `/payments/items/user/${shop.user.id}/credits/update-quantity?allow_negative=false`, { ...shop.server, body: { delta } });
    expectKnownError(await decrease(-101), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT", { item_id: "credits", customer_id: shop.user.id, quantity: -101 });
    // Another user's free plan is theirs alone.
    expect(await shop.quantity("credits", shop.other.id)).toBe(50);

    const me = await shop.user.session();
    const overview = await lk.call("GET", "/payments/purchases/user/me", me);
    const starter = (overview.body.purchases as { id: string; offer_id: string }[]).find((purchase) => purchase.offer_id === "starter")!;
    expect(overview.body.items).toContainEqual({ id: "credits", display_name: "Credits", quantity: 100 });
    expect((await lk.call("POST", `/payments/purchases/user/me/${starter.id}/cancel`, me)).status).toBe(200);
    // Starter's granted credits stay (they never expire) and the free plan counts again.
    expect(await shop.quantity("credits")).toBe(150);
  });
});
