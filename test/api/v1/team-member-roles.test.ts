/**
 * Members' roles (Latchkey only, issue 37 item 6): clients read them with `$read_members` and change
 * them with `$remove_members`, limited to roles whose permissions they hold; servers change any.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";

const missingId = "0b6f5c3e-1d2a-4c8e-9f00-123456789abc";

interface Caller {
  id: string;
  as: { access: "client"; project: ProjectCredentials; headers: Record<string, string> };
}

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string): Promise<Caller> {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: "a fine password" } });
  expect(res.status).toBe(200);
  return { id: res.body.user_id, as: { access: "client", project, headers: { "x-stack-access-token": res.body.access_token } } };
}

function expectError(res: ApiResponse, status: number, code: string, details?: unknown) {
  expect([res.status, res.body.code, res.body.details]).toEqual([status, code, details]);
}

/** The member's direct grants, system ones included. */
async function grantsOf(lk: TestInstance, project: ProjectCredentials, teamId: string, userId: string) {
  return (await lk.deps.queries.permissions.teamGrants(project.id, { teamId, userId })).map((g) => g.permissionId).sort();
}

describe.each(testDialects)("team member roles on %s", (dialect) => {
  it("lists the roles and lets members with $remove_members change other members' roles within what they hold", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({
      configOverride: {
        "teams.allowClientTeamCreation": true,
        // `owner` contains `billing`, which a team admin lacks; `billing` contains nothing; `audit` is project scope.
        "rbac.permissions.owner": { scope: "team", containedPermissionIds: { team_admin: true, billing: true } },
        "rbac.permissions.billing": { scope: "team", description: "Pays the bills", containedPermissionIds: {} },
        "rbac.permissions.audit": { scope: "project", containedPermissionIds: {} },
      },
    });
    const server = { access: "server" as const, project };
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const carol = await signUp(lk, project, "carol@example.com");
    const created = await lk.call("POST", "/teams", { ...ada.as, body: { display_name: "Lab" } });
    const lab: string = created.body.id;
    for (const user of [bob, carol]) {
      lk.clock.advance(1000);
      expect((await lk.call("POST", `/team-memberships/${lab}/${user.id}`, { ...server, body: {} })).status).toBe(201);
    }
    await lk.deps.queries.permissions.grantTeam(project.id, lab, bob.id, "$update_team", lk.clock.now());
    const required = (user: Caller, permission_id: string) => ["TEAM_PERMISSION_REQUIRED", { team_id: lab, user_id: user.id, permission_id }] as const;
    const put = (who: Caller["as"] | typeof server, userId: string, roleIds: string[]) =>
      lk.call("PUT", `/team-member-roles/${lab}/${userId}`, { ...who, body: { role_ids: roleIds } });

    // Ada (team admin) sees every role, every member's, and may change all but `owner`.
    const listed = await lk.call("GET", `/team-member-roles?team_id=${lab}`, ada.as);
    expect(listed.status).toBe(200);
    expect(listed.body.roles.map((r: { id: string }) => r.id)).toEqual(["billing", "owner", "team_admin", "team_member"]);
    expect(listed.body.roles[0]).toEqual({ id: "billing", description: "Pays the bills", contained_permission_ids: [] });
    expect(listed.body.members).toEqual([
      { user_id: ada.id, role_ids: ["team_admin"] },
      { user_id: bob.id, role_ids: ["team_member"] },
      { user_id: carol.id, role_ids: ["team_member"] },
    ]);
    expect(listed.body.assignable_role_ids).toEqual(["billing", "team_admin", "team_member"]);

    // Bob may read the roles ($read_members) but change none; a stranger reads nothing.
    expect((await lk.call("GET", `/team-member-roles?team_id=${lab}`, bob.as)).body.assignable_role_ids).toEqual([]);
    expectError(await put(bob.as, carol.id, []), 401, ...required(bob, "$remove_members"));
    const dave = await signUp(lk, project, "dave@example.com");
    expectError(await lk.call("GET", `/team-member-roles?team_id=${lab}`, dave.as), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: lab, user_id: dave.id });
    expectError(await put(dave.as, carol.id, []), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: lab, user_id: dave.id });
    expectError(await lk.call("GET", `/team-member-roles?team_id=${missingId}`, ada.as), 404, "TEAM_NOT_FOUND", { team_id: missingId });

    // Ada makes Bob an admin with billing: his team_member grant goes, the directly granted $update_team stays.
    const changed = await put(ada.as, bob.id, ["team_admin", "billing"]);
    expect([changed.status, changed.body]).toEqual([200, { user_id: bob.id, role_ids: ["billing", "team_admin"] }]);
    expect(await grantsOf(lk, project, lab, bob.id)).toEqual(["$update_team", "billing", "team_admin"]);

    // Nobody hands out more than they hold: `owner` contains `billing`, which Ada lacks; nor changes their own roles.
    expectError(await put(ada.as, carol.id, ["owner"]), 401, ...required(ada, "billing"));
    expect(await grantsOf(lk, project, lab, carol.id)).toEqual(["team_member"]);
    expectStatusError(await put(ada.as, ada.id, ["billing"]), 403, "teamRolesNotOwn");
    expectStatusError(await put(ada.as, "me", []), 403, "teamRolesNotOwn");
    expect(await grantsOf(lk, project, lab, ada.id)).toEqual(["team_admin"]);

    // Ids that are no team role are refused before anything changes.
    expectError(await put(ada.as, carol.id, ["nope"]), 404, "PERMISSION_NOT_FOUND", { permission_id: "nope" });
    expectError(await put(ada.as, carol.id, ["audit"]), 404, "WRONG_PERMISSION_SCOPE", { permission_id: "audit", expected_scope: "team", actual_scope: "project" });
    expect((await put(ada.as, carol.id, ["$read_members"])).body.code).toBe("SCHEMA_ERROR");
    expectError(await put(ada.as, dave.id, []), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: lab, user_id: dave.id });

    // Servers may give any role, and take every role away.
    expect((await put(server, carol.id, ["owner"])).body).toEqual({ user_id: carol.id, role_ids: ["owner"] });
    expect((await put(server, carol.id, [])).body).toEqual({ user_id: carol.id, role_ids: [] });
    expect(await grantsOf(lk, project, lab, carol.id)).toEqual([]);
    expect((await lk.call("GET", `/team-member-roles?team_id=${lab}`, server)).body.assignable_role_ids).toEqual(["billing", "owner", "team_admin", "team_member"]);
  });
});
