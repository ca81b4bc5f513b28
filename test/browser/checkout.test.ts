/// <reference lib="dom" />
/**
 * The hosted checkout and billing pages in Debian's Chromium against the real server (in-process, on a
 * port): a checkout URL from the API opens our checkout page, which shows the offer, its prices and
 * included items and completes a test-mode purchase; the billing page then shows the offer and the
 * balances, and cancels the subscription.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { horizontalOverflow, launchChromium, newPage, runAxe, screenshot } from "../support/chromium.js";
import { browserTestDialects } from "../support/browser-dialects.js";
import { startHandlerServer, type HandlerServer } from "./handler/harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const AREA = "checkout";
const catalogue = {
  // A development project that lets the checkout page complete test purchases with the code alone.
  "payments.testPurchasesWithCode": true,
  "payments.items.credits": { displayName: "Credits", customerType: "user" },
  "payments.items.tokens": { displayName: "Tokens", customerType: "user" },
  "payments.offers.pro": {
    displayName: "Pro plan",
    customerType: "user",
    prices: { monthly: { USD: "20.00", EUR: "18.50", interval: [1, "month"] }, yearly: { USD: "200", interval: [1, "year"] } },
    includedItems: { credits: { quantity: 1000, repeat: [1, "month"], expires: "when-repeated" }, tokens: { quantity: 5, expires: "when-purchase-expires" } },
  },
};

describe.each(dialects)("hosted checkout in Chromium (%s)", (dialect) => {
  let server: HandlerServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startHandlerServer(dialect);
    const override = await server.asAdmin("PATCH", "/internal/config/override", { config_override_string: JSON.stringify(catalogue) });
    expect(override.status, override.text).toBe(200);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.[Symbol.asyncDispose]();
  });

  it("shows the offer and completes a test-mode purchase; billing shows it and cancels it", { timeout: 120_000 }, async () => {
    const signUp = await server.asClient("POST", "/auth/password/sign-up", { email: `buyer-${Date.now()}@orbit.test`, password: "correct horse battery" });
    expect(signUp.status, signUp.text).toBe(200);
    const { user_id: userId, access_token: accessToken, refresh_token: refreshToken } = signUp.body as { user_id: string; access_token: string; refresh_token: string };
    const created = await server.asClient("POST", "/payments/purchases/create-purchase-url", { customer_type: "user", customer_id: userId, offer_id: "pro" }, accessToken);
    expect(created.status, created.text).toBe(200);
    const checkoutUrl = created.body.url as string;
    expect(checkoutUrl.startsWith(`${server.url}/handler/purchase/${server.project.id}_`)).toBe(true);
    const credits = async () => (await server.lk.call("GET", `/payments/items/user/${userId}/credits`, { access: "server", project: server.project })).body.quantity as number;

    const { page, errors, context } = await newPage(browser);
    await page.goto(checkoutUrl);
    await page.getByText("Pro plan").waitFor();
    await page.getByText("Offered by Orbit").waitFor();
    await page.getByText("$20.00 · €18.50 / month").waitFor();
    await page.getByText("$200.00 / year").waitFor();
    await page.getByText("Credits").waitFor();
    await page.getByText("every month, until the next grant").waitFor();
    await page.getByText("Test mode: completing this purchase takes no payment.").waitFor();
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, AREA, `${dialect}-checkout-offer`);

    await page.getByLabel("$200.00 / year").check();
    expect(await credits()).toBe(0);
    await page.getByRole("button", { name: "Complete test purchase" }).click();
    await page.getByText("Thank you! Pro plan is now yours.").waitFor();
    await screenshot(page, AREA, `${dialect}-checkout-done`);
    expect(await credits()).toBe(1000);
    const transactions = await server.asAdmin("GET", "/internal/payments/transactions");
    expect(transactions.body.transactions[0]).toMatchObject({ type: "subscription", offer_display_name: "Pro plan", price: { USD: "200", interval: [1, "year"] } });

    // The used link now says so.
    await page.goto(checkoutUrl);
    await page.getByText("This checkout link does not work").waitFor();

    // Billing, signed in through the cookie token store the hosted pages use.
    await context.addCookies([{ name: `stack-refresh-${server.project.id}`, value: refreshToken, url: server.url }]);
    await page.goto(server.pageUrl("billing"));
    await page.getByRole("heading", { name: "Active offers" }).waitFor();
    await page.getByText("Tokens").waitFor();
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, AREA, `${dialect}-billing`);
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByRole("button", { name: "Yes, cancel" }).click();
    await page.getByText("Pro plan was cancelled.").waitFor();
    await page.getByText("You have no active offers.").waitFor();
    await screenshot(page, AREA, `${dialect}-billing-cancelled`);
    const tokens = (await server.lk.call("GET", `/payments/items/user/${userId}/tokens`, { access: "server", project: server.project })).body.quantity as number;
    expect(tokens).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fits a phone screen", { timeout: 60_000 }, async () => {
    const signUp = await server.asClient("POST", "/auth/password/sign-up", { email: `phone-${Date.now()}@orbit.test`, password: "correct horse battery" });
    const created = await server.asClient("POST", "/payments/purchases/create-purchase-url", { customer_type: "user", customer_id: signUp.body.user_id, offer_id: "pro" }, signUp.body.access_token as string);
    const { page, context } = await newPage(browser, { viewport: { width: 360, height: 740 }, colorScheme: "dark" });
    await page.goto(created.body.url as string);
    await page.getByRole("button", { name: "Complete test purchase" }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, AREA, `${dialect}-checkout-phone-dark`);
    await context.close();
  });
});
