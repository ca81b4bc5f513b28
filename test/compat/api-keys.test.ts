/** User and team API keys through the Stack SDK: create, list, update, revoke, and look owners up by key. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatTargets } from "./support/sdk.js";
import { blockedRequests } from "./support/offline.js";
import { createWorld, uniqueEmail, type World } from "./support/world.js";

const DAY = 86_400_000;

describe.each(compatTargets)("Stack SDK: user and team API keys through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
    await (await world.adminApp().getProject()).update({ config: { allowUserApiKeys: true, allowTeamApiKeys: true } });
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  async function signedInUser() {
    const client = world.clientApp();
    const email = uniqueEmail("keys");
    const signedUp = await client.signUpWithCredential({ email, password: "api keys 1234", noRedirect: true, verificationCallbackUrl: world.appUrl("/verify") });
    expect(signedUp.status).toBe("ok");
    return client.getUser({ or: "throw" });
  }

  it("lets a signed-in user create, list, update and revoke keys that the server resolves to the user", async () => {
    const user = await signedInUser();
    const expiresAt = new Date(Date.now() + DAY);
    const firstView = await user.createApiKey({ description: "laptop", expiresAt, isPublic: true });
    expect(firstView).toMatchObject({ type: "user", userId: user.id, description: "laptop", expiresAt, manuallyRevokedAt: null });
    expect(firstView.value).toMatch(/^pk_[0-9a-z]{45}[0-9a-f]{32}user3574ck4u7h[0-9a-f]{8}$/);
    expect(firstView.isValid()).toBe(true);
    const secret = await user.createApiKey({ description: "never expires", expiresAt: null });
    expect(secret.value).toMatch(/^sk_/);
    expect(secret.expiresAt).toBeUndefined();

    const listed = await user.listApiKeys();
    expect(listed.map((k) => k.id)).toEqual([secret.id, firstView.id]);
    const laptop = listed[1]!;
    expect(laptop.value).toEqual({ lastFour: firstView.value.slice(-4) });

    await laptop.update({ description: "old laptop" }); // the client path sends the options as they are
    const later = new Date(Date.now() + 2 * DAY);
    await laptop.update({ expiresAt: later }); // ... including camelCase `expiresAt` as an ISO string
    const updated = (await user.listApiKeys()).find((k) => k.id === laptop.id)!;
    expect([updated.description, updated.expiresAt?.getTime()]).toEqual(["old laptop", later.getTime()]);

    expect((await world.serverApp().getUser({ apiKey: firstView.value }))?.id).toBe(user.id);
    await updated.revoke();
    const revoked = (await user.listApiKeys()).find((k) => k.id === laptop.id)!;
    expect(revoked.whyInvalid()).toBe("manually-revoked");
    expect(await world.serverApp().getUser({ apiKey: firstView.value })).toBeNull();
    expect(await world.serverApp().getUser({ apiKey: "sk_not_a_key" })).toBeNull();
    expect((await world.serverApp().getUser({ apiKey: secret.value }))?.id).toBe(user.id);
  });

  it("lets a server create keys for any user and update their expiry", async () => {
    const server = world.serverApp();
    const user = await server.createUser({ primaryEmail: uniqueEmail("server-keys") });
    const key = await user.createApiKey({ description: "backend", expiresAt: null });
    const soon = new Date(Date.now() + DAY);
    const [listed] = await user.listApiKeys();
    await listed!.update({ expiresAt: soon }); // the server path sends `expires_at_millis`
    const [after] = await world.serverApp().getUser(user.id).then((u) => u!.listApiKeys());
    expect(after!.expiresAt?.getTime()).toBe(soon.getTime());
    expect((await world.serverApp().getUser({ apiKey: key.value }))?.id).toBe(user.id);
    expect(await world.serverApp().getTeam({ apiKey: key.value })).toBeNull(); // a user key is the wrong type for teams
  });

  it("lets teams hold keys that the server resolves to the team", async () => {
    const user = await signedInUser();
    const server = world.serverApp();
    const team = await server.createTeam({ displayName: "Key team", creatorUserId: user.id });
    const serverKey = await team.createApiKey({ description: "team backend", expiresAt: null });
    expect(serverKey).toMatchObject({ type: "team", teamId: team.id });
    expect((await world.serverApp().getTeam({ apiKey: serverKey.value }))?.id).toBe(team.id);
    expect(await world.serverApp().getUser({ apiKey: serverKey.value })).toBeNull();

    // the creator holds team_admin, which contains $manage_api_keys
    const asMember = await user.getTeam(team.id);
    const clientKey = await asMember!.createApiKey({ description: "from the browser", expiresAt: new Date(Date.now() + DAY), isPublic: true });
    expect((await asMember!.listApiKeys()).map((k) => k.id)).toEqual([clientKey.id, serverKey.id]);
    await (await asMember!.listApiKeys())[0]!.revoke();
    expect(await world.serverApp().getTeam({ apiKey: clientKey.value })).toBeNull();
  });
});
