/**
 * CLI login (otp-and-cli.md §4): start, complete with the signed-in user's refresh token, poll. The
 * poll hands the token out once, as HTTP 201 (the SDK accepts nothing else), then answers "used".
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { expectStatusError } from "../../../support/known-errors.js";

const INVALID_LOGIN_CODE = "Invalid login code or the code has expired";

function expectKnownError(res: ApiResponse, status: number, code: string) {
  expect([res.status, res.headers.get("x-stack-known-error"), res.body.code]).toEqual([status, code, code]);
}

/** A user of the project with a fresh session: its access and refresh tokens. */
async function signedInUser(lk: TestInstance, project: ProjectCredentials) {
  const created = await lk.call("POST", "/users", { access: "server", project, body: { display_name: "CLI user" } });
  expect(created.status).toBe(201);
  const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: created.body.id } });
  expect(session.status).toBe(200);
  return { id: created.body.id as string, accessToken: session.body.access_token as string, refreshToken: session.body.refresh_token as string };
}

function cli(lk: TestInstance, project: ProjectCredentials) {
  return {
    start: (body: unknown = {}) => lk.call("POST", "/auth/cli", { access: "client", project, body }),
    poll: (pollingCode: string) => lk.call("POST", "/auth/cli/poll", { access: "client", project, body: { polling_code: pollingCode } }),
    complete: (loginCode: string, refreshToken: string, accessToken?: string) =>
      lk.call("POST", "/auth/cli/complete", {
        access: "client",
        project,
        headers: accessToken ? { "x-stack-access-token": accessToken } : {},
        body: { login_code: loginCode, refresh_token: refreshToken },
      }),
  };
}

async function started(lk: TestInstance, project: ProjectCredentials, body: unknown = {}) {
  const res = await cli(lk, project).start(body);
  expect(res.status).toBe(200);
  return res.body as { polling_code: string; login_code: string; expires_at: string };
}

