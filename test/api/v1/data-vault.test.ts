/**
 * The data vault: values stored byte for byte by key hash in the stores the configuration declares,
 * under the server's own encryption; the two known errors; a removed store keeps nothing.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../support/instance.js";

const call = (lk: TestInstance, project: ProjectCredentials, access: "server" | "admin" | "client" = "server") => (path: string, body: unknown) =>
  lk.call("POST", path, { access, project, body });

describe.each(testDialects)("data vault on %s", (dialect) => {
  it("stores and returns encrypted_value byte for byte by hashed_key, sealed at rest", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "dataVault.stores.secrets": { displayName: "Secrets" } } });
    const post = call(lk, project);
    const value = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=.ünïcödé\u0000 tail  ";
    const hashedKey = "c2hhMjU2IG9mIHRoZSBrZXk=";

    expect((await post("/data-vault/stores/secrets/set", { hashed_key: hashedKey, encrypted_value: value })).body).toEqual({ success: true });
    expect((await post("/data-vault/stores/secrets/get", { hashed_key: hashedKey })).body).toEqual({ encrypted_value: value });
    await call(lk, project, "admin")("/data-vault/stores/secrets/set", { hashed_key: hashedKey, encrypted_value: "v2" });
    expect((await post("/data-vault/stores/secrets/get", { hashed_key: hashedKey })).body).toEqual({ encrypted_value: "v2" });

    const dump = await lk.dumpDatabaseText();
    expect(dump).not.toContain(hashedKey);
    expect(dump).not.toContain("v2\"");
    // Clients have no access.
    expect((await call(lk, project, "client")("/data-vault/stores/secrets/get", { hashed_key: hashedKey })).status).toBe(401);
  });

  it("answers the two known errors", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "dataVault.stores.secrets": {} } });
    const post = call(lk, project);
    const noStore = await post("/data-vault/stores/nope/set", { hashed_key: "k", encrypted_value: "v" });
    expect([noStore.status, noStore.body.code, noStore.body.details]).toEqual([400, "DATA_VAULT_STORE_DOES_NOT_EXIST", { store_id: "nope" }]);
    expect((await post("/data-vault/stores/nope/get", { hashed_key: "k" })).body.code).toBe("DATA_VAULT_STORE_DOES_NOT_EXIST");
    const noKey = await post("/data-vault/stores/secrets/get", { hashed_key: "k" });
    expect([noKey.status, noKey.body.code, noKey.body.details]).toEqual([400, "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST", { store_id: "secrets", hashed_key: "k" }]);
    expect((await post("/data-vault/stores/secrets/set", { hashed_key: "", encrypted_value: "v" })).body.code).toBe("SCHEMA_ERROR");
    // Stores are per project.
    const other = await lk.createProject({ configOverride: { "dataVault.stores.secrets": {} } });
    await post("/data-vault/stores/secrets/set", { hashed_key: "k", encrypted_value: "mine" });
    expect((await call(lk, other)("/data-vault/stores/secrets/get", { hashed_key: "k" })).body.code).toBe("DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST");
  });

  it("keeps no data of a store removed from the configuration, even when it is declared again", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "dataVault.stores.a": {}, "dataVault.stores.b": {} } });
    const post = call(lk, project);
    await post("/data-vault/stores/a/set", { hashed_key: "k", encrypted_value: "in a" });
    await post("/data-vault/stores/b/set", { hashed_key: "k", encrypted_value: "in b" });
    const entries = async () => (await lk.deps.store.db.select().from(lk.deps.store.t.dataVaultEntries)).map((row) => row.storeId).sort();
    expect(await entries()).toEqual(["a", "b"]);

    const override = (value: object) => lk.call("PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: JSON.stringify(value) } });
    expect((await override({ "dataVault.stores": { b: {} } })).status).toBe(200);
    expect(await entries()).toEqual(["b"]);
    expect((await post("/data-vault/stores/a/get", { hashed_key: "k" })).body.code).toBe("DATA_VAULT_STORE_DOES_NOT_EXIST");
    await override({ "dataVault.stores.a": {} });
    expect((await post("/data-vault/stores/a/get", { hashed_key: "k" })).body.code).toBe("DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST");
    expect((await post("/data-vault/stores/b/get", { hashed_key: "k" })).body).toEqual({ encrypted_value: "in b" });
  });
});
