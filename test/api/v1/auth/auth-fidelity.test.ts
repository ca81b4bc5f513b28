/**
 * Stack's backend answers on the authentication endpoints (reference/wire/backend-fidelity.md §2):
 * rows A3–A5, A7, A8, A11, A13 and the session refresh endpoint Stack has and the SDK does not call.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectKnownError } from "../../../support/known-errors.js";

const callback = "http://localhost:3000/handler/email-verification";

async function signedIn(lk: TestInstance, project: ProjectCredentials, body: Record<string, unknown> = {}) {
  const user = await lk.call("POST", "/users", { access: "server", project, body });
  const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: user.body.id } });
  const headers = { "x-stack-access-token": session.body.access_token as string };
  return { id: user.body.id as string, refreshToken: session.body.refresh_token as string, call: (method: string, path: string, body?: unknown) => lk.call(method, path, { access: "client", project, headers, body }) };
}

function expectText(res: { status: number; text: string; headers: Headers }, status: number, text: string) {
  expect([res.status, res.headers.get("x-stack-known-error"), res.text]).toEqual([status, null, text]);
}

describe.each(testDialects)("authentication endpoints as Stack's backend answers them on %s", (dialect) => {
  it("refreshes the current session with POST /auth/sessions/current/refresh: 200 {access_token}, unknown token REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signedIn(lk, project);
    const refresh = (token: string) => lk.call("POST", "/auth/sessions/current/refresh", { access: "client", project, headers: { "x-stack-refresh-token": token } });
    const ok = await refresh(ada.refreshToken);
    expect([ok.status, Object.keys(ok.body)]).toEqual([200, ["access_token"]]);
    const me = await lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": ok.body.access_token } });
    expect(me.body.id).toBe(ada.id);
    expectKnownError(await refresh("not-a-refresh-token"), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    const missing = await lk.call("POST", "/auth/sessions/current/refresh", { access: "client", project });
    expect([missing.status, missing.body.code]).toEqual([400, "SCHEMA_ERROR"]);
  });

  it("A2: answers an unknown or completed CLI login code with Stack's 400 text, with or without a user session", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signedIn(lk, project);
    const started = (await lk.call("POST", "/auth/cli", { access: "client", project, body: {} })).body as { login_code: string };
    const anonymousComplete = (loginCode: string) => lk.call("POST", "/auth/cli/complete", { access: "server", project, body: { login_code: loginCode, refresh_token: ada.refreshToken } });
    const unknown = "a".repeat(started.login_code.length);
    expectText(await anonymousComplete(unknown), 400, "Invalid login code or the code has expired");
    expect((await ada.call("POST", "/auth/cli/complete", { login_code: started.login_code, refresh_token: ada.refreshToken })).body).toEqual({ success: true });
    expectText(await anonymousComplete(started.login_code), 400, "Invalid login code or the code has expired");
  });

  it("A3: refuses OTP sign-in codes when OTP is off with Stack's text", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const res = await lk.call("POST", "/auth/otp/send-sign-in-code", { access: "client", project, body: { email: "a@example.com", callback_url: "http://localhost:3000/handler/magic-link-callback" } });
    expectText(res, 403, "OTP sign-in is not enabled for this project");
  });

  it("A4/A7: password set when one exists, and a wrong old password, answer Stack's texts", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signedIn(lk, project, { primary_email: "ada@example.com", primary_email_auth_enabled: true, password: "first password" });
    expectText(await ada.call("POST", "/auth/password/set", { password: "second password" }), 400, "User already has a password set.");
    const wrong = await ada.call("POST", "/auth/password/update", { old_password: "not the password", new_password: "second password" });
    expect([wrong.status, wrong.body]).toEqual([400, { code: "PASSWORD_CONFIRMATION_MISMATCH", error: "Passwords do not match." }]);
  });

  it("A5: password set/update without a user session answer SCHEMA_ERROR `auth.user must be defined`", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    for (const [path, body] of [
      ["/auth/password/set", { password: "a good password" }],
      ["/auth/password/update", { old_password: "a good password", new_password: "another password" }],
    ] as const) {
      const res = await lk.call("POST", path, { access: "client", project, body });
      expect([res.status, res.body.code, res.body.error], path).toEqual([400, "SCHEMA_ERROR", `Request validation failed on POST /api/v1${path}:\n  - auth.user must be defined`]);
    }
  });

  it("A8: sends passkey registration options without a `hints` member", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "auth.passkey.allowSignIn": true } });
    const ada = await signedIn(lk, project, { primary_email: "ada@example.com" });
    const res = await ada.call("POST", "/auth/passkey/initiate-passkey-registration", {});
    expect(res.status).toBe(200);
    expect(res.body.options_json).not.toHaveProperty("hints");
    expect(res.body.options_json).toMatchObject({ authenticatorSelection: { residentKey: "required", userVerification: "preferred" }, excludeCredentials: [] });
  });

  it("A11: refuses a client listing another user's sessions with Stack's text", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signedIn(lk, project);
    const bob = await signedIn(lk, project);
    expectText(await ada.call("GET", `/auth/sessions?user_id=${bob.id}`), 403, "Client can only list sessions for their own user.");
  });

  it("A13: names an upgraded anonymous user's `Personal Team` after its e-mail, and leaves a renamed team alone", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "teams.createPersonalTeamOnSignUp": true } });
    const upgrade = async (email: string, rename?: string) => {
      const anon = await lk.call("POST", "/auth/anonymous/sign-up", { access: "client", project });
      const teamOf = async () => (await lk.call("GET", `/users/${anon.body.user_id}`, { access: "server", project })).body.selected_team;
      const before = await teamOf();
      expect(before.display_name).toBe("Personal Team");
      if (rename) await lk.call("PATCH", `/teams/${before.id}`, { access: "server", project, body: { display_name: rename } });
      const headers = { "x-stack-access-token": anon.body.access_token, "x-stack-allow-anonymous-user": "true" };
      const signUp = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, headers, body: { email, password: "a good password", verification_callback_url: callback } });
      expect(signUp.body.user_id).toBe(anon.body.user_id);
      return (await teamOf()).display_name;
    };
    expect(await upgrade("preserved@example.com")).toBe("preserved@example.com's Team");
    expect(await upgrade("renamed@example.com", "Our Lab")).toBe("Our Lab");
  });
});
