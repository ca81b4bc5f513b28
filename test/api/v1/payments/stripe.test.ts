import { describe, expect, it } from "vitest";
import { stripeWebhookHandler, STRIPE_WEBHOOK_PATHS } from "../../../../server/handlers/payments-stripe-webhook.js";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../../support/instance.js";
import { expectKnownError, expectStatusError } from "../../../support/known-errors.js";
import { startStripeStandIn, type StripeStandIn } from "../../../support/stripe-stand-in.js";
import { catalogue, openShop } from "./support.js";

async function withStripe(dialect: Parameters<typeof createTestInstance>[0], stripe: StripeStandIn): Promise<TestInstance> {
  return createTestInstance(dialect, { stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiBase: stripe.url } });
}

/** Stripe's POST, through the app's route for it. */
function deliver(lk: TestInstance, body: string, signature: string) {
  return lk.app.request(STRIPE_WEBHOOK_PATHS[0]!, { method: "POST", body, headers: { "stripe-signature": signature, "content-type": "application/json" } });
}

describe.each(testDialects)("Stripe on %s", (dialect) => {
  it("onboards a connected account and reports it", async () => {
    await using stripe = await startStripeStandIn();
    await using lk = await withStripe(dialect, stripe);
    const project = await lk.createProject();
    const admin = { access: "admin" as const, project };
    expectKnownError(await lk.call("GET", "/internal/payments/stripe/account-info", admin), 404, "STRIPE_ACCOUNT_INFO_NOT_FOUND");
    expectStatusError(await lk.call("POST", "/internal/payments/stripe-widgets/account-session", { ...admin, body: {} }), 400, "stripeAccountIdNotSet");

    const setup = await lk.call("POST", "/internal/payments/setup", { ...admin, body: {} });
    expect(setup.status, setup.text).toBe(200);
    const [accountId] = [...stripe.accounts.keys()];
    expect(setup.body.url).toBe(`https://connect.stripe.test/setup/${accountId}`);
    // Setting up again reuses the account.
    expect((await lk.call("POST", "/internal/payments/setup", { ...admin, body: {} })).status).toBe(200);
    expect(stripe.accounts.size).toBe(1);
    const link = stripe.requests.find((r) => r.path === "/v1/account_links")!;
    expect(link.form).toMatchObject({ account: accountId, type: "account_onboarding", return_url: `http://localhost:8102/dashboard/projects/${project.id}/payments` });

    stripe.accounts.get(accountId!)!.charges_enabled = true;
    const info = await lk.call("GET", "/internal/payments/stripe/account-info", admin);
    expect(info.body).toEqual({ account_id: accountId, charges_enabled: true, details_submitted: false, payouts_enabled: false });
    const session = await lk.call("POST", "/internal/payments/stripe-widgets/account-session", { ...admin, body: {} });
    expect(session.body.client_secret).toMatch(/^accs_secret_/);
    expect(stripe.requests.every((r) => r.path.startsWith("/v1/"))).toBe(true);
  });

  it("says so when the server has no Stripe key", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    expectStatusError(await lk.call("POST", "/internal/payments/setup", { access: "admin", project, body: {} }), 400, "stripeNotConfigured");
    const res = await stripeWebhookHandler(lk.deps)(new Request("http://localhost/x", { method: "POST", body: "{}" }));
    expect(res.status).toBe(404);
  });

  it("hands checkout to Stripe and applies its webhook events once each", async () => {
    await using stripe = await startStripeStandIn();
    await using lk = await withStripe(dialect, stripe);
    const shop = await openShop(lk, { ...catalogue, "payments.testMode": false });
    expect((await lk.call("POST", "/internal/payments/setup", { ...shop.admin, body: {} })).status).toBe(200);
    const [accountId] = [...stripe.accounts.keys()];

    const code = await shop.code({ offer_id: "pro" });
    const shown = await lk.call("POST", "/payments/purchases/validate-code", { body: { full_code: code } });
    expect(shown.body).toMatchObject({ test_mode: false, stripe_ready: true });
    expectStatusError(await shop.buy(code, "monthly"), 400, "purchaseTestModeOff");

    const session = await lk.call("POST", "/payments/purchases/purchase-session", { body: { full_code: code, price_id: "monthly" } });
    expect(session.status, session.text).toBe(200);
    expect(session.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    const sessionId = (session.body.url as string).split("/").at(-1)!;
    const created = stripe.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(created.account).toBe(accountId);
    expect(created.form).toMatchObject({
      mode: "subscription",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "2000",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][recurring][interval_count]": "1",
      "metadata[project_id]": shop.project.id,
      "metadata[price_id]": "monthly",
    });
    const metadata = { project_id: shop.project.id, code_id: created.form["metadata[code_id]"], price_id: "monthly", quantity: "1" };

    const completed = stripe.signedEvent({
      id: "evt_completed", type: "checkout.session.completed", account: accountId,
      data: { object: { object: "checkout.session", id: sessionId, mode: "subscription", subscription: "sub_123", metadata } },
    });
    // A bad signature is refused and changes nothing.
    const forged = stripe.signedEvent({ id: "evt_completed", type: "checkout.session.completed", account: accountId, data: { object: {} } }, "whsec_wrong");
    expect((await deliver(lk, completed.body, forged.signature)).status).toBe(400);
    expect((await deliver(lk, completed.body.replace("sub_123", "sub_999"), completed.signature)).status).toBe(400);
    expect((await deliver(lk, completed.body, "")).status).toBe(400);
    expect(await shop.quantity("credits")).toBe(0);

    const first = await deliver(lk, completed.body, completed.signature);
    expect([first.status, await first.json()]).toEqual([200, { received: true, outcome: "applied" }]);
    expect([await shop.quantity("credits"), await shop.quantity("tokens")]).toEqual([1000, 5]);
    const again = await deliver(lk, completed.body, completed.signature);
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    expect([await shop.quantity("credits"), await shop.quantity("tokens")]).toEqual([1000, 5]);

    const periodEnd = Math.floor(lk.clock.now().getTime() / 1000) + 40 * 86_400;
    const paid = stripe.signedEvent({
      id: "evt_paid", type: "invoice.paid", account: accountId,
      data: { object: { object: "invoice", id: "in_1", parent: { subscription_details: { subscription: "sub_123" } }, lines: { data: [{ period: { end: periodEnd } }] } } },
    });
    expect((await deliver(lk, paid.body, paid.signature)).status).toBe(200);
    const me = await shop.user.session();
    const [purchase] = (await lk.call("GET", "/payments/purchases/user/me", me)).body.purchases;
    expect(purchase).toMatchObject({ offer_id: "pro", type: "subscription", status: "active", test_mode: true, current_period_end_millis: periodEnd * 1000 });

    const updated = stripe.signedEvent({ id: "evt_updated", type: "customer.subscription.updated", account: accountId, data: { object: { object: "subscription", id: "sub_123", status: "past_due", cancel_at_period_end: true } } });
    expect((await deliver(lk, updated.body, updated.signature)).status).toBe(200);
    expect((await lk.call("GET", "/payments/purchases/user/me", me)).body.purchases[0].status).toBe("past_due");

    const deleted = stripe.signedEvent({ id: "evt_deleted", type: "customer.subscription.deleted", account: accountId, data: { object: { object: "subscription", id: "sub_123", status: "canceled" } } });
    expect(await (await deliver(lk, deleted.body, deleted.signature)).json()).toEqual({ received: true, outcome: "applied" });
    expect((await lk.call("GET", "/payments/purchases/user/me", me)).body.purchases).toEqual([]);
    expect([await shop.quantity("credits"), await shop.quantity("tokens")]).toEqual([1000, 0]);
    const transactions = (await lk.call("GET", "/internal/payments/transactions", shop.admin)).body.transactions;
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ type: "subscription", status: "canceled", offer_display_name: "Pro" });
  });

  it("cancels the Stripe subscription when a customer cancels", async () => {
    await using stripe = await startStripeStandIn();
    await using lk = await withStripe(dialect, stripe);
    const shop = await openShop(lk, { ...catalogue, "payments.testMode": false });
    await lk.call("POST", "/internal/payments/setup", { ...shop.admin, body: {} });
    const [accountId] = [...stripe.accounts.keys()];
    const code = await shop.code({ offer_id: "starter" });
    const session = await lk.call("POST", "/payments/purchases/purchase-session", { body: { full_code: code, price_id: "monthly" } });
    const created = stripe.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    const metadata = { project_id: shop.project.id, code_id: created.form["metadata[code_id]"], price_id: "monthly", quantity: "1" };
    const completed = stripe.signedEvent({
      id: "evt_c", type: "checkout.session.completed", account: accountId,
      data: { object: { id: (session.body.url as string).split("/").at(-1), subscription: "sub_77", metadata } },
    });
    expect((await deliver(lk, completed.body, completed.signature)).status).toBe(200);
    const [purchase] = (await lk.call("GET", "/payments/purchases/user/me", shop.user.client)).body.purchases;
    expect((await lk.call("POST", `/payments/purchases/user/me/${purchase.id}/cancel`, shop.user.client)).status).toBe(200);
    expect(stripe.requests.find((r) => r.method === "DELETE")).toMatchObject({ path: "/v1/subscriptions/sub_77", account: accountId });
    expect((await lk.call("GET", "/payments/purchases/user/me", shop.user.client)).body.purchases).toEqual([]);
  });
});
