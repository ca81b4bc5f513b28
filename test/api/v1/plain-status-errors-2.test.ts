/**
 * More plain-status errors no other test named (issue 35, finding 21), each provoked the way a caller
 * would and asserted by name, status and text. test/security/error-coverage.test.ts keeps the list
 * complete; plain-status-errors.test.ts holds the first ones.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";
import { linkFrom, startSmtpSink } from "../../support/smtp-sink.js";
import { authorizePath, pkcePair } from "../../support/oauth-browser.js";
import { catalogue, openShop } from "./payments/support.js";
import { standardProvider } from "./oauth/support.js";

const callback = "http://localhost:3000/handler/email-verification";

/** A user of `project` made by the server (with `body`), and client call options signed in as them. */
async function signedIn(lk: TestInstance, project: ProjectCredentials, body: Record<string, unknown> = {}) {
  const user = await lk.call("POST", "/users", { access: "server", project, body });
  expect(user.status, user.text).toBe(201);
  const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: user.body.id } });
  expect(session.status, session.text).toBe(200);
  const token = session.body.access_token as string;
  return { id: user.body.id as string, token, client: { access: "client" as const, project, headers: { "x-stack-access-token": token } } };
}

describe.each(testDialects)("more plain-status errors on %s", (dialect) => {
  it("refuses switching passkey sign-in on directly, from a server and from the user", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signedIn(lk, project, { primary_email: "ada@example.com" });
    const viaServer = await lk.call("PATCH", `/users/${ada.id}`, { access: "server", project, body: { passkey_auth_enabled: true } });
    expectStatusError(viaServer, 400, "passkeyAuthNotSettable");
    expectStatusError(await lk.call("PATCH", "/users/me", { ...ada.client, body: { passkey_auth_enabled: true } }), 400, "passkeyAuthNotSettable");
    // Switching it off stays allowed (it removes the passkeys).
    expect((await lk.call("PATCH", "/users/me", { ...ada.client, body: { passkey_auth_enabled: false } })).status).toBe(200);
  });

  it("refuses the legacy verification mail for a user without a primary e-mail", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const nameless = await signedIn(lk, project, { display_name: "No mail" });
    const res = await lk.call("POST", "/contact-channels/send-verification-code", { ...nameless.client, body: { email: "someone@example.com", callback_url: callback } });
    expectStatusError(res, 400, "noPrimaryEmailToVerify");
  });

  it("refuses a verification code whose address was changed after the mail went out", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startSmtpSink();
    const project = await lk.createProject({
      configOverride: {
        "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
      },
    });
    const ada = await signedIn(lk, project, { primary_email: "ada@example.com" });
    const me = ada.client;
    const sent = await lk.call("POST", "/contact-channels/send-verification-code", { ...me, body: { email: "ada@example.com", callback_url: callback } });
    expect(sent.status, sent.text).toBe(200);
    const code = linkFrom(await sink.waitFor((m) => m.to.includes("ada@example.com")));

    const channels = await lk.call("GET", "/contact-channels?user_id=me", me);
    expect(channels.body.items).toHaveLength(1);
    const changed = await lk.call("PATCH", `/contact-channels/me/${channels.body.items[0].id}`, { ...me, body: { value: "ada@elsewhere.example" } });
    expect(changed.status, changed.text).toBe(200);

    expectStatusError(await lk.call("POST", "/contact-channels/verify", { ...me, body: { code } }), 400, "contactChannelChangedSinceCode");
    expect((await lk.call("GET", "/users/me", me)).body).toMatchObject({ primary_email: "ada@elsewhere.example", primary_email_verified: false });
  }, 60_000);

  it("refuses an OAuth link started with another project's access token", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.oauth.providers.github": standardProvider("github") } });
    const elsewhere = await signedIn(lk, await lk.createProject(), { primary_email: "ada@example.com" });
    const path = authorizePath("github", project, { challenge: pkcePair().challenge, state: "s", extra: { type: "link", token: elsewhere.token } });
    expectStatusError(await lk.call("GET", path), 403, "oauthTokenOtherProject");
  });

  it("refuses buying an offer included by default, and a checkout without Stripe or test mode", async () => {
    await using lk = await createTestInstance(dialect);
    const free = { displayName: "Free", customerType: "user", prices: "include-by-default", includedItems: { credits: { quantity: 50 } } };
    const shop = await openShop(lk, { ...catalogue, "payments.offers.free": free, "payments.testMode": false });
    const forFree = await shop.purchaseUrl({ customer_type: "user", customer_id: shop.user.id, offer_id: "free" });
    expectStatusError(forFree, 400, "purchaseOfferNotBuyable");

    // Stack refuses the checkout URL itself (backend-fidelity-2.md §2).
    expectStatusError(await shop.purchaseUrl({ customer_type: "user", customer_id: shop.user.id, offer_id: "pro" }), 400, "purchaseNeedsStripe");
  });

  it("refuses a webhook endpoint its deliveries would refuse", async () => {
    await using lk = await createTestInstance(dialect, { allowPrivateOutbound: false });
    const admin = { access: "admin" as const, project: await lk.createProject() };
    const credentials = await lk.call("POST", "/internal/webhooks/endpoints", { ...admin, body: { url: "https://user:secret@hooks.example.com/latchkey" } });
    expectStatusError(credentials, 400, "webhookTargetRefused", { reason: "URLs may not carry credentials" });
    const loopback = await lk.call("POST", "/internal/webhooks/endpoints", { ...admin, body: { url: "http://127.0.0.1:9/latchkey" } });
    expectStatusError(loopback, 400, "webhookTargetRefused", { reason: "127.0.0.1 resolves to a loopback address, which this server does not connect to for projects" });
    expect((await lk.call("GET", "/internal/webhooks/endpoints", admin)).body.items).toEqual([]);
  });
});
