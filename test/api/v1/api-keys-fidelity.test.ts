/**
 * Stack's backend answers on the API-key endpoints (reference/wire/backend-fidelity.md §6 row K1, and
 * the §9 text M27).
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance } from "../../support/instance.js";

const bothKinds = { "apiKeys.enabled.user": true, "apiKeys.enabled.team": true };

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
});
