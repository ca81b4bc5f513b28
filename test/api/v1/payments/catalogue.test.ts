import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../../support/instance.js";

/** Applies an override to a fresh project's config; answers the 400 text (Stack's plain `[ERROR] …`), or null when accepted. */
async function problemOf(lk: TestInstance, override: Record<string, unknown>): Promise<string | null> {
  const project = await lk.createProject();
  const res = await lk.call("PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: JSON.stringify(override) } });
  if (res.status === 200) return null;
  expect([res.status, res.headers.get("x-stack-known-error")]).toEqual([400, null]);
  return res.text;
}

const item = { "payments.items.credits": { customerType: "user" } };
const offerWith = (offer: Record<string, unknown>) => ({ ...item, "payments.offers.pro": { customerType: "user", includedItems: {}, prices: {}, ...offer } });
const priceOf = (price: Record<string, unknown>) => offerWith({ prices: { monthly: price } });

describe.each(testDialects)("the payments catalogue in the project config on %s", (dialect) => {
  it("accepts a full catalogue and renders its defaults", async () => {
    await using lk = await createTestInstance(dialect);
    const catalogue = {
      "payments.groups.plans": {},
      "payments.items.credits": { displayName: "Credits", customerType: "team" },
      "payments.offers.pro": {
        groupId: "plans",
        customerType: "team",
        freeTrial: [14, "day"],
        stackable: false,
        prices: { monthly: { USD: "10", EUR: "9.50", JPY: "1200", interval: [1, "month"], serverOnly: false, freeTrial: [7, "day"] } },
        includedItems: { credits: { quantity: 10, repeat: [1, "month"], expires: "when-repeated" } },
      },
      "payments.offers.extra": { customerType: "team", isAddOnTo: { pro: true }, prices: "include-by-default", includedItems: { credits: { quantity: 1, repeat: "never", expires: "when-purchase-expires" } } },
    };
    expect(await problemOf(lk, catalogue)).toBeNull();
    const project = await lk.createProject({ configOverride: catalogue });
    const rendered = JSON.parse((await lk.call("GET", "/internal/config", { access: "admin", project })).body.config_string);
    expect(rendered.payments.offers.extra).toMatchObject({ displayName: "extra", serverOnly: false, customerType: "team", isAddOnTo: { pro: true } });
  });

  it("answers every money message of the SPEC", async () => {
    await using lk = await createTestInstance(dialect);
    const at = "[ERROR] payments.offers.pro.prices.monthly";
    expect(await problemOf(lk, priceOf({ USD: "9.999" }))).toBe(`${at}.USD Too many decimals; USD only has 2 decimals`);
    expect(await problemOf(lk, priceOf({ JPY: "100.5" }))).toBe(`${at}.JPY Too many decimals; JPY only has 0 decimals`);
    expect(await problemOf(lk, priceOf({ EUR: "012" }))).toBe(`${at}.EUR Money amount must not have leading zeros`);
    for (const bad of ["1,00", "-5", "1.", ".5", "abc", "1e3", " 1"]) {
      expect(await problemOf(lk, priceOf({ USD: bad })), bad).toBe(`${at}.USD Money amount must be in the format of <number> or <number>.<number>`);
    }
    expect(await problemOf(lk, priceOf({ interval: [1, "month"] }))).toBe(`${at} At least one currency is required`);
    expect(await problemOf(lk, priceOf({ USD: "0" }))).toBeNull();
    expect(await problemOf(lk, priceOf({ USD: "0.50", GBP: "10.5", INR: "100", AUD: "1.25", CAD: "3" }))).toBeNull();
    expect(await problemOf(lk, priceOf({ CHF: "1" }))).toBe('[ERROR] The key "payments.offers.pro.prices.monthly.CHF" is not valid for the schema.');
  });

  it("answers the id, interval, repeat, expiry and customer-type messages", async () => {
    await using lk = await createTestInstance(dialect);
    const idMessage = "must start with a letter or underscore and contain only letters, digits, underscores and hyphens";
    expect(await problemOf(lk, { "payments.items.1credits": {} })).toBe('[ERROR] The key "payments.items.1credits" is not valid for the schema.');
    expect(await problemOf(lk, { "payments.items": { ["a".repeat(64)]: {} } })).toBe(`[ERROR] The key "payments.items.${"a".repeat(64)}" is not valid for the schema.`);
    expect(await problemOf(lk, { "payments.items": { "_ok-id_2": {}, ["a".repeat(63)]: {} } })).toBeNull();
    expect(await problemOf(lk, offerWith({ groupId: "bad id" }))).toBe(`[ERROR] payments.offers.pro.groupId ${idMessage}`);
    expect(await problemOf(lk, offerWith({ groupId: "missing" }))).toBe('[ERROR] payments.offers.pro.groupId names the group "missing", which is not in payments.groups');
    expect(await problemOf(lk, priceOf({ USD: "1", interval: [1, "fortnight"] }))).toBe("[ERROR] payments.offers.pro.prices.monthly.interval.1 must be one of the following values: day, week, month, year");
    expect(await problemOf(lk, priceOf({ USD: "1", interval: [-1, "day"] }))).toBe("[ERROR] payments.offers.pro.prices.monthly.interval.0 must not be negative");
    expect(await problemOf(lk, priceOf({ USD: "1", interval: [1.5, "day"] }))).toBe("[ERROR] payments.offers.pro.prices.monthly.interval.0 must be an integer");
    expect(await problemOf(lk, offerWith({ includedItems: { credits: { quantity: 1, repeat: "sometimes" } } }))).toBe("[ERROR] payments.offers.pro.includedItems.credits.repeat is not matched by any of the provided schemas");
    expect(await problemOf(lk, offerWith({ includedItems: { credits: { quantity: 1, expires: "later" } } }))).toBe(
      "[ERROR] payments.offers.pro.includedItems.credits.expires must be one of the following values: never, when-purchase-expires, when-repeated",
    );
    expect(await problemOf(lk, offerWith({ customerType: "robot" }))).toBe("[ERROR] payments.offers.pro.customerType must be one of the following values: user, team, custom");
    expect(await problemOf(lk, { "payments.items.credits": { customerType: "org" } })).toBe("[ERROR] payments.items.credits.customerType must be one of the following values: user, team, custom");
    expect(await problemOf(lk, offerWith({ customerType: "team", includedItems: { credits: { quantity: 1 } } }))).toBe(
      "[ERROR] payments.offers.pro.includedItems.credits: the item's customer type (user) must match the offer's customer type (team)",
    );
    expect(await problemOf(lk, offerWith({ includedItems: { gems: { quantity: 1 } } }))).toBe("[ERROR] payments.offers.pro.includedItems.gems names an item that is not in payments.items");
    expect(await problemOf(lk, offerWith({ isAddOnTo: { base: true } }))).toBe("[ERROR] payments.offers.pro.isAddOnTo.base names an offer that is not in payments.offers");
    expect(await problemOf(lk, offerWith({ stackable: "yes" }))).toBe("[ERROR] payments.offers.pro.stackable must be a boolean");
  });

  it("checks inline offers in create-purchase-url with the same rules", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const inline = (price: Record<string, unknown>) =>
      lk.call("POST", "/payments/purchases/create-purchase-url", {
        access: "server",
        project,
        body: { customer_type: "custom", customer_id: "c1", inline_offer: { display_name: "X", customer_type: "custom", prices: { p: price } } },
      });
    for (const [price, message] of [
      [{ USD: "1.234" }, "Too many decimals; USD only has 2 decimals"],
      [{ USD: "00.5" }, "Money amount must not have leading zeros"],
      [{ USD: "ten" }, "Money amount must be in the format of <number> or <number>.<number>"],
      [{}, "At least one currency is required"],
    ] as const) {
      const res = await inline(price);
      expect([res.status, res.body.code], JSON.stringify(price)).toEqual([400, "SCHEMA_ERROR"]);
      expect(res.body.details.message).toContain(message);
    }
    expect((await inline({ USD: "1.23" })).status).toBe(200);
  });
});
