/** Internal API key sets (api-keys.md §2): create, list, read, update, revoke, and how keys are stored. */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";

const DAY = 86_400_000;
// Prefix, 224 random bits, CRC-32 (server/services/recognisable-secrets.ts).
const keyFormat = (prefix: string) => new RegExp(`^${prefix}[0-9a-hjkmnp-tv-z]{45}[0-9a-f]{8}$`);

interface Wanted {
  publishable?: boolean;
  secret?: boolean;
  admin?: boolean;
}

/** POST /internal/api-keys as admin of `project` (internal by default). */
function createSet(lk: TestInstance, wanted: Wanted, options: { description?: string; project?: ProjectCredentials } = {}) {
  return lk.call("POST", "/internal/api-keys", {
    access: "admin",
    project: options.project,
    body: {
      description: options.description ?? "ci keys",
      expires_at_millis: lk.clock.now().getTime() + DAY,
      has_publishable_client_key: wanted.publishable ?? false,
      has_secret_server_key: wanted.secret ?? false,
      has_super_secret_admin_key: wanted.admin ?? false,
    },
  });
}

const patchSet = (lk: TestInstance, id: string, body: unknown, project?: ProjectCredentials) =>
  lk.call("PATCH", `/internal/api-keys/${id}`, { access: "admin", project, body });

const getSet = (lk: TestInstance, id: string, project?: ProjectCredentials) =>
  lk.call("GET", `/internal/api-keys/${id}`, { access: "admin", project });

function expectNotFound(res: ApiResponse) {
  expect(res.status).toBe(404);
  expect(res.headers.get("x-stack-known-error")).toBe("API_KEY_NOT_FOUND");
  expect(res.body).toEqual({ code: "API_KEY_NOT_FOUND", error: "API key not found." });
}

/** The same set as it is listed and read: full keys replaced by their last four characters. */
function asListed(created: Record<string, unknown>) {
  const lastFour = (key: unknown) => (typeof key === "string" ? { last_four: key.slice(-4) } : undefined);
  const { publishable_client_key: p, secret_server_key: s, super_secret_admin_key: a, ...rest } = created;
  return JSON.parse(JSON.stringify({ ...rest, publishable_client_key: lastFour(p), secret_server_key: lastFour(s), super_secret_admin_key: lastFour(a) }));
}

