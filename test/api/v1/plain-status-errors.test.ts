/**
 * Plain-status errors that no other test named (issue 35, finding 21), each asserted by name, status and
 * text where the server sends it. test/security/error-coverage.test.ts keeps the list complete.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES } from "../../../server/http/hardening.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";

const callback = "http://localhost:8102/handler/email-verification";

/** An internal-project user who owns a new project: their access token and session's refresh token, and the project's id. */
async function ownerWithProject(lk: TestInstance) {
  const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", body: { email: "owner@example.com", password: "owner password", verification_callback_url: callback } });
  const token = signUp.body.access_token as string;
  const me = await lk.call("GET", "/users/me", { access: "client", headers: { "x-stack-access-token": token } });
  const project = await lk.call("POST", "/internal/projects", { access: "client", headers: { "x-stack-access-token": token }, body: { display_name: "Shop", owner_team_id: me.body.selected_team_id } });
  expect(project.status).toBe(201);
  return { token, projectId: project.body.id as string };
}

describe.each(testDialects)("plain-status errors on %s", (dialect) => {
  it("refuses clients acting on another user: sessions, OAuth providers, connected accounts", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com" } });
    const bob = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "bob@example.com" } });
    const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: ada.body.id } });
    const asAda = { access: "client" as const, project, headers: { "x-stack-access-token": session.body.access_token as string } };

    expectStatusError(await lk.call("DELETE", `/auth/sessions?user_id=${bob.body.id}`, asAda), 403, "sessionsEndOwnOnly");
    expectStatusError(await lk.call("GET", `/oauth-providers?user_id=${bob.body.id}`, asAda), 403, "oauthProvidersListOwnOnly");
    expectStatusError(await lk.call("POST", `/connected-accounts/${bob.body.id}/github/access-token`, { ...asAda, body: { scope: "" } }), 403, "connectedAccountsOwnOnly");
  });

  it("refuses password or code sign-in on a new user where the project turned it off, and recovery codes without TOTP", async () => {
    await using lk = await createTestInstance(dialect);
    const off = await lk.createProject({ configOverride: { "auth.password.allowSignIn": false, "auth.otp.allowSignIn": false } });
    const create = (body: Record<string, unknown>) => lk.call("POST", "/users", { access: "server", project: off, body: { primary_email: "ada@example.com", ...body } });
    expectStatusError(await create({ password: "a good password" }), 400, "passwordSignInDisabledOnCreate");
    expectStatusError(await create({ otp_auth_enabled: true }), 400, "otpSignInDisabledOnCreate");

    const project = await lk.createProject();
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com" } });
    const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: user.body.id } });
    const codes = await lk.call("POST", "/auth/mfa/recovery-codes", { access: "client", project, headers: { "x-stack-access-token": session.body.access_token } });
    expectStatusError(codes, 400, "totpRequiredForRecoveryCodes");
  });

  it("names unknown webhook endpoints and deliveries, and keeps system permissions as they are", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const admin = { access: "admin" as const, project };
    expectStatusError(await lk.call("GET", `/internal/webhooks/endpoints/${randomUUID()}`, admin), 404, "webhookEndpointNotFound");
    const endpoint = await lk.call("POST", "/internal/webhooks/endpoints", { ...admin, body: { url: "http://127.0.0.1:9/latchkey" } });
    expect(endpoint.status, endpoint.text).toBe(201);
    const redeliver = await lk.call("POST", `/internal/webhooks/endpoints/${endpoint.body.id}/deliveries/${randomUUID()}/redeliver`, { ...admin, body: {} });
    expectStatusError(redeliver, 404, "webhookDeliveryNotFound");

    const system = await lk.call("PATCH", "/team-permission-definitions/$update_team", { ...admin, body: { description: "mine now" } });
    expectStatusError(system, 400, "systemPermissionImmutable", { permissionId: "$update_team" });
  });

  it("refuses a body over the size limit, and the admin token of an owner who signed out", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const tooLarge = await lk.call("POST", "/users", { access: "server", project, body: { display_name: "x".repeat(MAX_BODY_BYTES + 1) } });
    expectStatusError(tooLarge, 413, "bodyTooLarge", { maxBytes: MAX_BODY_BYTES });

    const owner = await ownerWithProject(lk);
    const asAdmin = () => lk.call("GET", "/internal/projects/current", { headers: { "x-stack-access-type": "admin", "x-stack-project-id": owner.projectId, "x-stack-admin-access-token": owner.token } });
    expect((await asAdmin()).status).toBe(200);
    expect((await lk.call("DELETE", "/auth/sessions/current", { access: "client", headers: { "x-stack-access-token": owner.token }, body: {} })).status).toBe(200);
    expectStatusError(await asAdmin(), 401, "adminTokenOwnerGone");
  });
});
