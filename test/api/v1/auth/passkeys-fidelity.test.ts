/**
 * Stack's backend answer to passkey sign-in initiation (reference/wire/backend-fidelity.md §2 row A10):
 * exactly `{code, options_json}`, the options with exactly Stack's members and values. The challenge is
 * random here (row A9 is a deliberate deviation, see COMPATIBILITY.md).
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";

describe.each(testDialects)("passkey initiation as Stack's backend answers it on %s", (dialect) => {
  it("A10: initiate-passkey-authentication answers {code, options_json} with Stack's five option members", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.passkey.allowSignIn": true } });
    const res = await lk.call("POST", "/auth/passkey/initiate-passkey-authentication", { access: "client", project, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toStrictEqual({
      code: expect.stringMatching(/^[a-zA-Z0-9]{45}$/),
      options_json: {
        allowCredentials: [],
        challenge: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
        rpId: "THIS_VALUE_WILL_BE_REPLACED.example.com",
        timeout: 60000,
        userVerification: "preferred",
      },
    });
  });
});
