/**
 * Project administration (issue 22 part 5): transfer between the owner's teams, production-mode
 * problems, and the version check and API root of misc.md §6.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../../support/instance.js";
import { expectStatusError } from "../../../support/known-errors.js";

const password = "correct horse battery";

async function internalUser(lk: TestInstance, email: string) {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", body: { email, password, verification_callback_url: "http://localhost:3000/v" } });
  expect(res.status, res.text).toBe(200);
  const headers = { "x-stack-access-token": res.body.access_token as string };
  const me = await lk.call("GET", "/users/me", { access: "client", headers });
  return { id: res.body.user_id as string, token: res.body.access_token as string, headers, teamId: me.body.selected_team_id as string };
}

describe.each(testDialects)("project administration on %s", (dialect) => {
  it("transfers a project to another team of a team admin of its owner team, and records it", async () => {
    await using lk = await createTestInstance(dialect);
    const owner = await internalUser(lk, "owner@example.test");
    const other = await lk.call("POST", "/teams", { access: "client", headers: owner.headers, body: { display_name: "Second", creator_user_id: "me" } });
    expect(other.status, other.text).toBe(201);
    const created = await lk.call("POST", "/internal/projects", { access: "client", headers: owner.headers, body: { display_name: "Moving", owner_team_id: owner.teamId } });
    expect(created.status, created.text).toBe(201);
    const projectId = created.body.id as string;
    const transfer = (who: { headers: Record<string, string> }, body: unknown) => lk.call("POST", "/internal/projects/transfer", { access: "client", headers: who.headers, body });

    const res = await transfer(owner, { project_id: projectId, new_team_id: other.body.id });
    expect([res.status, res.body]).toEqual([200, { success: "true" }]);
    const listed = await lk.call("GET", "/internal/projects", { access: "client", headers: owner.headers });
    expect(listed.body.items.find((p: { id: string }) => p.id === projectId).owner_team_id).toBe(other.body.id);
    const asOwner = { "x-stack-access-type": "admin", "x-stack-project-id": projectId, "x-stack-admin-access-token": owner.token };
    const audit = await lk.call("GET", "/internal/audit-log?event=project.transferred", { headers: asOwner });
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.items.map((e: { payload: unknown; actor: unknown }) => [e.payload, e.actor])).toEqual([[{ from_team_id: owner.teamId, to_team_id: other.body.id }, { access_type: "client", user_id: owner.id }]]);

    // A plain member of the owner team may not move it; a stranger learns nothing about it.
    const member = await internalUser(lk, "member@example.test");
    expect((await lk.call("POST", `/team-memberships/${other.body.id}/${member.id}`, { access: "server" })).status).toBe(201);
    const denied = await transfer(member, { project_id: projectId, new_team_id: member.teamId });
    expect([denied.status, denied.body.code]).toEqual([401, "TEAM_PERMISSION_REQUIRED"]);
    const stranger = await internalUser(lk, "stranger@example.test");
    const hidden = await transfer(stranger, { project_id: projectId, new_team_id: stranger.teamId });
    expect([hidden.status, hidden.body]).toMatchObject([404, { code: "PROJECT_NOT_FOUND", details: { project_id: projectId } }]);
    const unknown = await transfer(owner, { project_id: "no-such-project", new_team_id: owner.teamId });
    expect([unknown.status, unknown.body.code]).toEqual([404, "PROJECT_NOT_FOUND"]);
    // The owner may only move it to a team they belong to.
    const notMember = await transfer(owner, { project_id: projectId, new_team_id: stranger.teamId });
    expect([notMember.status, notMember.body]).toMatchObject([404, { code: "TEAM_MEMBERSHIP_NOT_FOUND", details: { team_id: stranger.teamId, user_id: owner.id } }]);
    expectStatusError(await transfer(owner, { project_id: "internal", new_team_id: owner.teamId }), 400, "projectWithoutOwner");
    const after = await lk.call("GET", "/internal/projects", { access: "client", headers: owner.headers });
    expect(after.body.items.find((p: { id: string }) => p.id === projectId).owner_team_id).toBe(other.body.id);

    // Only on the internal project, and only for a signed-in user.
    const elsewhere = await lk.createProject();
    const wrongProject = await lk.call("POST", "/internal/projects/transfer", { access: "client", project: elsewhere, body: { project_id: projectId, new_team_id: owner.teamId } });
    expect(wrongProject.body.code).toBe("EXPECTED_INTERNAL_PROJECT");
    const signedOut = await lk.call("POST", "/internal/projects/transfer", { access: "client", body: { project_id: projectId, new_team_id: owner.teamId } });
    expect(signedOut.body.code).toBe("USER_AUTHENTICATION_REQUIRED");
  });

  it("transfers as Stack's SDK asks: through the owned project's admin app, the owner's token in both headers", async () => {
    await using lk = await createTestInstance(dialect);
    const owner = await internalUser(lk, "sdk-owner@example.test");
    const other = await lk.call("POST", "/teams", { access: "client", headers: owner.headers, body: { display_name: "Second", creator_user_id: "me" } });
    const created = await lk.call("POST", "/internal/projects", { access: "client", headers: owner.headers, body: { display_name: "Moving", owner_team_id: owner.teamId } });
    const projectId = created.body.id as string;
    const sdkHeaders = (token: string) => ({
      "x-stack-access-type": "admin",
      "x-stack-project-id": projectId,
      "x-stack-admin-access-token": token,
      "x-stack-access-token": token,
    });
    const res = await lk.call("POST", "/internal/projects/transfer", { headers: sdkHeaders(owner.token), body: { project_id: projectId, new_team_id: other.body.id } });
    expect([res.status, res.body]).toEqual([200, { success: "true" }]);
    const listed = await lk.call("GET", "/internal/projects", { access: "client", headers: owner.headers });
    expect(listed.body.items.find((p: { id: string }) => p.id === projectId).owner_team_id).toBe(other.body.id);

    // Someone else's token is no owner's, and an access token of another project still names no user here.
    const stranger = await internalUser(lk, "sdk-stranger@example.test");
    const refused = await lk.call("POST", "/internal/projects/transfer", { headers: sdkHeaders(stranger.token), body: { project_id: projectId, new_team_id: stranger.teamId } });
    expect(refused.body.code).toBe("ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");
    const mixed = await lk.call("POST", "/internal/projects/transfer", {
      headers: { ...sdkHeaders(owner.token), "x-stack-access-token": stranger.token },
      body: { project_id: projectId, new_team_id: owner.teamId },
    });
    expect(mixed.body.code).toBe("INVALID_PROJECT_FOR_ACCESS_TOKEN");
    // With the keys of the project (no owner), the transfer is only for the internal project's users.
    const keyed = await lk.createProject();
    const withKeys = await lk.call("POST", "/internal/projects/transfer", { access: "admin", project: keyed, body: { project_id: keyed.id, new_team_id: owner.teamId } });
    expect(withKeys.body.code).toBe("EXPECTED_INTERNAL_PROJECT");
  });

  it("lists the production-mode problems of the configuration, each with its fix link", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const problems = async () => (await lk.call("GET", "/internal/projects/current/production-mode-problems", { access: "admin", project })).body.items;
    const fix = `/projects/${project.id}/domains`;
    expect(await problems()).toEqual([{ message: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings", relative_fix_url: fix }]);

    const domains = ["https://app.example.com", "http://localhost:3000", "https://app.localhost", "https://10.0.0.7", "http://example.org", "https://*.example.net"];
    const patched = await lk.call("PATCH", "/internal/projects/current", {
      access: "admin",
      project,
      body: { config: { allow_localhost: false, domains: domains.map((domain) => ({ domain, handler_path: "/handler" })) } },
    });
    expect(patched.status, patched.text).toBe(200);
    // In the order of the domains' URLs.
    expect(await problems()).toEqual([
      { message: "Trusted domains should be HTTPS: http://example.org", relative_fix_url: fix },
      { message: "Localhost domains are not allowed to be trusted in production mode: http://localhost:3000", relative_fix_url: fix },
      { message: "Direct IPs are not valid for trusted domains in production mode: https://10.0.0.7", relative_fix_url: fix },
      { message: "Localhost domains are not allowed to be trusted in production mode: https://app.localhost", relative_fix_url: fix },
    ]);
    expect((await lk.call("GET", "/internal/projects/current/production-mode-problems", { access: "server", project })).status).toBe(401);
  });

  it("answers the version check: 2.8 and later are up to date, older or invalid versions are severe", async () => {
    await using lk = await createTestInstance(dialect);
    const check = async (clientVersion: string) => (await lk.call("POST", "/check-version", { body: { clientVersion } })).body;
    expect(await check("2.8.39")).toEqual({ upToDate: true });
    expect(await check("2.9.0-beta.1")).toEqual({ upToDate: true });
    expect(await check("2.7.12")).toMatchObject({ upToDate: false, severe: true, error: expect.stringContaining("v2.7.12") });
    expect(await check("banana")).toEqual({
      upToDate: false,
      severe: true,
      error: "The client version you specified (vbanana) is not a valid semver version. Please update to the latest version as soon as possible to ensure that you get the latest feature and security updates.",
    });
    expect((await lk.call("POST", "/check-version", { body: {} })).body.code).toBe("SCHEMA_ERROR");
  });

  it("greets at the API root with Stack's text, naming the access level, project and user", async () => {
    await using lk = await createTestInstance(dialect);
    const welcome = "Welcome to the Stack API endpoint! Please refer to the documentation at https://docs.stack-auth.com.\n\n";
    const anonymous = await lk.call("GET", "");
    expect([anonymous.status, anonymous.headers.get("content-type"), anonymous.text]).toEqual([200, expect.stringContaining("text/plain"), `${welcome}Authentication: None`]);
    expect((await lk.call("GET", "", { access: "server" })).text).toBe(`${welcome}Authentication: Server\n  Project: internal\n  User: None`);
    const user = await internalUser(lk, "root@example.test");
    expect((await lk.call("GET", "", { access: "client", headers: user.headers })).text).toBe(`${welcome}Authentication: Client\n  Project: internal\n  User: root@example.test`);
    const withQuery = await lk.app.request("/api/v1?x=1");
    expect(withQuery.status).toBe(400);
    expect(((await withQuery.json()) as { code: string }).code).toBe("SCHEMA_ERROR");
  });
});
