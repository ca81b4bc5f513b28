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

describe.each(testDialects)("known-error texts of sign-in, codes and keys as Stack's backend words them on %s", (dialect) => {
  const callback = "http://localhost:3000/handler/email-verification";

  it("M5, M10: an unparsable admin token, an anonymous user's token without the allow header", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const adminToken = await lk.call("GET", "/internal/projects/current", {
      headers: { "x-stack-access-type": "admin", "x-stack-project-id": project.id, "x-stack-admin-access-token": "not-a-jwt" },
    });
    expectStackError(adminToken, 401, "UNPARSABLE_ADMIN_ACCESS_TOKEN", "Admin access token is not parsable.");

    const anonymous = await lk.call("POST", "/auth/anonymous/sign-up", { access: "client", project });
    const asAnonymous = await lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": anonymous.body.access_token } });
    expectStackError(asAnonymous, 401, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED",
      "X-Stack-Access-Token is for an anonymous user, but anonymous users are not enabled. Set the X-Stack-Allow-Anonymous-User header of this request to 'true' to allow anonymous users.");
  });

  it("M13–M16, M21: sign-in methods turned off, an unverified address, an untrusted callback", async () => {
    await using lk = await createTestInstance(dialect);
    const closed = await lk.createProject({
      configOverride: { "auth.allowSignUp": false, "auth.password.allowSignIn": false, "auth.passkey.allowSignIn": false, "auth.otp.allowSignIn": true },
    });
    const client = { access: "client" as const, project: closed };
    expectStackError(await lk.call("POST", "/auth/otp/send-sign-in-code", { ...client, body: { email: "new@example.com", callback_url: callback } }), 400, "SIGN_UP_NOT_ENABLED",
      "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.");
    expectStackError(await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "ada@example.com", password: "a good password" } }), 400,
      "PASSWORD_AUTHENTICATION_NOT_ENABLED", "Password authentication is not enabled for this project.");
    expectStackError(await lk.call("POST", "/auth/passkey/initiate-passkey-authentication", { ...client, body: {} }), 400,
      "PASSKEY_AUTHENTICATION_NOT_ENABLED", "Passkey authentication is not enabled for this project.");

    // An address a server added without verifying it cannot be taken over by a mailed code.
    await lk.call("POST", "/users", { access: "server", project: closed, body: { primary_email: "ada@example.com", primary_email_auth_enabled: true } });
    expectStackError(await lk.call("POST", "/auth/otp/send-sign-in-code", { ...client, body: { email: "ada@example.com", callback_url: callback } }), 409,
      "USER_EMAIL_ALREADY_EXISTS",
      'A user with email "ada@example.com" already exists but the email is not verified. Please login to your existing account with the method you used to sign up, and then verify your email to sign in with this login method.');

    const open = await lk.createProject();
    const untrusted = await lk.call("POST", "/auth/password/sign-up", {
      access: "client", project: open, body: { email: "bob@example.com", password: "a good password", verification_callback_url: "https://evil.test/cb" },
    });
    expectStackError(untrusted, 400, "REDIRECT_URL_NOT_WHITELISTED",
      "Redirect URL not whitelisted. Did you forget to add this domain to the trusted domains list on the Stack Auth dashboard?");
  });

  it("M20, M22, M23: a second factor required, an unknown code, a code past its attempts", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const client = { access: "client" as const, project };
    const signUp = await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: "ada@example.com", password: "a good password", verification_callback_url: callback } });
    const totpSecret = Buffer.alloc(20, 1).toString("base64");
    await lk.call("PATCH", "/users/me", { ...client, headers: { "x-stack-access-token": signUp.body.access_token }, body: { totp_secret_base64: totpSecret } });

    const attempt = await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "ada@example.com", password: "a good password" } });
    expectStackError(attempt, 400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "Multi-factor authentication is required for this user.");

    expectStackError(await lk.call("POST", "/contact-channels/verify", { ...client, body: { code: "0".repeat(45) } }), 404, "VERIFICATION_CODE_NOT_FOUND",
      "The verification code does not exist for this project.");

    // Not six digits, so never a valid TOTP code: five wrong factors are checked, the sixth spends the attempt.
    const wrongFactor = () => lk.call("POST", "/auth/mfa/sign-in", { ...client, body: { type: "totp", totp: "wrong", code: attempt.body.details.attempt_code } });
    for (let i = 0; i < 5; i++) expect((await wrongFactor()).body.code).toBe("INVALID_TOTP_CODE");
    expectStackError(await wrongFactor(), 400, "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
      "The verification code nonce has reached the maximum number of attempts. This code is not valid anymore.");
  });

  it("M25, M28, M29: an unknown CLI polling code, a revoked key, a key of the other type", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "apiKeys.enabled.user": true, "apiKeys.enabled.team": true } });
    const server = { access: "server" as const, project };
    expectStackError(await lk.call("POST", "/auth/cli/poll", { access: "client", project, body: { polling_code: "0".repeat(45) } }), 400, "INVALID_POLLING_CODE",
      "The polling code is invalid or does not exist.");

    const user = await lk.call("POST", "/users", { ...server, body: { primary_email: "ada@example.com" } });
    const key = await lk.call("POST", "/user-api-keys", { ...server, body: { user_id: user.body.id, description: "svc" } });
    expectStackError(await lk.call("POST", "/team-api-keys/check", { ...server, body: { api_key: key.body.value } }), 400, "WRONG_API_KEY_TYPE",
      "This endpoint is for team API keys, but a user API key was provided.");
    await lk.call("PATCH", `/user-api-keys/${key.body.id}?user_id=${user.body.id}`, { ...server, body: { revoked: true } });
    expectStackError(await lk.call("POST", "/user-api-keys/check", { ...server, body: { api_key: key.body.value } }), 401, "API_KEY_REVOKED",
      "API key has been revoked.");
  });

  it("M34, M35, M37–M39: permission scopes, contained permissions, items", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({
      configOverride: { "payments.items.credits": { displayName: "Credits", customerType: "user" }, "payments.items.seats": { displayName: "Seats", customerType: "team" } },
    });
    const server = { access: "server" as const, project };
    const ada = (await lk.call("POST", "/users", { ...server, body: { primary_email: "ada@example.com" } })).body.id as string;

    expectStackError(await lk.call("POST", `/project-permissions/${ada}/$read_members`, server), 404, "WRONG_PERMISSION_SCOPE",
      'Permission "$read_members" not found. (It was found for a different scope "team", but scope "project" was expected.)');
    const contained = await lk.call("POST", "/project-permission-definitions", { access: "admin", project, body: { id: "billing", contained_permission_ids: ["nope"] } });
    expectStackError(contained, 400, "CONTAINED_PERMISSION_NOT_FOUND", 'Contained permission with ID "nope" not found. Make sure you created it on the dashboard.');

    const item = (id: string) => `/payments/items/user/${ada}/${id}`;
    expectStackError(await lk.call("GET", item("nope"), server), 404, "ITEM_NOT_FOUND", 'Item with ID "nope" not found.');
    expectStackError(await lk.call("GET", item("seats"), server), 400, "ITEM_CUSTOMER_TYPE_DOES_NOT_MATCH",
      `The user with ID "${ada}" is not a valid customer for the item with ID "seats". The item is configured to only be available for team customers, but the customer is a user.`);
    expectStackError(await lk.call("POST", `${item("credits")}/update-quantity?allow_negative=false`, { ...server, body: { delta: -1 } }), 400, "ITEM_QUANTITY_INSUFFICIENT_AMOUNT",
      `The item with ID "credits" has an insufficient quantity for the customer with ID "${ada}". An attempt was made to charge -1 credits.`);
  });
});
