import type { StackClientApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatTargets } from "./support/sdk.js";
import { blockedRequests } from "./support/offline.js";
import { createWorld, uniqueEmail, type World } from "./support/world.js";

const password = "item holder 1";
const errorCodeOf = (promise: Promise<unknown>) => promise.then(() => null, (error: { errorCode?: string }) => error.errorCode ?? "(no code)");

/** Signs a fresh user up on a new client app and returns the app with the user. */
async function signedIn(world: World) {
  const app: StackClientApp<true, string> = world.clientApp();
  const result = await app.signUpWithCredential({ email: uniqueEmail(), password, noRedirect: true, verificationCallbackUrl: world.appUrl("/handler/email-verification") });
  expect(result.status).toBe("ok");
  return { app, user: await app.getUser({ or: "throw" }) };
}

describe.each(compatTargets)("Stack SDK: payment items through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
    await (await world.adminApp().getProject()).updateConfig({
      "payments.items.credits": { displayName: "Credits", customerType: "user" },
      "payments.items.seats": { displayName: "Seats", customerType: "team" },
      "payments.items.tokens": { customerType: "custom" },
    });
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("reads a user's items on the client; the admin app changes them", async () => {
    const { user } = await signedIn(world);
    const unset = await user.getItem("credits");
    expect([unset.displayName, unset.quantity, unset.nonNegativeQuantity]).toEqual(["Credits", 0, 0]);

    const admin = world.adminApp();
    await admin.createItemQuantityChange({ userId: user.id, itemId: "credits", quantity: 5, description: "welcome gift" });
    expect(await errorCodeOf(admin.createItemQuantityChange({ userId: user.id, itemId: "credits", quantity: -6 }))).toBe("ITEM_QUANTITY_INSUFFICIENT_AMOUNT");
    await admin.createItemQuantityChange({ userId: user.id, itemId: "credits", quantity: -2 });

    const app = world.clientApp();
    expect((await app.signInWithCredential({ email: user.primaryEmail!, password, noRedirect: true })).status).toBe("ok");
    const credits = await (await app.getUser({ or: "throw" })).getItem("credits");
    expect([credits.quantity, credits.nonNegativeQuantity]).toEqual([3, 3]);
    expect((await app.getItem({ itemId: "credits", userId: user.id })).quantity).toBe(3);
  });

  it("reads user and team items through the server SDK, which sends them as signed-out client requests", async () => {
    const { user } = await signedIn(world);
    const server = world.serverApp();
    const team = await server.createTeam({ displayName: "Server reads", creatorUserId: user.id });
    await world.adminApp().createItemQuantityChange({ userId: user.id, itemId: "credits", quantity: 4 });
    await world.adminApp().createItemQuantityChange({ teamId: team.id, itemId: "seats", quantity: 2 });
    expect((await server.getItem({ itemId: "credits", userId: user.id })).quantity).toBe(4);
    const credits = await (await server.getUser(user.id))!.getItem("credits");
    expect(await credits.tryDecreaseQuantity(5)).toBe(false);
    expect(await credits.tryDecreaseQuantity(3)).toBe(true);
    await credits.increaseQuantity(1);
    expect((await world.serverApp().getItem({ itemId: "credits", userId: user.id })).quantity).toBe(2);
    const seats = await (await world.serverApp().getTeam(team.id))!.getItem("seats");
    expect([seats.displayName, seats.quantity]).toEqual(["Seats", 2]);
  });

  it("reads a team's items from a member's client", async () => {
    const { user } = await signedIn(world);
    const created = await world.serverApp().createTeam({ displayName: "Item team", creatorUserId: user.id });
    await world.adminApp().createItemQuantityChange({ teamId: created.id, itemId: "seats", quantity: 3 });

    const [team] = await user.listTeams();
    expect(team?.id).toBe(created.id);
    const seats = await team!.getItem("seats");
    expect([seats.displayName, seats.quantity]).toEqual(["Seats", 3]);
  });

  it("keeps custom customers' quantities, also through the admin app", async () => {
    const server = world.serverApp();
    const tokens = await server.getItem({ itemId: "tokens", customCustomerId: "shop-42" });
    expect([tokens.displayName, tokens.quantity]).toEqual(["tokens", 0]);
    expect(await tokens.tryDecreaseQuantity(1)).toBe(false);
    await tokens.increaseQuantity(2);

    const admin = world.adminApp();
    const inADay = new Date(Date.now() + 86_400_000).toISOString();
    await admin.createItemQuantityChange({ customCustomerId: "shop-42", itemId: "tokens", quantity: 3, expiresAt: inADay, description: "trial tokens" });
    const overdraw = admin.createItemQuantityChange({ customCustomerId: "shop-42", itemId: "tokens", quantity: -6 });
    expect(await errorCodeOf(overdraw)).toBe("ITEM_QUANTITY_INSUFFICIENT_AMOUNT");
    const five = await world.serverApp().getItem({ itemId: "tokens", customCustomerId: "shop-42" });
    expect(five.quantity).toBe(5);

    await five.decreaseQuantity(7);
    const negative = await world.serverApp().getItem({ itemId: "tokens", customCustomerId: "shop-42" });
    expect([negative.quantity, negative.nonNegativeQuantity]).toEqual([-2, 0]);
    expect(await negative.tryDecreaseQuantity(1)).toBe(false);
    await negative.increaseQuantity(10);
    expect(await negative.tryDecreaseQuantity(3)).toBe(true);
    // Clients may read custom customers' items (the ids are the app's own).
    expect((await world.clientApp().getItem({ itemId: "tokens", customCustomerId: "shop-42" })).quantity).toBe(5);
  });

  it("passes the item errors on as typed errors", async () => {
    const { user, app } = await signedIn(world);
    expect(await errorCodeOf(user.getItem("nope"))).toBe("ITEM_NOT_FOUND");
    expect(await errorCodeOf(user.getItem("seats"))).toBe("ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH");
    const admin = world.adminApp();
    const missing = "0b6f5c3e-1d2a-4c8e-9f00-123456789abc";
    expect(await errorCodeOf(admin.createItemQuantityChange({ userId: missing, itemId: "credits", quantity: 1 }))).toBe("USER_NOT_FOUND");
    expect(await errorCodeOf(admin.createItemQuantityChange({ teamId: missing, itemId: "seats", quantity: 1 }))).toBe("TEAM_NOT_FOUND");
    expect(await errorCodeOf(admin.createItemQuantityChange({ customCustomerId: "c", itemId: "credits", quantity: 1 }))).toBe("ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH");
    expect(await errorCodeOf(app.getItem({ itemId: "credits", userId: missing }))).toBe("USER_NOT_FOUND");
  });
});
