/**
 * Impersonation links (issue 37 item 7): an admin gets a one-time link instead of raw tokens; the app's
 * magic-link callback redeems its code once for a one-hour impersonation session; both steps are audited.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { expectKnownError } from "../../../support/known-errors.js";

describe.each(testDialects)("impersonation links on %s", (dialect) => {
  it("opens a one-hour impersonation session once, through the hosted magic-link callback, and audits both steps", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "domains.allowLocalhost": false } });
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com" } });
    const link = await lk.call("POST", "/internal/impersonation-links", { access: "admin", project, body: { user_id: user.body.id } });
    expect(link.status, link.text).toBe(201);
    const url = new URL(link.body.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${lk.deps.config.publicUrl}/handler/magic-link-callback`);
    expect(url.searchParams.get("project_id")).toBe(project.id);
    expect(link.body.expires_at_millis).toBe(lk.clock.now().getTime() + 5 * 60 * 1000);
    expect(JSON.stringify(link.body)).not.toMatch(/access_token|refresh_token/);

    const code = url.searchParams.get("code")!;
    const signedIn = await lk.call("POST", "/auth/otp/sign-in", { access: "client", project, body: { code } });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body).toMatchObject({ user_id: user.body.id, is_new_user: false });
    const sessions = await lk.call("GET", `/auth/sessions?user_id=${user.body.id}`, { access: "admin", project });
    expect(sessions.body.items).toHaveLength(1);
    expect(sessions.body.items[0]).toMatchObject({ is_impersonation: true });

    expectKnownError(await lk.call("POST", "/auth/otp/sign-in", { access: "client", project, body: { code } }), 409, "VERIFICATION_CODE_ALREADY_USED");

    const log = await lk.call("GET", "/internal/audit-log", { access: "admin", project });
    const events = (log.body.items as { event: string; payload: Record<string, unknown>; actor: { access_type: string | null } }[]).filter((e) => e.event.startsWith("session."));
    expect(events.map((e) => e.event)).toEqual(["session.created", "session.impersonation_link_created"]);
    expect(events[0]).toMatchObject({ payload: { user_id: user.body.id, is_impersonation: true }, actor: { access_type: "admin" } });
    expect(events[1]).toMatchObject({ payload: { user_id: user.body.id, expires_at_millis: link.body.expires_at_millis } });
  });

  it("refuses an expired link, an unknown user and a callback outside the trusted domains; a trusted callback is kept", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "domains.allowLocalhost": false, "domains.trustedDomains.app": { baseUrl: "https://app.example.com", handlerPath: "/handler" } } });
    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com" } });
    const create = (body: Record<string, unknown>) => lk.call("POST", "/internal/impersonation-links", { access: "admin", project, body });

    const missing = "00000000-0000-4000-8000-000000000000";
    expectKnownError(await create({ user_id: missing }), 400, "USER_ID_DOES_NOT_EXIST", { user_id: missing });
    expectKnownError(await create({ user_id: user.body.id, callback_url: "https://evil.example.net/handler/magic-link-callback" }), 400, "REDIRECT_URL_NOT_WHITELISTED");
    expect((await lk.call("POST", "/internal/impersonation-links", { access: "server", project, body: { user_id: user.body.id } })).status).toBe(401);

    const trusted = await create({ user_id: user.body.id, callback_url: "https://app.example.com/handler/magic-link-callback" });
    expect(trusted.status).toBe(201);
    expect(trusted.body.url).toMatch(/^https:\/\/app\.example\.com\/handler\/magic-link-callback\?code=[0-9a-z]{45}$/);

    lk.clock.advance(5 * 60 * 1000);
    const code = new URL(trusted.body.url).searchParams.get("code")!;
    expectKnownError(await lk.call("POST", "/auth/otp/sign-in", { access: "client", project, body: { code } }), 400, "VERIFICATION_CODE_EXPIRED");
    // Another project's client cannot redeem it either.
    const other = await lk.createProject({ configOverride: { "auth.otp.allowSignIn": true } });
    expectKnownError(await lk.call("POST", "/auth/otp/sign-in", { access: "client", project: other, body: { code } }), 404, "VERIFICATION_CODE_NOT_FOUND");
  });
});
