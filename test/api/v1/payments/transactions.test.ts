import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { openShop } from "./support.js";

describe.each(testDialects)("payment transactions on %s", (dialect) => {
  it("lists purchases and API quantity changes newest first, with filters and cursors", async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const list = (query = "") => lk.call("GET", `/internal/payments/transactions${query}`, shop.admin);

    expect((await list()).body).toEqual({ transactions: [], next_cursor: null });
    await shop.purchase("pro", "monthly");
    lk.clock.advance(1000);
    await shop.purchase("pack", "once", 2);
    lk.clock.advance(1000);
    const change = await lk.call("POST", `/payments/items/user/${shop.user.id}/credits/update-quantity?allow_negative=false`, { ...shop.server, body: { delta: -5, description: "spent" } });
    expect(change.status, change.text).toBe(200);
    lk.clock.advance(1000);
    const inline = { display_name: "Custom plan", customer_type: "custom", prices: { p: { EUR: "4.20", interval: [1, "year"] } }, included_items: {} };
    const code = await shop.code({ customer_type: "custom", customer_id: "acme", inline_offer: inline }, shop.server);
    expect((await shop.buy(code, "p")).status).toBe(200);

    const all = await list();
    expect(all.status, all.text).toBe(200);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.transactions.map((t: { type: string }) => t.type)).toEqual(["subscription", "item_quantity_change", "one_time", "subscription"]);
    const [custom, quantityChange, pack, pro] = all.body.transactions;
    expect(custom).toEqual({
      id: expect.any(String), type: "subscription", created_at_millis: lk.clock.now().getTime(), customer_type: "custom", customer_id: "acme",
      quantity: 1, test_mode: true, offer_display_name: "Custom plan", price: { EUR: "4.20", interval: [1, "year"] }, status: "active",
    });
    expect(quantityChange).toEqual({
      id: change.body.id, type: "item_quantity_change", created_at_millis: lk.clock.now().getTime() - 1000, customer_type: "user", customer_id: shop.user.id,
      quantity: -5, test_mode: false, offer_display_name: null, price: null, status: null, item_id: "credits", expires_at_millis: null, description: "spent",
    });
    expect(pack).toMatchObject({ type: "one_time", quantity: 2, offer_display_name: "Token pack", price: { USD: "9.99", JPY: "1500" }, status: "succeeded" });
    expect(pro).toMatchObject({ type: "subscription", offer_display_name: "Pro", price: { USD: "20.00", EUR: "18.50", interval: [1, "month"] } });

    expect((await list("?type=one_time")).body.transactions).toEqual([pack]);
    expect((await list("?type=item_quantity_change")).body.transactions).toEqual([quantityChange]);
    expect((await list("?customer_type=custom")).body.transactions).toEqual([custom]);
    expect((await list("?customer_type=team")).body.transactions).toEqual([]);

    const seen = [];
    let cursor: string | null = null;
    do {
      const page: { body: { transactions: unknown[]; next_cursor: string | null } } = await list(`?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.body.transactions).toHaveLength(1);
      seen.push(...page.body.transactions);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.body.transactions);
    // Limits are clamped to 1-200.
    expect((await list("?limit=0")).body.transactions).toHaveLength(1);
    expect((await list("?limit=-4")).body.transactions).toHaveLength(1);
    expect((await list("?limit=5000")).body.transactions).toHaveLength(4);
    expect((await list("?limit=abc")).status).toBe(400);
    // Admins only.
    expect((await lk.call("GET", "/internal/payments/transactions", shop.server)).status).toBe(401);
  });

  it("pages through 100,000 rows quickly", { timeout: 180_000 }, async () => {
    await using lk = await createTestInstance(dialect);
    const shop = await openShop(lk);
    const t = lk.deps.store.t.itemQuantityChanges;
    const start = lk.clock.now().getTime();
    for (let batch = 0; batch < 100; batch++) {
      const rows = Array.from({ length: 1000 }, (_, i) => {
        const n = batch * 1000 + i;
        return {
          id: `row-${String(n).padStart(6, "0")}`, projectId: shop.project.id, customerType: "custom" as const, customerId: `c${n % 97}`, userId: null, teamId: null,
          itemId: "credits", delta: 1, description: null, createdAt: new Date(start - n * 1000), expiresAt: null, purchaseId: null, grantExpiry: null, grantKey: null,
        };
      });
      await lk.deps.store.db.insert(t).values(rows);
    }
    // CPU time of this process (the server runs in it), not wall-clock time: a loaded machine does not
    // make the pages cost more of it. Reading from the cursor on, `limit` rows at a time, the six pages
    // take well under a second of it; reading every row (on SQLite, or parsing them from PostgreSQL)
    // takes seconds.
    const cpu = process.cpuUsage();
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res: { status: number; body: { transactions: { id: string }[]; next_cursor: string | null } } = await lk.call(
        "GET", `/internal/payments/transactions?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, shop.admin,
      );
      expect(res.status).toBe(200);
      expect(res.body.transactions[0]!.id).toBe(`row-${String(page * 200).padStart(6, "0")}`);
      cursor = res.body.next_cursor;
    }
    const deep = await lk.call("GET", `/internal/payments/transactions?limit=200&cursor=${encodeURIComponent(`${start - 90_000 * 1000}.row-090000`)}`, shop.admin);
    expect(deep.body.transactions[0].id).toBe("row-090001");
    const { user, system } = process.cpuUsage(cpu);
    expect((user + system) / 1000).toBeLessThan(3000);
  });
});
