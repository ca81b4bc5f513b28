/**
 * `GET /internal/metrics` (misc.md §4): totals, 31 UTC days of sign-ups and of active users,
 * recent users and sign-in methods, on a manual clock.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";

const DAY = 86_400_000;
const today = Date.UTC(2026, 2, 10, 12); // 2026-03-10 12:00 UTC
const at = (daysAgo: number, hours = 0) => today - daysAgo * DAY + hours * 3_600_000;
const dateOf = (daysAgo: number) => new Date(at(daysAgo)).toISOString().slice(0, 10);
const password = "correct horse battery";

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string) {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password, verification_callback_url: "http://localhost:3000/v" } });
  expect(res.status, res.text).toBe(200);
  return res.body as { user_id: string; refresh_token: string; access_token: string };
}

/** The non-zero days of a daily series, as `daysAgo -> count`. */
function nonZero(series: { date: string; activity: number }[]): Record<number, number> {
  return Object.fromEntries(series.filter((d) => d.activity > 0).map((d) => [Math.round((Date.parse(dateOf(0)) - Date.parse(d.date)) / DAY), d.activity]));
}

describe.each(testDialects)("project metrics on %s", (dialect) => {
  it("counts users, sign-ups and active users per UTC day, recent users and sign-in methods", async () => {
    await using lk = await createTestInstance(dialect, { logLevel: "error" });
    // The project (and its keys, valid for a day from now) is made on the last day; the clock then goes back.
    lk.clock.set(at(0));
    const project = await lk.createProject({
      configOverride: { "auth.oauth.providers.gh": { type: "github", isShared: true, allowSignIn: true, allowConnectedAccounts: false } },
    });
    const server = { access: "server" as const, project };

    lk.clock.set(at(40));
    const a = await signUp(lk, project, "a@example.test"); // before the window
    lk.clock.set(at(5, -11)); // 01:00 UTC
    const b = await signUp(lk, project, "b@example.test");
    lk.clock.set(at(5, 11)); // 23:00 UTC, same day
    const c = await signUp(lk, project, "c@example.test");
    lk.clock.set(at(2));
    const bAgain = await lk.call("POST", "/auth/password/sign-in", { access: "client", project, body: { email: "b@example.test", password } });
    expect(bAgain.status, bAgain.text).toBe(200);
    const link = await lk.call("POST", "/oauth-providers", {
      ...server,
      body: { user_id: b.user_id, provider_config_id: "gh", account_id: "gh-b", allow_sign_in: true, allow_connected_accounts: false },
    });
    expect(link.status, link.text).toBe(201);
    lk.clock.set(at(1));
    const refreshed = await lk.call("POST", "/auth/oauth/token", {
      body: { grant_type: "refresh_token", refresh_token: a.refresh_token, client_id: project.id, client_secret: project.keys.publishableClientKey },
    });
    expect(refreshed.status, refreshed.text).toBe(200);
    const anonymous = await lk.call("POST", "/auth/anonymous/sign-up", { access: "client", project });
    expect(anonymous.status, anonymous.text).toBe(200);
    lk.clock.set(at(0));
    const e = await lk.call("POST", "/users", { ...server, body: { primary_email: "e@example.test" } });
    expect(e.status, e.text).toBe(201);

    const res = await lk.call("GET", "/internal/metrics", { access: "admin", project });
    expect(res.status, res.text).toBe(200);
    const m = res.body;
    expect(m.total_users).toBe(4);
    expect(m.daily_users).toHaveLength(31);
    expect(m.daily_users[0].date).toBe(dateOf(30));
    expect(m.daily_users[30].date).toBe(dateOf(0));
    expect(m.daily_active_users.map((d: { date: string }) => d.date)).toEqual(m.daily_users.map((d: { date: string }) => d.date));
    expect(nonZero(m.daily_users)).toEqual({ 5: 2, 0: 1 });
    expect(nonZero(m.daily_active_users)).toEqual({ 5: 2, 2: 1, 1: 1 });
    expect(m.users_by_country).toEqual({});
    expect(m.recently_registered.map((u: { id: string }) => u.id)).toEqual([e.body.id, c.user_id, b.user_id, a.user_id]);
    expect(m.recently_active.map((u: { id: string }) => u.id)).toEqual([e.body.id, a.user_id, b.user_id, c.user_id]);
    expect(m.recently_registered[2].oauth_providers).toEqual([{ id: "gh", account_id: "gh-b", email: null }]);
    expect(m.login_methods).toEqual([
      { method: "password", count: 3 },
      { method: "github", count: 1 },
    ]);

    const withAnonymous = (await lk.call("GET", "/internal/metrics?include_anonymous=true", { access: "admin", project })).body;
    expect(withAnonymous.total_users).toBe(5);
    expect(nonZero(withAnonymous.daily_users)).toEqual({ 5: 2, 1: 1, 0: 1 });
    expect(nonZero(withAnonymous.daily_active_users)).toEqual({ 5: 2, 2: 1, 1: 2 });
    expect(withAnonymous.recently_registered.map((u: { id: string }) => u.id)).toEqual([e.body.id, anonymous.body.user_id, c.user_id, b.user_id, a.user_id]);

    // Another project's metrics show none of these users; clients and servers may not read metrics.
    const other = await lk.createProject();
    const empty = (await lk.call("GET", "/internal/metrics", { access: "admin", project: other })).body;
    expect([empty.total_users, empty.recently_registered, empty.login_methods, nonZero(empty.daily_users)]).toEqual([0, [], [], {}]);
    expect((await lk.call("GET", "/internal/metrics", { access: "server", project })).status).toBe(401);
  });
});
