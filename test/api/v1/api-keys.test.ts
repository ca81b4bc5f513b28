/** User and team API keys (api-keys.md §1): ownership, feature gates, revocation, expiry, check order, storage. */
import { describe, expect, it } from "vitest";
import { hashSecret } from "../../../server/services/secrets.js";
import { createTeam } from "../../../server/services/teams.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type CallOptions, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";

const DAY = 86_400_000;
const missingId = "0b6f5c3e-1d2a-4c8e-9f00-123456789abc";
// The reference layout (reference/wire/api-keys.md §1.2): random part, key id, kind, scanner character, marker, CRC-32.
const keyValue = (prefix: "pk" | "sk") => new RegExp(`^${prefix}_[0-9a-hjkmnp-tv-z]{45}[0-9a-f]{32}(user|team)[0-9a-z]574ck4u7h[0-9a-f]{8}$`);
const bothKinds = { "apiKeys.enabled.user": true, "apiKeys.enabled.team": true };

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string) {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: "a fine password", verification_callback_url: "http://localhost:3000/verify" } });
  expect(res.status).toBe(200);
  const as: CallOptions = { access: "client", project, headers: { "x-stack-access-token": res.body.access_token } };
  return { id: res.body.user_id as string, as };
}

async function teamOf(lk: TestInstance, project: ProjectCredentials, creatorUserId: string) {
  const row = (await lk.deps.queries.projects.find(project.id))!;
  return createTeam(lk.deps, row, { displayName: "Keyholders", creatorUserId });
}

function expectError(res: ApiResponse, status: number, code: string, details?: unknown) {
  expect([res.status, res.body.code, res.body.details]).toEqual([status, code, details]);
}


