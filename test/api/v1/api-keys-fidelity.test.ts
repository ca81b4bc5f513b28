/**
 * Stack's backend answers on the API-key endpoints (reference/wire/backend-fidelity.md §6 rows K1, K2,
 * and the §9 text M27), and recognisable secrets (issue 28 item 3): project keys and refresh tokens
 * carry a prefix and a checksum, and a mistyped one is refused before any lookup.
 */
import { crc32 } from "node:zlib";
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { hashSecret, randomCode } from "../../../server/services/secrets.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";

const bothKinds = { "apiKeys.enabled.user": true, "apiKeys.enabled.team": true };

/** `value` with its character at `index` (counted from the end when negative) replaced by another. */
function mistype(value: string, index: number): string {
  const at = index < 0 ? value.length + index : index;
  return value.slice(0, at) + (value[at] === "a" ? "b" : "a") + value.slice(at + 1);
}

const crcOf = (text: string) => crc32(text).toString(16).padStart(8, "0");

describe.each(testDialects)("API keys as Stack's backend answers them on %s", (dialect) => {
  it("K1: refuses a server listing user keys without user_id with SCHEMA_ERROR `user_id is required for user API keys`", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: bothKinds });
    const res = await lk.call("GET", "/user-api-keys", { access: "server", project });
    expect([res.status, res.headers.get("x-stack-known-error"), res.body]).toEqual([
      400, "SCHEMA_ERROR", { code: "SCHEMA_ERROR", details: { message: "user_id is required for user API keys" }, error: "user_id is required for user API keys" },
    ]);
  });

  it("M27: answers an unknown key with Stack's text", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: bothKinds });
    const res = await lk.call("POST", "/user-api-keys/check", { access: "server", project, body: { api_key: "sk_unknownunknownunknownunknownunknownunknown12" } });
    expect([res.status, res.body.code, res.body.error]).toEqual([404, "API_KEY_NOT_FOUND", "API key not found."]);
  });

  it("K2: makes user and team key values in the reference layout, carrying the id and a CRC-32, and checks them", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: bothKinds });
    const server = { access: "server" as const, project };
    const user = await lk.call("POST", "/users", { ...server, body: { primary_email: "k2@example.com" } });
    const team = await lk.call("POST", "/teams", { ...server, body: { display_name: "K2" } });
    const userKey = await lk.call("POST", "/user-api-keys", { ...server, body: { user_id: user.body.id, description: "u", is_public: true } });
    const teamKey = await lk.call("POST", "/team-api-keys", { ...server, body: { team_id: team.body.id, description: "t" } });
    for (const [res, prefix, kind, scanner] of [[userKey, "pk", "user", "3"], [teamKey, "sk", "team", "1"]] as const) {
      expect(res.status).toBe(200);
      const value = res.body.value as string;
      const id = (res.body.id as string).replaceAll("-", "");
      expect(value).toMatch(new RegExp(`^${prefix}_[0-9a-z]{45}${id}${kind}${scanner}574ck4u7h[0-9a-f]{8}$`));
      expect(value.slice(-8)).toBe(crcOf(value.slice(0, -8)));
      const checked = await lk.call("POST", `/${kind}-api-keys/check`, { ...server, body: { api_key: value } });
      expect([checked.status, checked.body.id]).toEqual([200, res.body.id]);
    }
  });

  it("K2: refuses a mistyped key as not found without looking it up, and keeps older keys working", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: bothKinds });
    const server = { access: "server" as const, project };
    const user = await lk.call("POST", "/users", { ...server, body: { primary_email: "k2b@example.com" } });
    const key = await lk.call("POST", "/user-api-keys", { ...server, body: { user_id: user.body.id, description: "u" } });
    const lookups = vi.spyOn(lk.deps.queries.apiKeys, "findByValueHash");
    for (const bad of [mistype(key.body.value as string, 10), mistype(key.body.value as string, -1), "sk_short", "x"]) {
      const res = await lk.call("POST", "/user-api-keys/check", { ...server, body: { api_key: bad } });
      expect([res.status, res.body.code]).toEqual([404, "API_KEY_NOT_FOUND"]);
    }
    expect(lookups).not.toHaveBeenCalled();

    // A key made before the reference layout (prefix and 45 characters) is still found.
    const legacy = `sk_${randomCode()}`;
    const legacyId = randomUUID();
    await lk.deps.queries.apiKeys.insert({
      id: legacyId, projectId: project.id, type: "user", userId: user.body.id as string, teamId: null, description: "old", isPublic: false,
      valueHash: hashSecret(legacy), lastFour: legacy.slice(-4), createdAt: lk.clock.now(), expiresAt: null, revokedAt: null,
    });
    const old = await lk.call("POST", "/user-api-keys/check", { ...server, body: { api_key: legacy } });
    expect([old.status, old.body.id]).toEqual([200, legacyId]);
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it("recognisable secrets: project keys carry their prefix and a CRC-32; a mistyped one is refused without a lookup", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    for (const [value, prefix] of [[project.keys.publishableClientKey, "pck_"], [project.keys.secretServerKey, "ssk_"], [project.keys.superSecretAdminKey, "sak_"]] as const) {
      expect(value).toMatch(new RegExp(`^${prefix}[0-9a-z]{45}[0-9a-f]{8}$`));
      expect(value.slice(-8)).toBe(crcOf(value.slice(0, -8)));
    }
    expect((await lk.call("GET", "/users", { access: "server", project })).status).toBe(200);
    const lookups = vi.spyOn(lk.deps.queries.apiKeySets, "findLiveByKeyHash");
    const res = await lk.call("GET", "/users", { access: "server", project, headers: { "x-stack-secret-server-key": mistype(project.keys.secretServerKey, 8) } });
    expect([res.status, res.body.code]).toEqual([401, "INVALID_SECRET_SERVER_KEY"]);
    expect(lookups).not.toHaveBeenCalled();
  });

  it("recognisable secrets: refresh tokens carry `lkrt_` and a CRC-32; a mistyped one is refused without a lookup", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "rt@example.com" } });
    const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: user.body.id } });
    const token = session.body.refresh_token as string;
    expect(token).toMatch(/^lkrt_[0-9a-z]{45}[0-9a-f]{8}$/);
    expect(token.slice(-8)).toBe(crcOf(token.slice(0, -8)));
    const refresh = (value: string) => lk.call("POST", "/auth/sessions/current/refresh", { access: "client", project, headers: { "x-stack-refresh-token": value } });
    expect((await refresh(token)).status).toBe(200);
    const lookups = vi.spyOn(lk.deps.queries.users, "findByRefreshTokenHash");
    const res = await refresh(mistype(token, 12));
    expect([res.status, res.body.code]).toEqual([401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"]);
    expect(lookups).not.toHaveBeenCalled();
  });
});
