/**
 * Known-error texts as Stack's backend words them (reference/wire/backend-fidelity.md §9): clients and
 * recorded tests compare `error` byte for byte. Codes and details already agreed; these pin the text.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse } from "../../support/instance.js";

function expectStackError(res: ApiResponse, status: number, code: string, error: string) {
  expect([res.status, res.headers.get("x-stack-known-error"), res.body.code, res.body.error]).toEqual([status, code, code, error]);
}

describe.each(testDialects)("known-error texts as Stack's backend words them on %s", (dialect) => {
  it("M1–M4, M6, M7: access headers", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    expectStackError(await lk.call("GET", "/users/me"), 400, "ACCESS_TYPE_REQUIRED",
      "You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'.");
    expectStackError(await lk.call("GET", "/users/me", { headers: { "x-stack-access-type": "client" } }), 400, "ACCESS_TYPE_WITHOUT_PROJECT_ID",
      "The x-stack-access-type header was 'client', but the x-stack-project-id header was not provided.");
    const serverWithoutKey = await lk.call("GET", "/users", { headers: { "x-stack-access-type": "server", "x-stack-project-id": project.id } });
    expectStackError(serverWithoutKey, 401, "SERVER_AUTHENTICATION_REQUIRED", "The secret server key must be provided.");
    const wrongAdminKey = await lk.call("GET", "/users", { access: "admin", project, headers: { "x-stack-super-secret-admin-key": "not-the-key" } });
    expectStackError(wrongAdminKey, 401, "INVALID_SUPER_SECRET_ADMIN_KEY",
      `The super secret admin key is not valid for the project "${project.id}". Does the project and/or the key exist?`);
    expectStackError(await lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": "garbage" } }), 401, "UNPARSABLE_ACCESS_TOKEN",
      "Access token is not parsable.");
    const missingProject = "00000000-0000-4000-8000-000000000000";
    expectStackError(await lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-project-id": missingProject } }), 400, "CURRENT_PROJECT_NOT_FOUND",
      `The current project with ID ${missingProject} was not found. Please check the value of the x-stack-project-id header.`);
  });

  it("M8, M9, M11, M12, M17, M18, M26: users and sessions", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "teams.allowClientTeamCreation": true } });
    const client = { access: "client" as const, project };
    expectStackError(await lk.call("POST", "/teams", { ...client, body: { display_name: "Lab" } }), 401, "USER_AUTHENTICATION_REQUIRED", "User authentication required for this endpoint.");
    expectStackError(await lk.call("GET", "/users/me", client), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER",
      "You have specified 'me' as a userId, but did not provide authentication for a user.");
    expectStackError(await lk.call("GET", "/users/00000000-0000-4000-8000-000000000000", { access: "server", project }), 404, "USER_NOT_FOUND", "User not found.");

    const body = { primary_email: "ada@example.com", primary_email_auth_enabled: true, password: "a good password" };
    const ada = await lk.call("POST", "/users", { access: "server", project, body });
    expectStackError(await lk.call("POST", "/users", { access: "server", project, body }), 409, "USER_EMAIL_ALREADY_EXISTS", 'A user with email "ada@example.com" already exists.');
    const wrong = await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "ada@example.com", password: "not the password" } });
    expectStackError(wrong, 400, "EMAIL_PASSWORD_MISMATCH", "Wrong e-mail or password.");
    const short = await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: "bob@example.com", password: "short", verification_callback_url: "http://localhost:3000/handler/email-verification" } });
    expectStackError(short, 400, "PASSWORD_TOO_SHORT", "Password too short. Minimum length is 8.");

    const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: ada.body.id } });
    const asAda = { ...client, headers: { "x-stack-access-token": session.body.access_token } };
    const current = ((await lk.call("GET", "/auth/sessions?user_id=me", asAda)).body.items as { id: string; is_current_session: boolean }[]).find((s) => s.is_current_session)!;
    expectStackError(await lk.call("DELETE", `/auth/sessions/${current.id}?user_id=me`, asAda), 400, "CANNOT_DELETE_CURRENT_SESSION", "Cannot delete the current session.");
  });
});