describe.each(testDialects)("user and team API keys on %s", (dialect) => {
  it("lets a client create, list, read, update and revoke its own user keys", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: bothKinds });
    const ada = await signUp(lk, project, "ada@example.com");
    const createdAt = lk.clock.now().getTime();
    const expiresAt = createdAt + DAY;

    const first = await lk.call("POST", "/user-api-keys", { ...ada.as, body: { user_id: "me", description: "ci", expires_at_millis: expiresAt, is_public: true } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(String), description: "ci", is_public: true, created_at_millis: createdAt, expires_at_millis: expiresAt,
      type: "user", user_id: ada.id, value: expect.stringMatching(keyValue("pk")),
    });
    lk.clock.advance(1_000);
    const second = await lk.call("POST", "/user-api-keys", { ...ada.as, body: { user_id: ada.id, description: "deploy", expires_at_millis: null } });
    expect(second.body.value).toMatch(keyValue("sk"));
    expect(second.body).not.toHaveProperty("expires_at_millis");
    expect(second.body).not.toHaveProperty("manually_revoked_at_millis");

    const listed = await lk.call("GET", "/user-api-keys?user_id=me", ada.as);
    expect(listed.status).toBe(200);
    expect(listed.body.is_paginated).toBe(false);
    expect(listed.body.items.map((k: { id: string }) => k.id)).toEqual([second.body.id, first.body.id]);
    expect(listed.body.items[1]).toEqual({ ...first.body, value: { last_four: first.body.value.slice(-4) } });
    expect((await lk.call("GET", "/user-api-keys", ada.as)).body.items).toHaveLength(2);

    const read = await lk.call("GET", `/user-api-keys/${first.body.id}?user_id=me`, ada.as);
    expect(read.body).toEqual(listed.body.items[1]);

    const patch = (body: unknown) => lk.call("PATCH", `/user-api-keys/${second.body.id}?user_id=${ada.id}`, { ...ada.as, body });
    expect((await patch({ description: "deploys" })).body.description).toBe("deploys");
    expect((await patch({ expires_at_millis: expiresAt })).body.expires_at_millis).toBe(expiresAt);
    expect((await patch({ expiresAt: new Date(expiresAt + DAY).toISOString() })).body.expires_at_millis).toBe(expiresAt + DAY);
    expect((await patch({ expiresAt: null })).body).not.toHaveProperty("expires_at_millis");
    expectError(await patch({ expires_at_millis: 1, expiresAt: null }), 400, "SCHEMA_ERROR", expect.anything());
    expectError(await patch({ revoked: false }), 400, "SCHEMA_ERROR", expect.anything());

    const revokedAt = lk.clock.now().getTime();
    expect((await patch({ revoked: true })).body.manually_revoked_at_millis).toBe(revokedAt);
    lk.clock.advance(5_000);
    const again = await patch({ revoked: true, description: "gone" });
    expect([again.body.manually_revoked_at_millis, again.body.description]).toEqual([revokedAt, "gone"]);
  });

  it("keeps clients to their own user keys and needs a signed-in user", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: bothKinds });
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const bobs = await lk.call("POST", "/user-api-keys", { ...bob.as, body: { user_id: "me", description: "bob's", expires_at_millis: null } });

    expectStatusError(await lk.call("GET", `/user-api-keys?user_id=${bob.id}`, ada.as), 403, "apiKeysOwnOnly");
    expectStatusError(await lk.call("POST", "/user-api-keys", { ...ada.as, body: { user_id: bob.id, description: "x" } }), 403, "apiKeysOwnOnly");
    expectError(await lk.call("GET", `/user-api-keys/${bobs.body.id}?user_id=me`, ada.as), 404, "API_KEY_NOT_FOUND");
    expectError(await lk.call("PATCH", `/user-api-keys/${bobs.body.id}`, { ...ada.as, body: { revoked: true } }), 404, "API_KEY_NOT_FOUND");
    expect((await lk.call("GET", "/user-api-keys?user_id=me", ada.as)).body.items).toEqual([]);

    const anonymous = { access: "client" as const, project };
    expectError(await lk.call("GET", "/user-api-keys?user_id=me", anonymous), 401, "USER_AUTHENTICATION_REQUIRED");
    expectError(await lk.call("POST", "/user-api-keys", { ...anonymous, body: { user_id: "me", description: "x" } }), 401, "USER_AUTHENTICATION_REQUIRED");
    expectError(await lk.call("POST", "/user-api-keys/check", { ...ada.as, body: { api_key: bobs.body.value } }), 401, "INSUFFICIENT_ACCESS_TYPE", expect.anything());
  });

  it("lets a server manage any user's keys and check them in a fixed order", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: bothKinds });
    const server = { access: "server" as const, project };
    const user = await lk.call("POST", "/users", { ...server, body: { primary_email: "grace@example.com" } });
    const create = (body: Record<string, unknown>) => lk.call("POST", "/user-api-keys", { ...server, body: { description: "svc", ...body } });
    const check = (kind: string, api_key: string) => lk.call("POST", `/${kind}-api-keys/check`, { ...server, body: { api_key } });

    expectError(await create({}), 400, "SCHEMA_ERROR", expect.anything());
    expectError(await create({ user_id: missingId }), 404, "USER_NOT_FOUND");
    expectError(await create({ user_id: "me" }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    const live = await create({ user_id: user.body.id, expires_at_millis: lk.clock.now().getTime() + 60_000 });
    const revoked = await create({ user_id: user.body.id, expires_at_millis: lk.clock.now().getTime() + 1_000 });
    expect((await lk.call("GET", `/user-api-keys?user_id=${user.body.id}`, server)).body.items).toHaveLength(2);

    const ok = await check("user", live.body.value);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ...live.body, value: { last_four: live.body.value.slice(-4) } });

    await lk.call("PATCH", `/user-api-keys/${revoked.body.id}?user_id=${user.body.id}`, { ...server, body: { revoked: true } });
    expectError(await check("user", revoked.body.value), 401, "API_KEY_REVOKED");
    lk.clock.advance(2_000);
    expectError(await check("user", revoked.body.value), 401, "API_KEY_REVOKED"); // revoked wins over expired
    expect((await check("user", live.body.value)).status).toBe(200);
    lk.clock.advance(60_000); // the project's own keys outlive this (they expire after a day)
    expectError(await check("user", live.body.value), 401, "API_KEY_EXPIRED");
    expectError(await check("team", live.body.value), 400, "WRONG_API_KEY_TYPE", { expected_type: "team", actual_type: "user" });
    expectError(await check("user", "sk_" + "0".repeat(45)), 404, "API_KEY_NOT_FOUND");
  });

  it("lets team keys be managed by holders of $manage_api_keys only, hiding the team from others", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: bothKinds });
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const team = await teamOf(lk, project, ada.id);
    const otherTeam = await teamOf(lk, project, bob.id);

    const created = await lk.call("POST", "/team-api-keys", { ...ada.as, body: { team_id: team.id, description: "team ci", expires_at_millis: null, is_public: false } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ type: "team", team_id: team.id, value: expect.stringMatching(keyValue("sk")) });
    expect(created.body).not.toHaveProperty("user_id");
    const path = `/team-api-keys/${created.body.id}?team_id=${team.id}`;
    expect((await lk.call("GET", `/team-api-keys?team_id=${team.id}`, ada.as)).body.items.map((k: { id: string }) => k.id)).toEqual([created.body.id]);
    expect((await lk.call("GET", path, ada.as)).body.value).toEqual({ last_four: created.body.value.slice(-4) });
    expect((await lk.call("PATCH", path, { ...ada.as, body: { description: "renamed" } })).body.description).toBe("renamed");
    expectError(await lk.call("GET", `/team-api-keys/${created.body.id}?team_id=${otherTeam.id}`, bob.as), 404, "API_KEY_NOT_FOUND");

    // bob is not a member: every route answers as if the team had no such key
    expectError(await lk.call("GET", `/team-api-keys?team_id=${team.id}`, bob.as), 404, "API_KEY_NOT_FOUND");
    expectError(await lk.call("GET", path, bob.as), 404, "API_KEY_NOT_FOUND");
    expectError(await lk.call("POST", "/team-api-keys", { ...bob.as, body: { team_id: team.id, description: "x" } }), 404, "API_KEY_NOT_FOUND");

    // without team_admin (which contains $manage_api_keys) ada loses access; a direct grant restores it
    expect(await lk.deps.queries.permissions.revokeTeam(project.id, team.id, ada.id, "team_admin")).toBe(true);
    expectError(await lk.call("PATCH", path, { ...ada.as, body: { revoked: true } }), 404, "API_KEY_NOT_FOUND");
    expectError(await lk.call("GET", `/team-api-keys?team_id=${team.id}`, ada.as), 404, "API_KEY_NOT_FOUND");
    await lk.deps.queries.permissions.grantTeam(project.id, team.id, ada.id, "$manage_api_keys", lk.clock.now());
    expect((await lk.call("GET", `/team-api-keys?team_id=${team.id}`, ada.as)).status).toBe(200);

    const server = { access: "server" as const, project };
    expectError(await lk.call("GET", "/team-api-keys", server), 400, "SCHEMA_ERROR", expect.anything());
    expectError(await lk.call("POST", "/team-api-keys", { ...server, body: { team_id: missingId, description: "x" } }), 404, "TEAM_NOT_FOUND", { team_id: missingId });
    expect((await lk.call("POST", "/team-api-keys/check", { ...server, body: { api_key: created.body.value } })).body.team_id).toBe(team.id);
    const userKey = await lk.call("POST", "/user-api-keys", { ...ada.as, body: { user_id: "me", description: "mine" } });
    expectError(await lk.call("POST", "/team-api-keys/check", { ...server, body: { api_key: userKey.body.value } }), 400, "WRONG_API_KEY_TYPE", { expected_type: "team", actual_type: "user" });
    expectError(await lk.call("POST", "/user-api-keys/check", { ...server, body: { api_key: created.body.value } }), 400, "WRONG_API_KEY_TYPE", { expected_type: "user", actual_type: "team" });
  });

  it("answers 400 on every route of a kind the project has turned off", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "apiKeys.enabled.user": true } });
    const ada = await signUp(lk, project, "ada@example.com");
    const server = { access: "server" as const, project };
    expectStatusError(await lk.call("GET", `/team-api-keys?team_id=${missingId}`, ada.as), 400, "apiKeysDisabled", { kind: "Team" });
    expectStatusError(await lk.call("POST", "/team-api-keys", { ...server, body: { team_id: missingId, description: "x" } }), 400, "apiKeysDisabled", { kind: "Team" });
    expectStatusError(await lk.call("GET", `/team-api-keys/${missingId}?team_id=${missingId}`, server), 400, "apiKeysDisabled", { kind: "Team" });
    expectStatusError(await lk.call("PATCH", `/team-api-keys/${missingId}?team_id=${missingId}`, { ...server, body: {} }), 400, "apiKeysDisabled", { kind: "Team" });
    expectStatusError(await lk.call("POST", "/team-api-keys/check", { ...server, body: { api_key: "x" } }), 400, "apiKeysDisabled", { kind: "Team" });
    const key = await lk.call("POST", "/user-api-keys", { ...ada.as, body: { user_id: "me", description: "x" } });
    expect(key.status).toBe(200);

    const off = await lk.createProject();
    const offServer = { access: "server" as const, project: off };
    expectStatusError(await lk.call("GET", "/user-api-keys", offServer), 400, "apiKeysDisabled", { kind: "User" });
    expectStatusError(await lk.call("POST", "/user-api-keys/check", { ...offServer, body: { api_key: key.body.value } }), 400, "apiKeysDisabled", { kind: "User" });
    expectStatusError(await lk.call("GET", `/user-api-keys/${missingId}`, { access: "admin", project: off }), 400, "apiKeysDisabled", { kind: "User" });
  });

  it("never finds a key of one project from another", async () => {
    await using lk = await createTestInstance(dialect);
    const a = await lk.createProject({ configOverride: bothKinds });
    const b = await lk.createProject({ configOverride: bothKinds });
    const ada = await signUp(lk, a, "ada@example.com");
    const key = await lk.call("POST", "/user-api-keys", { ...ada.as, body: { user_id: "me", description: "a's" } });
    const inB = { access: "server" as const, project: b };
    expectError(await lk.call("POST", "/user-api-keys/check", { ...inB, body: { api_key: key.body.value } }), 404, "API_KEY_NOT_FOUND");
    expectError(await lk.call("GET", `/user-api-keys/${key.body.id}`, inB), 404, "API_KEY_NOT_FOUND");
    expectError(await lk.call("PATCH", `/user-api-keys/${key.body.id}`, { ...inB, body: { revoked: true } }), 404, "API_KEY_NOT_FOUND");
    expect((await lk.call("GET", `/user-api-keys?user_id=${ada.id}`, inB)).body.items).toEqual([]);
    expectError(await lk.call("POST", "/user-api-keys", { ...inB, body: { user_id: ada.id, description: "x" } }), 404, "USER_NOT_FOUND");
    expect((await lk.call("POST", "/user-api-keys/check", { access: "server", project: a, body: { api_key: key.body.value } })).status).toBe(200);
  });

  it("stores only a hash of each key, and drops a deleted user's keys", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: bothKinds });
    const ada = await signUp(lk, project, "ada@example.com");
    const key = await lk.call("POST", "/user-api-keys", { ...ada.as, body: { user_id: "me", description: "secret" } });
    const dump = await lk.dumpDatabaseText();
    expect(dump).toContain(hashSecret(key.body.value));
    expect(dump).not.toContain(key.body.value);
    expect(dump).not.toContain(key.body.value.slice(3));

    const server = { access: "server" as const, project };
    expect((await lk.call("DELETE", `/users/${ada.id}`, server)).status).toBe(200);
    expectError(await lk.call("POST", "/user-api-keys/check", { ...server, body: { api_key: key.body.value } }), 404, "API_KEY_NOT_FOUND");
    expect((await lk.call("GET", `/user-api-keys?user_id=${ada.id}`, server)).body.items).toEqual([]);
  });
});
