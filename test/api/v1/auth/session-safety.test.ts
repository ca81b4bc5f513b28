import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";

async function signIn(lk: TestInstance, project: ProjectCredentials, email: string) {
  const res = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email, password: "session safety 1" } });
  expect(res.status).toBe(200);
  return res.body as { access_token: string; refresh_token: string; user_id: string };
}

function refresh(lk: TestInstance, project: ProjectCredentials, refreshToken: string) {
  return lk.call("POST", "/auth/oauth/token", {
    form: true,
    body: { grant_type: "refresh_token", refresh_token: refreshToken, client_id: project.id, client_secret: project.keys.publishableClientKey },
  });
}

describe.each(testDialects)("session safety on %s", (dialect) => {
  it("lets many tabs refresh one token at once without signing anyone out", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "tabs@example.com", primary_email_auth_enabled: true, password: "session safety 1" } });
    const session = await signIn(lk, project, "tabs@example.com");
    lk.clock.advance(120_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => refresh(lk, project, session.refresh_token)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const me = await lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": results[19]!.body.access_token } });
    expect(me.body.id).toBe(session.user_id);
    expect((await refresh(lk, project, session.refresh_token)).status).toBe(200);
  });

  it("refuses a refresh token, stolen or not, once its session is revoked, and ends all sessions at once", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "many@example.com", primary_email_auth_enabled: true, password: "session safety 1" } });
    const laptop = await signIn(lk, project, "many@example.com");
    const phone = await signIn(lk, project, "many@example.com");
    const tablet = await signIn(lk, project, "many@example.com");

    const sessions = await lk.call("GET", "/auth/sessions?user_id=me", { access: "client", project, headers: { "x-stack-access-token": laptop.access_token } });
    const phoneSession = sessions.body.items.find((s: { id: string; is_current_session: boolean }) => !s.is_current_session);
    await lk.call("DELETE", `/auth/sessions/${phoneSession.id}?user_id=me`, { access: "client", project, headers: { "x-stack-access-token": laptop.access_token } });
    const revokedRefresh = [phone, tablet].map((s) => s.refresh_token);
    const outcomes = await Promise.all(revokedRefresh.map((t) => refresh(lk, project, t)));
    expect(outcomes.filter((o) => o.status === 401).map((o) => o.body.code)).toEqual(["REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"]);

    const ended = await lk.call("DELETE", "/auth/sessions?user_id=me", { access: "client", project, headers: { "x-stack-access-token": laptop.access_token } });
    expect(ended.body).toEqual({ success: true, ended_sessions: 1 });
    for (const s of [phone, tablet]) expect((await refresh(lk, project, s.refresh_token)).body.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expect((await refresh(lk, project, laptop.refresh_token)).status).toBe(200);

    const all = await lk.call("DELETE", `/auth/sessions?user_id=${laptop.user_id}&include_current=true`, { access: "server", project });
    expect(all.body).toEqual({ success: true, ended_sessions: 1 });
    expect((await refresh(lk, project, laptop.refresh_token)).body.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    const stale = await lk.call("GET", "/users/me", { access: "client", project, headers: { "x-stack-access-token": laptop.access_token } });
    expect(stale.body.code).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
  });
});
