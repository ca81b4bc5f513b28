/**
 * Signing out (DELETE /auth/sessions/current) ends the session of the access token: its refresh token
 * is refused from then on, while the user's other sessions live on.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectKnownError } from "../../../support/known-errors.js";

async function startSession(lk: TestInstance, project: ProjectCredentials, userId: string) {
  const res = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: userId } });
  expect(res.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string };
}

const refreshWithTokenEndpoint = (lk: TestInstance, project: ProjectCredentials, refreshToken: string) =>
  lk.call("POST", "/auth/oauth/token", {
    form: true,
    body: { grant_type: "refresh_token", refresh_token: refreshToken, client_id: project.id, client_secret: project.keys.publishableClientKey },
  });

const refreshCurrentSession = (lk: TestInstance, project: ProjectCredentials, refreshToken: string) =>
  lk.call("POST", "/auth/sessions/current/refresh", { access: "client", project, headers: { "x-stack-refresh-token": refreshToken } });

const signOut = (lk: TestInstance, project: ProjectCredentials, accessToken: string) =>
  lk.call("DELETE", "/auth/sessions/current", { access: "client", project, headers: { "x-stack-access-token": accessToken } });

describe.each(testDialects)("sign-out on %s", (dialect) => {
  it("refuses a refresh of the signed-out session with 401 REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED, and keeps the other sessions", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com" } });
    const laptop = await startSession(lk, project, user.body.id);
    const phone = await startSession(lk, project, user.body.id);
    expect((await refreshWithTokenEndpoint(lk, project, laptop.refresh_token)).status).toBe(200);

    expect((await signOut(lk, project, laptop.access_token)).body).toEqual({ success: true });

    expectKnownError(await refreshWithTokenEndpoint(lk, project, laptop.refresh_token), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expect((await refreshWithTokenEndpoint(lk, project, phone.refresh_token)).status).toBe(200);
  });

  // POST /auth/sessions/current/refresh (x-stack-refresh-token; reference/wire/tokens-and-sessions.md §5.5):
  // 200 {access_token}, unknown or expired -> REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED.
  it("refuses POST /auth/sessions/current/refresh after sign-out with 401 REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com" } });
    const session = await startSession(lk, project, user.body.id);
    const before = await refreshCurrentSession(lk, project, session.refresh_token);
    expect([before.status, Object.keys(before.body)]).toEqual([200, ["access_token"]]);

    expect((await signOut(lk, project, session.access_token)).body).toEqual({ success: true });

    expectKnownError(await refreshCurrentSession(lk, project, session.refresh_token), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });
});