describe.each(testDialects)("CLI login on %s", (dialect) => {
  it("starts, waits, completes with the signed-in user's refresh token, and delivers it once with 201", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const api = cli(lk, project);
    const user = await signedInUser(lk, project);

    const start = await api.start();
    expect(Object.keys(start.body).sort()).toEqual(["expires_at", "login_code", "polling_code"]);
    expect(start.body.expires_at).toBe(new Date(lk.clock.now().getTime() + 7_200_000).toISOString());
    expect(start.body.polling_code).not.toBe(start.body.login_code);

    expect([(await api.poll(start.body.polling_code)).status, (await api.poll(start.body.polling_code)).body]).toEqual([200, { status: "waiting" }]);
    const completed = await api.complete(start.body.login_code, user.refreshToken, user.accessToken);
    expect([completed.status, completed.body]).toEqual([200, { success: true }]);

    const delivered = await api.poll(start.body.polling_code);
    expect([delivered.status, delivered.body]).toEqual([201, { status: "success", refresh_token: user.refreshToken }]);
    const again = await api.poll(start.body.polling_code);
    expect([again.status, again.body]).toEqual([200, { status: "used" }]);

    const twice = await api.complete(start.body.login_code, user.refreshToken, user.accessToken);
    expectStatusError(twice, 400, "cliInvalidLoginCode");
  });

  it("accepts a lifetime of up to 24 hours and rejects a longer one", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const day = await started(lk, project, { expires_in_millis: 86_400_000 });
    expect(day.expires_at).toBe(new Date(lk.clock.now().getTime() + 86_400_000).toISOString());
    expectKnownError(await cli(lk, project).start({ expires_in_millis: 86_400_001 }), 400, "SCHEMA_ERROR");
  });

  it("hands the refresh token to exactly one of 10 concurrent polls", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const api = cli(lk, project);
    const user = await signedInUser(lk, project);
    const login = await started(lk, project);
    expect((await api.complete(login.login_code, user.refreshToken, user.accessToken)).status).toBe(200);

    const answers = await Promise.all(Array.from({ length: 10 }, () => api.poll(login.polling_code)));
    const winners = answers.filter((a) => a.status === 201);
    expect(winners.map((a) => a.body)).toEqual([{ status: "success", refresh_token: user.refreshToken }]);
    expect(answers.filter((a) => a.status === 200).map((a) => a.body)).toEqual(Array.from({ length: 9 }, () => ({ status: "used" })));
  });

  it("answers expired once the lifetime is over, before any other state, and cannot be completed then", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const api = cli(lk, project);
    const user = await signedInUser(lk, project);

    const waiting = await started(lk, project, { expires_in_millis: 60_000 });
    const completed = await started(lk, project, { expires_in_millis: 60_000 });
    expect((await api.complete(completed.login_code, user.refreshToken, user.accessToken)).status).toBe(200);
    lk.clock.advance(60_000);

    for (const login of [waiting, completed]) {
      const res = await api.poll(login.polling_code);
      expect([res.status, res.body]).toEqual([200, { status: "expired" }]);
    }
    const late = await api.complete(waiting.login_code, user.refreshToken, user.accessToken);
    expectStatusError(late, 400, "cliInvalidLoginCode");
  });

  it("needs a signed-in user whose own live session the refresh token is", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const elsewhere = await lk.createProject();
    const api = cli(lk, project);
    const user = await signedInUser(lk, project);
    const other = await signedInUser(lk, project);
    const foreign = await signedInUser(lk, elsewhere);
    const login = await started(lk, project);

    expectKnownError(await api.complete(login.login_code, user.refreshToken), 401, "USER_AUTHENTICATION_REQUIRED");
    for (const token of [other.refreshToken, foreign.refreshToken, "not-a-refresh-token"]) {
      const res = await api.complete(login.login_code, token, user.accessToken);
      expect(res.status).toBe(400);
      expect(res.text).toMatch(/refresh token/);
    }
    // A session of the user's that has ended no longer counts.
    const listIds = async () => ((await lk.call("GET", `/auth/sessions?user_id=${user.id}`, { access: "server", project })).body.items as { id: string }[]).map((s) => s.id);
    const before = await listIds();
    const ended = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: user.id } });
    const endedId = (await listIds()).find((id) => !before.includes(id))!;
    expect((await lk.call("DELETE", `/auth/sessions/${endedId}?user_id=${user.id}`, { access: "server", project })).status).toBe(200);
    const res = await api.complete(login.login_code, ended.body.refresh_token, user.accessToken);
    expectStatusError(res, 400, "cliNotOwnRefreshToken");
    expect((await api.poll(login.polling_code)).body).toEqual({ status: "waiting" });
  });

  it("keeps each login inside its project", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const elsewhere = await lk.createProject();
    const login = await started(lk, project);
    const foreign = await signedInUser(lk, elsewhere);

    expectKnownError(await cli(lk, elsewhere).poll(login.polling_code), 400, "INVALID_POLLING_CODE");
    const res = await cli(lk, elsewhere).complete(login.login_code, foreign.refreshToken, foreign.accessToken);
    expectStatusError(res, 400, "cliInvalidLoginCode");
    expect((await cli(lk, project).poll(login.polling_code)).body).toEqual({ status: "waiting" });
  });

  it("answers INVALID_POLLING_CODE for an unknown polling code and 400 text for an unknown login code", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const api = cli(lk, project);
    const user = await signedInUser(lk, project);
    expectKnownError(await api.poll("0".repeat(45)), 400, "INVALID_POLLING_CODE");
    const res = await api.complete("0".repeat(45), user.refreshToken, user.accessToken);
    expectStatusError(res, 400, "cliInvalidLoginCode");
  });

  it("stores neither code nor the refresh token in the clear", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const api = cli(lk, project);
    const user = await signedInUser(lk, project);
    const login = await started(lk, project);
    expect((await api.complete(login.login_code, user.refreshToken, user.accessToken)).status).toBe(200);

    const stored = await lk.dumpDatabaseText();
    for (const secret of [login.polling_code, login.login_code, user.refreshToken]) expect(stored).not.toContain(secret);
    expect((await api.poll(login.polling_code)).status).toBe(201);
    const afterCollect = await lk.dumpDatabaseText();
    expect(afterCollect).not.toContain(user.refreshToken);
  });
});
