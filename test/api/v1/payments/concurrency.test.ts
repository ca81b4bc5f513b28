import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { openShop } from "./support.js";

describe.each(testDialects)("purchases and decreases at once on %s", (dialect) => {
  it("never overdraws and never loses a grant with 50 concurrent purchases and try-decreases", { timeout: 120_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    // Codes first, so that only the purchases and decreases race.
    const codes = await Promise.all(Array.from({ length: 25 }, () => shop.code({ offer_id: "pack" }, shop.server)));
    const decrease = () =>
      lk.call("POST", `/payments/items/user/${shop.user.id}/tokens/update-quantity?allow_negative=false`, { ...shop.server, body: { delta: -7 } });
    const results = await Promise.all([
      ...codes.map(async (code) => ({ kind: "buy" as const, res: await shop.buy(code, "once") })),
      ...Array.from({ length: 25 }, async () => ({ kind: "take" as const, res: await decrease() })),
    ]);
    const bought = results.filter((r) => r.kind === "buy");
    expect(bought.map((r) => r.res.status)).toEqual(Array(25).fill(200));
    const taken = results.filter((r) => r.kind === "take" && r.res.status === 200).length;
    const refused = results.filter((r) => r.kind === "take" && r.res.status === 400);
    for (const r of refused) expect(r.res.body.code).toBe("ITEM_QUANTITY_INSUFFICIENT_AMOUNT");
    expect(taken + refused.length).toBe(25);
    // Every grant (25 × 10) counted; every successful decrease counted; never below zero.
    expect(await shop.quantity("tokens")).toBe(250 - 7 * taken);
    expect(250 - 7 * taken).toBeGreaterThanOrEqual(0);
    const changes = await lk.deps.store.db.select().from(lk.deps.store.t.itemQuantityChanges);
    expect(changes.filter((c) => c.purchaseId !== null)).toHaveLength(25);
  });
});
