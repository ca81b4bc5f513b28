/**
 * Data vault values cross between the SDKs: what `@stackframe/js` stores, `@latchkey/js` reads, and back
 * (the same key hash, the same ciphertext framing). Also the plain round trip through our SDK.
 */
import * as latchkey from "@latchkey/js";
import * as stack from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { blockedRequests } from "./support/offline.js";
import { createWorld, type World } from "./support/world.js";

describe.each(testDialects)("data vault across Stack's SDK and ours on %s", (dialect) => {
  let world: World;
  const apps = () => {
    const common = { baseUrl: world.server.url, projectId: world.projectId, tokenStore: "memory" as const, publishableClientKey: world.keys.publishableClientKey, secretServerKey: world.keys.secretServerKey };
    return { stackApp: new stack.StackServerApp({ ...common, noAutomaticPrefetch: true }), ourApp: new latchkey.StackServerApp(common) };
  };
  beforeAll(async () => {
    world = await createWorld(dialect);
    await (await world.adminApp().getProject()).updateConfig({ "dataVault.stores.notes": { displayName: "Notes" } });
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("reads with our SDK what Stack's SDK stored", async () => {
    const { stackApp, ourApp } = apps();
    await (await stackApp.getDataVaultStore("notes")).setValue("from stack", "written by @stackframe/js ✓", { secret: "shared secret" });
    const ours = await ourApp.getDataVaultStore("notes");
    expect(await ours.getValue("from stack", { secret: "shared secret" })).toBe("written by @stackframe/js ✓");
    expect(await ours.getValue("from stack", { secret: "wrong secret" })).toBeNull();
  });

  it("reads with Stack's SDK what our SDK stored", async () => {
    const { stackApp, ourApp } = apps();
    await (await ourApp.getDataVaultStore("notes")).setValue("from latchkey", "written by @latchkey/js ✓", { secret: "shared secret" });
    expect(await (await stackApp.getDataVaultStore("notes")).getValue("from latchkey", { secret: "shared secret" })).toBe("written by @latchkey/js ✓");
  });

  it("our SDK: round trip, missing keys as null, a new value read after it is overwritten, undeclared stores refused", async () => {
    const { ourApp } = apps();
    const store = await ourApp.getDataVaultStore("notes");
    expect(store.id).toBe("notes");
    await store.setValue("k", "first", { secret: "s" });
    expect(await store.getValue("k", { secret: "s" })).toBe("first");
    await store.setValue("k", "second", { secret: "s" });
    expect(await store.getValue("k", { secret: "s" })).toBe("second");
    expect(await store.getValue("absent", { secret: "s" })).toBeNull();
    const undeclared = await ourApp.getDataVaultStore("undeclared");
    await expect(undeclared.setValue("k", "v", { secret: "s" })).rejects.toBeInstanceOf(latchkey.KnownErrors.DataVaultStoreDoesNotExist);
  });
});
