import type { StackClientApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatTargets } from "./support/sdk.js";
import { blockedRequests } from "./support/offline.js";
import { createWorld, uniqueEmail, type World } from "./support/world.js";

const password = "checkout buyer 1";
const errorOf = (promise: Promise<unknown>) => promise.then(() => null, (error: { errorCode?: string; message?: string }) => error.errorCode ?? error.message ?? "(no code)");

async function signedIn(world: World) {
  const app: StackClientApp<true, string> = world.clientApp();
  const result = await app.signUpWithCredential({ email: uniqueEmail("buyer"), password, noRedirect: true, verificationCallbackUrl: world.appUrl("/handler/email-verification") });
  expect(result.status).toBe("ok");
  return { app, user: await app.getUser({ or: "throw" }) };
}

/** The full code of a checkout URL (`/handler/purchase/<project>_<code>?project_id=…`). */
const fullCodeOf = (url: string) => decodeURIComponent(new URL(url).pathname.split("/").at(-1)!);

describe.each(compatTargets)("Stack SDK: checkout URLs and transactions through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
    await (await world.adminApp().getProject()).updateConfig({
      "payments.items.credits": { displayName: "Credits", customerType: "user" },
      "payments.items.seats": { displayName: "Seats", customerType: "team" },
      "payments.offers.pro": {
        displayName: "Pro",
        customerType: "user",
        prices: { monthly: { USD: "20.00", interval: [1, "month"] } },
        includedItems: { credits: { quantity: 100 } },
      },
      "payments.offers.team-plan": { displayName: "Team plan", customerType: "team", prices: { yearly: { EUR: "99", interval: [1, "year"] } }, includedItems: { seats: { quantity: 5 } } },
      "payments.offers.internal": { customerType: "user", serverOnly: true, prices: { once: { USD: "1" } }, includedItems: {} },
    });
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("creates checkout URLs for users and teams, which the admin app completes in test mode", async () => {
    const { user } = await signedIn(world);
    const url = await user.createCheckoutUrl({ offerId: "pro" });
    expect(url.startsWith(`${world.server.url}/handler/purchase/${world.projectId}_`)).toBe(true);
    expect(await errorOf(user.createCheckoutUrl({ offerId: "internal" }))).toBe("OFFER_DOES_NOT_EXIST");
    expect(await errorOf(user.createCheckoutUrl({ offerId: "team-plan" }))).toBe("OFFER_CUSTOMER_TYPE_DOES_NOT_MATCH");

    const admin = world.adminApp();
    expect((await user.getItem("credits")).quantity).toBe(0);
    await admin.testModePurchase({ priceId: "monthly", fullCode: fullCodeOf(url) });
    const app = world.clientApp();
    expect((await app.signInWithCredential({ email: user.primaryEmail!, password, noRedirect: true })).status).toBe("ok");
    expect((await (await app.getUser({ or: "throw" })).getItem("credits")).quantity).toBe(100);

    const team = await world.serverApp().createTeam({ displayName: "Buyers", creatorUserId: user.id });
    // ServerTeam.createCheckoutUrl sends a client request without a session, which may not buy for a team
    // (test/compat/README.md); the team's creator, a team admin, creates the URL from its own session.
    const serverTeam = (await world.serverApp().getTeam(team.id))!;
    expect(await errorOf(serverTeam.createCheckoutUrl({ offerId: "team-plan" }))).toBe("USER_AUTHENTICATION_REQUIRED");
    const clientTeam = (await (await app.getUser({ or: "throw" })).getTeam(team.id))!;
    const teamUrl = await clientTeam.createCheckoutUrl({ offerId: "team-plan" });
    await admin.testModePurchase({ priceId: "yearly", fullCode: fullCodeOf(teamUrl) });
    expect((await world.serverApp().getItem({ itemId: "seats", teamId: team.id })).quantity).toBe(5);
  });

  it("sends a server's inline offer as `inline_offer` in a client request, refused as on Stack Auth", async () => {
    const { user } = await signedIn(world);
    const serverUser = (await world.serverApp().getUser(user.id))!;
    const inline = { display_name: "One-off", customer_type: "user" as const, server_only: true as const, prices: { once: { USD: "5" } }, included_items: {} };
    const error = await errorOf(serverUser.createCheckoutUrl({ offer: inline } as never));
    expect(error).toContain("Cannot specify offer_inline when calling from client!");
  });

  it("lists transactions newest first, by type and customer type, page by page", async () => {
    const { user } = await signedIn(world);
    const admin = world.adminApp();
    await admin.testModePurchase({ priceId: "monthly", fullCode: fullCodeOf(await user.createCheckoutUrl({ offerId: "pro" })) });
    await admin.createItemQuantityChange({ userId: user.id, itemId: "credits", quantity: 7, description: "goodwill" });

    const { transactions, nextCursor } = await admin.listTransactions({ limit: 200 });
    expect(nextCursor).toBeNull();
    const mine = transactions.filter((t) => t.customer_id === user.id);
    expect(mine.map((t) => t.type)).toEqual(["item_quantity_change", "subscription"]);
    expect(mine[0]).toMatchObject({ quantity: 7, item_id: "credits", test_mode: false, offer_display_name: null, price: null });
    expect(mine[1]).toMatchObject({ customer_type: "user", quantity: 1, test_mode: true, offer_display_name: "Pro", price: { USD: "20.00", interval: [1, "month"] } });
    const times = transactions.map((t) => t.created_at_millis);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const oneTime = await admin.listTransactions({ type: "item_quantity_change" });
    expect(oneTime.transactions.every((t) => t.type === "item_quantity_change")).toBe(true);
    expect((await admin.listTransactions({ customerType: "team" })).transactions.every((t) => t.customer_type === "team")).toBe(true);

    const first = await admin.listTransactions({ limit: 1 });
    expect(first.transactions).toHaveLength(1);
    expect(first.nextCursor).not.toBeNull();
    const second = await admin.listTransactions({ limit: 1, cursor: first.nextCursor! });
    expect(second.transactions[0]!.id).not.toBe(first.transactions[0]!.id);
    expect(second.transactions[0]!.created_at_millis).toBeLessThanOrEqual(first.transactions[0]!.created_at_millis);
  });

  it("reports no Stripe account as null", async () => {
    expect(await world.adminApp().getStripeAccountInfo()).toBeNull();
  });
});
