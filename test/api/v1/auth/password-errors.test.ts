/**
 * The password routes' refusals no journey reaches: a project that turned password sign-in off, and a
 * password change for a user who has none.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { expectKnownError } from "../../../support/known-errors.js";

const callback = "http://localhost:3000/handler/email-verification";

describe.each(testDialects)("password refusals on %s", (dialect) => {
  it("answers 400 PASSWORD_AUTHENTICATION_NOT_ENABLED on every password route of a project that turned it off", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const client = { access: "client" as const, project };
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com", primary_email_auth_enabled: true, password: "a good password" } });
    expect(user.status).toBe(201);
    const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: user.body.id } });
    const asUser = { ...client, headers: { "x-stack-access-token": session.body.access_token } };
    const allowPasswordSignIn = async (allow: boolean) => {
      const body = { config_override_string: JSON.stringify({ "auth.password.allowSignIn": allow }) };
      expect((await lk.call("PATCH", "/internal/config/override", { access: "admin", project, body })).status).toBe(200);
    };
    await allowPasswordSignIn(false);

    const answers = {
      signUp: await lk.call("POST", "/auth/password/sign-up", { ...client, body: { email: "new@example.com", password: "a good password", verification_callback_url: callback } }),
      signIn: await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "ada@example.com", password: "a good password" } }),
      sendResetCode: await lk.call("POST", "/auth/password/send-reset-code", { ...client, body: { email: "ada@example.com", callback_url: "http://localhost:3000/handler/password-reset" } }),
      update: await lk.call("POST", "/auth/password/update", { ...asUser, body: { old_password: "a good password", new_password: "a better password" } }),
    };
    for (const res of Object.values(answers)) expectKnownError(res, 400, "PASSWORD_AUTHENTICATION_NOT_ENABLED");

    // The refusal is the setting's doing: turned back on, the same sign-in succeeds.
    await allowPasswordSignIn(true);
    expect((await lk.call("POST", "/auth/password/sign-in", { ...client, body: { email: "ada@example.com", password: "a good password" } })).status).toBe(200);
  });

  it("answers 400 USER_DOES_NOT_HAVE_PASSWORD to a password change by a user without a password", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com" } });
    expect(user.body.has_password).toBe(false);
    const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: user.body.id } });
    const asUser = { access: "client" as const, project, headers: { "x-stack-access-token": session.body.access_token } };

    const update = await lk.call("POST", "/auth/password/update", { ...asUser, body: { old_password: "any old password", new_password: "a new password" } });
    expectKnownError(update, 400, "USER_DOES_NOT_HAVE_PASSWORD");
    // Nothing was set: the user still has no password and may set one.
    expect((await lk.call("GET", "/users/me", asUser)).body.has_password).toBe(false);
    expect((await lk.call("POST", "/auth/password/set", { ...asUser, body: { password: "a new password" } })).body).toEqual({ success: true });
  });
});
