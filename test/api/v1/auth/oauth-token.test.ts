/**
 * The OAuth token endpoint's authorization-code grant (POST /auth/oauth/token). No flow issues codes
 * yet, so every code is refused, but only once the client itself has authenticated.
 */
import { describe, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { expectKnownError } from "../../../support/known-errors.js";

describe.each(testDialects)("authorization-code grant on %s", (dialect) => {
  it("answers 400 INVALID_AUTHORIZATION_CODE to an unknown code from an authenticated client", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const grant = { grant_type: "authorization_code", code: "an-unknown-code", redirect_uri: "http://localhost:3000/handler/oauth-callback", code_verifier: "v".repeat(43) };

    const res = await lk.call("POST", "/auth/oauth/token", { form: true, body: { ...grant, client_id: project.id, client_secret: project.keys.publishableClientKey } });
    expectKnownError(res, 400, "INVALID_AUTHORIZATION_CODE");

    const wrongClient = await lk.call("POST", "/auth/oauth/token", { form: true, body: { ...grant, client_id: project.id, client_secret: "not-the-key" } });
    expectKnownError(wrongClient, 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: project.id });
  });
});
