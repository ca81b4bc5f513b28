/**
 * The data vault through the Stack SDK: values round-trip; the SDK returns null for a missing key; the
 * database holds neither the key nor the SDK's ciphertext in the clear.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedRequests } from "./support/offline.js";
import { compatTargets } from "./support/sdk.js";
import { createWorld, type World } from "./support/world.js";

describe.each(compatTargets)("Stack SDK: data vault through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
    await (await world.adminApp().getProject()).updateConfig({ "dataVault.stores.notes": { displayName: "Notes" } });
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("round-trips a value; a missing key reads as null; a wrong secret does not decrypt it", async () => {
    const store = await world.serverApp().getDataVaultStore("notes");
    await store.setValue("ada's diary key", "Dear diary, the Engine works.", { secret: "app secret 1" });
    const reader = await world.serverApp().getDataVaultStore("notes");
    expect(await reader.getValue("ada's diary key", { secret: "app secret 1" })).toBe("Dear diary, the Engine works.");
    expect(await reader.getValue("no such key", { secret: "app secret 1" })).toBeNull();
    await expect(reader.getValue("ada's diary key", { secret: "another secret" })).resolves.toBeNull();
  });

  it("refuses a store the configuration does not declare", async () => {
    const store = await world.serverApp().getDataVaultStore("undeclared");
    await expect(store.setValue("k", "v", { secret: "s" })).rejects.toMatchObject({ errorCode: "DATA_VAULT_STORE_DOES_NOT_EXIST" });
  });
});
