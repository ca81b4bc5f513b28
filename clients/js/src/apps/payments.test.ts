import { describe, expect, it } from "vitest";
import { KnownErrors } from "../core/errors/known-errors.js";
import { fakeJwt } from "../test-support/jwt.js";
import { fakeServer, json, known, serverUserJson, teamJson, userJson } from "../test-support/fake-server.js";

const checkoutUrl = "https://auth.example.com/handler/purchase/p1_abc";

describe("customer.createCheckoutUrl", () => {
  it("asks for a config offer as the signed-in user (client access, the user's tokens)", async () => {
    const access = fakeJwt(Date.now() + 600_000);
    const server = fakeServer({
      "GET /users/me": () => json(userJson),
      "POST /payments/purchases/create-purchase-url": () => json({ url: checkoutUrl }),
    });
    const user = await server.client({ accessToken: access, refreshToken: "r1" }).getUser({ or: "throw" });
    expect(await user.createCheckoutUrl({ offerId: "pro" })).toBe(checkoutUrl);
    const request = server.log.at(-1)!;
    expect(request.body).toEqual({ customer_type: "user", customer_id: "u1", offer_id: "pro" });
    expect(request.headers["x-stack-access-type"]).toBe("client");
    expect(request.headers["x-stack-access-token"]).toBe(access);
  });

  it("passes the server's refusal through as the known error", async () => {
    const server = fakeServer({
      "GET /users/me": () => json(userJson),
      "POST /payments/purchases/create-purchase-url": () => known("OFFER_DOES_NOT_EXIST", 400),
    });
    const user = await server.client({ accessToken: fakeJwt(Date.now() + 600_000), refreshToken: "r1" }).getUser({ or: "throw" });
    await expect(user.createCheckoutUrl({ offerId: "nope" })).rejects.toBeInstanceOf(KnownErrors.OfferDoesNotExist);
  });

  it("sends a server user's inline offer as inline_offer in a client request without a session, as Stack's SDK does", async () => {
    const server = fakeServer({
      "GET /users/u1": () => json(serverUserJson),
      "POST /payments/purchases/create-purchase-url": () => json({ url: checkoutUrl }),
    });
    const user = (await server.admin().getUser("u1"))!;
    const offer = { display_name: "One-off", customer_type: "user" as const, server_only: true as const, prices: { once: { USD: "5" } }, included_items: {} };
    await user.createCheckoutUrl({ offer });
    const request = server.log.at(-1)!;
    expect(request.body).toEqual({ customer_type: "user", customer_id: "u1", inline_offer: offer });
    expect(request.headers["x-stack-access-type"]).toBe("client");
    expect(request.headers["x-stack-access-token"]).toBeUndefined();
  });

  it("buys for a server team as the team customer", async () => {
    const server = fakeServer({
      "GET /teams/t1": () => json(teamJson),
      "POST /payments/purchases/create-purchase-url": () => json({ url: checkoutUrl }),
    });
    const team = (await server.admin().getTeam("t1"))!;
    expect(await team.createCheckoutUrl({ offerId: "team-plan" })).toBe(checkoutUrl);
    expect(server.log.at(-1)!.body).toEqual({ customer_type: "team", customer_id: "t1", offer_id: "team-plan" });
  });
});

describe("admin payments", () => {
  it("completes a test-mode purchase with the code and price (quantity only when given)", async () => {
    const server = fakeServer({ "POST /internal/payments/test-mode-purchase-session": () => json({ success: true }) });
    const admin = server.admin();
    await admin.testModePurchase({ priceId: "monthly", fullCode: "p1_abc" });
    await admin.testModePurchase({ priceId: "seat", fullCode: "p1_def", quantity: 3 });
    expect(server.log.map((r) => r.body)).toEqual([{ price_id: "monthly", full_code: "p1_abc" }, { price_id: "seat", full_code: "p1_def", quantity: 3 }]);
    expect(server.log[0]!.headers["x-stack-access-type"]).toBe("admin");
  });

  it("lists transactions with the filters as query parameters and the cursor as nextCursor", async () => {
    const transaction = { id: "x1", type: "one_time", created_at_millis: 5, customer_type: "user", customer_id: "u1", quantity: 1, test_mode: true, offer_display_name: "Pro", price: { USD: "5" }, status: null };
    const server = fakeServer({ "GET /internal/payments/transactions": () => json({ transactions: [transaction], next_cursor: "c2" }) });
    const admin = server.admin();
    expect(await admin.listTransactions({ limit: 1, cursor: "c1", type: "one_time", customerType: "user" })).toEqual({ transactions: [transaction], nextCursor: "c2" });
    expect(Object.fromEntries(server.log[0]!.url.searchParams)).toEqual({ limit: "1", cursor: "c1", type: "one_time", customer_type: "user" });
    await admin.listTransactions();
    expect(server.log[1]!.url.search).toBe("");
  });

  it("answers null without a Stripe account, and passes other errors on", async () => {
    let answer = () => known("STRIPE_ACCOUNT_INFO_NOT_FOUND", 404);
    const server = fakeServer({ "GET /internal/payments/stripe/account-info": () => answer() });
    const admin = server.admin();
    expect(await admin.getStripeAccountInfo()).toBeNull();
    const info = { account_id: "acct_1", charges_enabled: true, details_submitted: true, payouts_enabled: false };
    answer = () => json(info);
    expect(await admin.getStripeAccountInfo()).toEqual(info);
    answer = () => known("PROJECT_NOT_FOUND", 404);
    await expect(admin.getStripeAccountInfo()).rejects.toBeInstanceOf(KnownErrors.ProjectNotFound);
  });

  it("starts Stripe onboarding and makes widget account sessions", async () => {
    const server = fakeServer({
      "POST /internal/payments/setup": () => json({ url: "https://connect.stripe.com/setup/x" }),
      "POST /internal/payments/stripe-widgets/account-session": () => json({ client_secret: "cs_1" }),
    });
    const admin = server.admin();
    expect(await admin.setupPayments()).toEqual({ url: "https://connect.stripe.com/setup/x" });
    expect(await admin.createStripeWidgetAccountSession()).toEqual({ client_secret: "cs_1" });
    expect(server.log.map((r) => r.key)).toEqual(["POST /internal/payments/setup", "POST /internal/payments/stripe-widgets/account-session"]);
  });
});
