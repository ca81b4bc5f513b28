/**
 * Sessions keep where they were started (issue 37 item 9): the User-Agent and the client's address of
 * the request that signed in, written by the session's own insert and listed with the session
 * (`last_used_at_end_user_ip_info.ip`, Stack's field, and `user_agent`, a Latchkey field).
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";

const CHROME_ON_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

type ListedSession = { id: string; is_current_session: boolean; last_used_at_end_user_ip_info?: { ip: string }; user_agent?: string | null };

describe.each(testDialects)("session origin on %s", (dialect) => {
  it("lists the browser and address each session was started from, and keeps them across refreshes", async () => {
    // Behind one trusted proxy, the X-Forwarded-For entry it appends is the client's address.
    await using lk = await createTestInstance(dialect, { trustProxy: { kind: "hops", hops: 1 } });
    const project = await lk.createProject();
    const client = { access: "client" as const, project };
    const body = { email: "ada@example.com", password: "a long enough password 7" };
    const signUp = await lk.call("POST", "/auth/password/sign-up", { ...client, body, headers: { "user-agent": CHROME_ON_MAC, "x-forwarded-for": "203.0.113.7" } });
    expect(signUp.status).toBe(200);
    const signIn = await lk.call("POST", "/auth/password/sign-in", { ...client, body, headers: { "user-agent": FIREFOX_ON_LINUX, "x-forwarded-for": "2001:db8::5" } });
    expect(signIn.status).toBe(200);
    // A refresh from elsewhere writes nothing about its origin.
    const refresh = await lk.call("POST", "/auth/sessions/current/refresh", { ...client, headers: { "x-stack-refresh-token": signUp.body.refresh_token, "user-agent": "curl/8", "x-forwarded-for": "198.51.100.1" } });
    expect(refresh.status).toBe(200);

    const list = await lk.call("GET", "/auth/sessions?user_id=me", { ...client, headers: { "x-stack-access-token": signUp.body.access_token } });
    expect(list.status).toBe(200);
    const items = list.body.items as ListedSession[];
    const pick = ({ last_used_at_end_user_ip_info, user_agent, is_current_session }: ListedSession) => ({ last_used_at_end_user_ip_info, user_agent, is_current_session });
    // Both may share a millisecond, so their order is not asserted.
    expect(items.map(pick).sort((a, b) => Number(a.is_current_session) - Number(b.is_current_session))).toEqual([
      { last_used_at_end_user_ip_info: { ip: "2001:db8::5" }, user_agent: FIREFOX_ON_LINUX, is_current_session: false },
      { last_used_at_end_user_ip_info: { ip: "203.0.113.7" }, user_agent: CHROME_ON_MAC, is_current_session: true },
    ]);
  });

  it("takes the end user's address a server names, and leaves out what it does not know", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com" } });
    // A server signing its user in names the browser's address; the forwarded-for header of an untrusted peer is ignored.
    const named = await lk.call("POST", "/auth/sessions", {
      access: "server",
      project,
      body: { user_id: user.body.id },
      headers: { "x-latchkey-end-user-ip": "192.0.2.44", "user-agent": CHROME_ON_MAC, "x-forwarded-for": "203.0.113.9" },
    });
    expect(named.status).toBe(200);
    const unknown = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: user.body.id }, headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(unknown.status).toBe(200);

    const list = await lk.call("GET", `/auth/sessions?user_id=${user.body.id}`, { access: "server", project });
    const items = list.body.items as ListedSession[];
    expect(items).toHaveLength(2);
    const byIp = (ip: string | undefined) => items.find((s) => s.last_used_at_end_user_ip_info?.ip === ip);
    expect(byIp("192.0.2.44")?.user_agent).toBe(CHROME_ON_MAC);
    const other = items.find((s) => s !== byIp("192.0.2.44"))!;
    expect(other).not.toHaveProperty("last_used_at_end_user_ip_info");
    expect(other.user_agent ?? null).toBeNull();
  });
});
