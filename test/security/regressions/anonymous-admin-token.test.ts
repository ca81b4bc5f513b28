/**
 * Issue 35, finding 17 (a mutation audit found it unguarded): an anonymous internal-project user never owns
 * a project, whatever team they are in, so their access token is refused as an admin access token where a
 * project owner's, from the same owner team, is accepted.
 */
import { describe, expect, it } from "vitest";
import { addTeamMember } from "../../../server/services/teams.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type TestInstance } from "../../support/instance.js";
import { expectKnownError } from "../../support/known-errors.js";

/** GET /internal/projects/current as admin of `projectId`, with an admin access token and no keys. */
function asAdmin(lk: TestInstance, projectId: string, adminToken: string): Promise<ApiResponse> {
  return lk.call("GET", "/internal/projects/current", {
    headers: { "x-stack-access-type": "admin", "x-stack-project-id": projectId, "x-stack-admin-access-token": adminToken },
  });
}

describe.each(testDialects)("an anonymous user's admin access token on %s", (dialect) => {
  it("is refused with ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN where an owner's from the same team is accepted", async () => {
    await using lk = await createTestInstance(dialect);
    const signUp = await lk.call("POST", "/auth/password/sign-up", {
      access: "client",
      body: { email: "owner@example.com", password: "owner password", verification_callback_url: "http://localhost:8102/handler/email-verification" },
    });
    const ownerToken = signUp.body.access_token as string;
    const me = await lk.call("GET", "/users/me", { access: "client", headers: { "x-stack-access-token": ownerToken } });
    const ownerTeamId = me.body.selected_team_id as string;
    const project = await lk.call("POST", "/internal/projects", { access: "client", headers: { "x-stack-access-token": ownerToken }, body: { display_name: "Shop", owner_team_id: ownerTeamId } });
    expect(project.status).toBe(201);

    const anonymous = await lk.call("POST", "/auth/anonymous/sign-up", { access: "client", body: {} });
    expect(anonymous.status).toBe(200);
    const internal = (await lk.deps.queries.projects.find("internal"))!;
    await addTeamMember(lk.deps, internal, ownerTeamId, anonymous.body.user_id as string);
    expect(await lk.deps.queries.teams.isMember("internal", ownerTeamId, anonymous.body.user_id as string)).toBe(true);

    expect((await asAdmin(lk, project.body.id as string, ownerToken)).body.id).toBe(project.body.id);
    expectKnownError(await asAdmin(lk, project.body.id as string, anonymous.body.access_token as string), 401, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");
  });
});