describe.each(testDialects)("internal API keys on %s", (dialect) => {
  it("creates a set with full keys only for the kinds asked for", async () => {
    await using lk = await createTestInstance(dialect);
    const expiresAt = lk.clock.now().getTime() + DAY;
    const res = await createSet(lk, { publishable: true, admin: true }, { description: "deploy" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      description: "deploy",
      created_at_millis: lk.clock.now().getTime(),
      expires_at_millis: expiresAt,
      publishable_client_key: expect.stringMatching(keyFormat("pck_")),
      super_secret_admin_key: expect.stringMatching(keyFormat("sak_")),
    });
    expect(res.body).not.toHaveProperty("secret_server_key");
    expect(res.body).not.toHaveProperty("manually_revoked_at_millis");

    const onlySecret = await createSet(lk, { secret: true });
    expect(Object.keys(onlySecret.body).filter((k) => k.endsWith("_key"))).toEqual(["secret_server_key"]);
    expect(onlySecret.body.secret_server_key).toMatch(keyFormat("ssk_"));
  });

  it("lets the new keys authenticate at once, each only at its own level", async () => {
    await using lk = await createTestInstance(dialect);
    const { body } = await createSet(lk, { publishable: true, admin: true });
    const headers = (type: string, header: string, key: string) => ({ "x-stack-access-type": type, "x-stack-project-id": "internal", [header]: key });
    const asClient = await lk.call("GET", "/projects/current", { headers: headers("client", "x-stack-publishable-client-key", body.publishable_client_key) });
    expect(asClient.status).toBe(200);
    const asAdmin = await lk.call("GET", "/internal/api-keys", { headers: headers("admin", "x-stack-super-secret-admin-key", body.super_secret_admin_key) });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.items.map((s: { id: string }) => s.id)).toContain(body.id);
    const asServer = await lk.call("GET", "/projects/current", { headers: headers("server", "x-stack-secret-server-key", body.publishable_client_key) });
    expect(asServer.body.code).toBe("INVALID_SECRET_SERVER_KEY");
  });

  it("lists sets newest first with only the last four characters of each key", async () => {
    await using lk = await createTestInstance(dialect);
    const before = await lk.call("GET", "/internal/api-keys", { access: "admin" });
    expect(before.body.is_paginated).toBe(false);
    expect(before.body.items).toHaveLength(1);
    lk.clock.advance(1000);
    const first = await createSet(lk, { publishable: true, secret: true, admin: true }, { description: "first" });
    lk.clock.advance(1000);
    const second = await createSet(lk, { secret: true }, { description: "second" });

    const list = await lk.call("GET", "/internal/api-keys", { access: "admin" });
    expect(list.status).toBe(200);
    expect(list.body.items.map((s: { description: string }) => s.description)).toEqual(["second", "first", before.body.items[0].description]);
    expect(list.body.items[0]).toEqual(asListed(second.body));
    expect(list.body.items[1]).toEqual(asListed(first.body));
    expect(list.body.items[1].secret_server_key).toEqual({ last_four: first.body.secret_server_key.slice(-4) });
    expect(list.body.items[0]).not.toHaveProperty("publishable_client_key");
    expect(list.text).not.toContain(first.body.secret_server_key);
  });

  it("reads one set by id, and answers API_KEY_NOT_FOUND for an unknown id", async () => {
    await using lk = await createTestInstance(dialect);
    const created = await createSet(lk, { publishable: true, admin: true });
    const read = await getSet(lk, created.body.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(asListed(created.body));
    expectNotFound(await getSet(lk, "6fbbf22e-f4b2-4c6e-95a1-beab6fa41063"));
    expectNotFound(await patchSet(lk, "6fbbf22e-f4b2-4c6e-95a1-beab6fa41063", { revoked: true }));
  });

  it("refuses a malformed key set id with SCHEMA_ERROR", async () => {
    await using lk = await createTestInstance(dialect);
    for (const res of [await getSet(lk, "not-a-uuid"), await patchSet(lk, "not-a-uuid", { description: "x" })]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("SCHEMA_ERROR");
      expect(res.body.details.message).toContain("params.api_key_id must be a valid UUID");
    }
  });

  it("revokes a set once: revoking again keeps the first revocation time", async () => {
    await using lk = await createTestInstance(dialect);
    const created = await createSet(lk, { secret: true });
    lk.clock.advance(5000);
    const revokedAt = lk.clock.now().getTime();
    const revoked = await patchSet(lk, created.body.id, { revoked: true });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ ...asListed(created.body), manually_revoked_at_millis: revokedAt });
    lk.clock.advance(5000);
    const again = await patchSet(lk, created.body.id, { revoked: true });
    expect(again.body.manually_revoked_at_millis).toBe(revokedAt);
    expect((await getSet(lk, created.body.id)).body.manually_revoked_at_millis).toBe(revokedAt);
  });

  it("updates the description, of revoked sets too, and leaves the rest alone", async () => {
    await using lk = await createTestInstance(dialect);
    const created = await createSet(lk, { publishable: true }, { description: "old" });
    const renamed = await patchSet(lk, created.body.id, { description: "new" });
    expect(renamed.body).toEqual({ ...asListed(created.body), description: "new" });
    expect((await patchSet(lk, created.body.id, {})).body).toEqual(renamed.body);
    await patchSet(lk, created.body.id, { revoked: true });
    const afterRevoke = await patchSet(lk, created.body.id, { description: "retired" });
    expect(afterRevoke.body.description).toBe("retired");
    expect(afterRevoke.body.manually_revoked_at_millis).toBe(lk.clock.now().getTime());
    expect((await getSet(lk, created.body.id)).body.description).toBe("retired");
  });

  it("never shows or changes another project's key sets", async () => {
    await using lk = await createTestInstance(dialect);
    const other = await lk.createProject();
    const internalSet = await createSet(lk, { publishable: true }, { description: "internal only" });
    lk.clock.advance(1000);
    const otherSet = await createSet(lk, { admin: true }, { description: "other only", project: other });

    expectNotFound(await getSet(lk, internalSet.body.id, other));
    expectNotFound(await patchSet(lk, internalSet.body.id, { revoked: true, description: "hijacked" }, other));
    expectNotFound(await getSet(lk, otherSet.body.id));
    expect((await getSet(lk, internalSet.body.id)).body).toEqual(asListed(internalSet.body));

    const otherList = await lk.call("GET", "/internal/api-keys", { access: "admin", project: other });
    expect(otherList.body.items.map((s: { description: string }) => s.description)).toEqual(["other only", "test keys"]);
    const internalList = await lk.call("GET", "/internal/api-keys", { access: "admin" });
    expect(internalList.body.items.map((s: { id: string }) => s.id)).not.toContain(otherSet.body.id);
  });

  it("stores no key in the clear, only hashes and the last four characters", async () => {
    await using lk = await createTestInstance(dialect);
    const created = await createSet(lk, { publishable: true, secret: true, admin: true });
    const keys = [created.body.publishable_client_key, created.body.secret_server_key, created.body.super_secret_admin_key] as string[];
    const dump = await lk.dumpDatabaseText();
    expect(dump).toContain(created.body.id);
    for (const key of [...keys, ...Object.values(lk.internal.keys)]) {
      expect(dump).not.toContain(key);
      expect(dump).toContain(JSON.stringify(key.slice(-4)));
    }
  });
});
