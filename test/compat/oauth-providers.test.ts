/**
 * Linked OAuth provider accounts, server side, through the SDK: `createOAuthProvider`, a user's
 * `listOAuthProviders` / `getOAuthProvider`, and a link's `update` / `delete`, with the one error the SDK
 * returns as a result (`OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN`). No sign-in happens: the
 * server links accounts it learned of by other means, as an import would.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedRequests } from "./support/offline.js";
import { compatTargets } from "./support/sdk.js";
import { createWorld, type World } from "./support/world.js";

describe.each(compatTargets)("Stack SDK: OAuth provider links through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
    const project = await world.adminApp().getProject();
    await project.update({ config: { oauthProviders: [{ id: "github", type: "standard", clientId: "compat-client", clientSecret: "compat-secret" }] } });
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("links, lists, reads, updates and unlinks a provider account of a user", async () => {
    const server = world.serverApp();
    const ada = await server.createUser({ primaryEmail: "ada@example.com", primaryEmailVerified: true });
    const created = await server.createOAuthProvider({
      userId: ada.id, providerConfigId: "github", accountId: "gh-1001", email: "ada@example.com", allowSignIn: true, allowConnectedAccounts: true,
    });
    if (created.status !== "ok") throw new Error(`createOAuthProvider failed: ${String(created.error)}`);
    expect(created.data).toMatchObject({ type: "github", userId: ada.id, accountId: "gh-1001", email: "ada@example.com", allowSignIn: true, allowConnectedAccounts: true });

    const user = (await world.serverApp().getUser(ada.id))!;
    const listed = await user.listOAuthProviders();
    expect(listed.map((p) => [p.id, p.type, p.accountId])).toEqual([[created.data.id, "github", "gh-1001"]]);
    expect(await user.getOAuthProvider(created.data.id)).toMatchObject({ id: created.data.id, userId: ada.id, allowSignIn: true });
    expect(await user.getOAuthProvider("00000000-0000-4000-8000-000000000000")).toBeNull();

    const updated = await listed[0]!.update({ allowConnectedAccounts: false, email: "ada@github.example" });
    expect(updated.status).toBe("ok");
    const reread = await (await world.serverApp().getUser(ada.id))!.getOAuthProvider(created.data.id);
    expect(reread).toMatchObject({ allowSignIn: true, allowConnectedAccounts: false, email: "ada@github.example" });

    await reread!.delete();
    expect(await (await world.serverApp().getUser(ada.id))!.listOAuthProviders()).toEqual([]);
  });

  it("answers OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN as a result when another user signs in with the account", async () => {
    const server = world.serverApp();
    const grace = await server.createUser({ primaryEmail: "grace@example.com", primaryEmailVerified: true });
    const bob = await server.createUser({ primaryEmail: "bob@example.com", primaryEmailVerified: true });
    const link = { providerConfigId: "github", accountId: "gh-2002", email: "grace@example.com", allowConnectedAccounts: false };
    expect((await server.createOAuthProvider({ ...link, userId: grace.id, allowSignIn: true })).status).toBe("ok");

    const taken = await server.createOAuthProvider({ ...link, userId: bob.id, allowSignIn: true });
    expect(taken.status).toBe("error");
    expect(taken.status === "error" && taken.error.errorCode).toBe("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");

    // The same account may be linked to Bob without sign-in; turning sign-in on is then refused the same way.
    const quiet = await server.createOAuthProvider({ ...link, userId: bob.id, allowSignIn: false });
    if (quiet.status !== "ok") throw new Error(`createOAuthProvider failed: ${String(quiet.error)}`);
    const refused = await quiet.data.update({ allowSignIn: true });
    expect(refused.status === "error" && refused.error.errorCode).toBe("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");
    expect((await (await world.serverApp().getUser(bob.id))!.listOAuthProviders()).map((p) => p.allowSignIn)).toEqual([false]);
  });
});
