/**
 * Issue 35, findings 13 to 15 (a mutation audit found them unguarded): a session that has expired no longer
 * refreshes (13) and its access tokens, though still within their own lifetime, no longer name a user
 * (14); changing the password ends the user's other sessions and keeps the one that changed it (15).
 * Each token is used once before the change, so the answers cached for it must not outlive the session.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { expectKnownError } from "../../support/known-errors.js";

const password = "session ends 1";

interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** A user of `project` with a password; their id. */
async function createUser(lk: TestInstance, project: ProjectCredentials, email: string): Promise<string> {
  const created = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: email, primary_email_auth_enabled: true, password } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** A session a server starts for the user, lasting `expiresInMs` (the default year when left out). */
async function serverSession(lk: TestInstance, project: ProjectCredentials, userId: string, expiresInMs?: number): Promise<Tokens> {
  const res = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: userId, expires_in_millis: expiresInMs } });
  expect(res.status).toBe(200);
  return res.body as Tokens;
}

async function signIn(lk: TestInstance, project: ProjectCredentials, email: string, withPassword = password): Promise<Tokens> {
  const res = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email, password: withPassword } });
  expect(res.status, res.text).toBe(200);
  return res.body as Tokens;
}

/** Both ways a client refreshes: the OAuth token endpoint and the session's own refresh call. */
function refreshBothWays(lk: TestInstance, project: ProjectCredentials, refreshToken: string): Promise<ApiResponse[]> {
  return Promise.all([
    lk.call("POST", "/auth/oauth/token", {
      form: true,
      body: { grant_type: "refresh_token", refresh_token: refreshToken, client_id: project.id, client_secret: project.keys.publishableClientKey },
    }),
    lk.call("POST", "/auth/sessions/current/refresh", { access: "client", project, headers: { "x-stack-refresh-token": refreshToken } }),
  ]);
}

const me = (lk: TestInstance, project: ProjectCredentials, accessToken: string) =>
  lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": accessToken } });

describe.each(testDialects)("the end of a session on %s", (dialect) => {
  it("refuses the refresh token of a session that has expired (finding 13)", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const userId = await createUser(lk, project, "ada@example.com");
    const short = await serverSession(lk, project, userId, 60_000);
    const long = await serverSession(lk, project, userId);

    lk.clock.advance(59_000);
    for (const res of await refreshBothWays(lk, project, short.refresh_token)) expect(res.status, res.text).toBe(200);

    lk.clock.advance(2_000);
    for (const res of await refreshBothWays(lk, project, short.refresh_token)) expectKnownError(res, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    // The user's other session, which has not expired, still refreshes.
    for (const res of await refreshBothWays(lk, project, long.refresh_token)) expect(res.status, res.text).toBe(200);
  });

  it("refuses an access token, within its own lifetime, once its session has expired (finding 14)", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const userId = await createUser(lk, project, "ada@example.com");
    const short = await serverSession(lk, project, userId, 60_000);
    const long = await serverSession(lk, project, userId);
    expect((await me(lk, project, short.access_token)).body.id).toBe(userId);

    lk.clock.advance(61_000);
    // The token itself lives 10 minutes: only its session's end can refuse it now.
    expect(lk.deps.config.accessTokenLifetimeMs).toBeGreaterThan(61_000);
    expectKnownError(await me(lk, project, short.access_token), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    expect((await me(lk, project, long.access_token)).body.id).toBe(userId);
  });

  it("ends the user's other sessions when the password changes, and keeps the one that changed it (finding 15)", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const userId = await createUser(lk, project, "ada@example.com");
    const laptop = await signIn(lk, project, "ada@example.com");
    const phone = await signIn(lk, project, "ada@example.com");
    const server = await serverSession(lk, project, userId);
    const otherUser = await createUser(lk, project, "bob@example.com");
    const bob = await signIn(lk, project, "bob@example.com");
    for (const session of [laptop, phone, server]) expect((await me(lk, project, session.access_token)).body.id).toBe(userId);

    const changed = await lk.call("POST", "/auth/password/update", {
      access: "client",
      project,
      headers: { "x-stack-access-token": laptop.access_token },
      body: { old_password: password, new_password: "session ends 2" },
    });
    expect(changed.body).toEqual({ success: true });

    for (const ended of [phone, server]) {
      expectKnownError(await me(lk, project, ended.access_token), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
      for (const res of await refreshBothWays(lk, project, ended.refresh_token)) expectKnownError(res, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    }
    expect((await me(lk, project, laptop.access_token)).body.id).toBe(userId);
    for (const res of await refreshBothWays(lk, project, laptop.refresh_token)) expect(res.status, res.text).toBe(200);
    // Another user's session is not touched.
    expect((await me(lk, project, bob.access_token)).body.id).toBe(otherUser);
    await signIn(lk, project, "ada@example.com", "session ends 2");
  });
});
