/**
 * Stack's backend answers on the team and permission endpoints (reference/wire/backend-fidelity.md §5
 * rows T1, T2, T5, and the §9 texts M30–M33, M36 that these endpoints answer).
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../support/instance.js";

async function member(lk: TestInstance, project: ProjectCredentials) {
  const user = await lk.call("POST", "/users", { access: "server", project, body: {} });
  const session = await lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: user.body.id } });
  const headers = { "x-stack-access-token": session.body.access_token as string };
  return { id: user.body.id as string, call: (method: string, path: string, body?: unknown) => lk.call(method, path, { access: "client", project, headers, body }) };
}

function expectText(res: ApiResponse, status: number, text: string) {
  expect([res.status, res.headers.get("x-stack-known-error"), res.text]).toEqual([status, null, text]);
}

function expectStackError(res: ApiResponse, status: number, code: string, error: string) {
  expect([res.status, res.headers.get("x-stack-known-error"), res.body.error]).toEqual([status, code, error]);
}

describe.each(testDialects)("teams and permissions as Stack's backend answers them on %s", (dialect) => {
  it("T1/M30: ignores a body sent with DELETE /teams/{id}: permission refusal for a plain member, success for the server", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const bob = await member(lk, project);
    const team = await lk.call("POST", "/teams", { access: "server", project, body: { display_name: "Lab" } });
    await lk.call("POST", `/team-memberships/${team.body.id}/${bob.id}`, { access: "server", project, body: {} });

    const refused = await bob.call("DELETE", `/teams/${team.body.id}`, { display_name: "Lab" });
    expectStackError(refused, 401, "TEAM_PERMISSION_REQUIRED", `User ${bob.id} does not have permission $delete_team in team ${team.body.id}.`);
    expect(refused.body.details).toEqual({ permission_id: "$delete_team", team_id: team.body.id, user_id: bob.id });
    const deleted = await lk.call("DELETE", `/teams/${team.body.id}`, { access: "server", project, body: { display_name: "Lab" } });
    expect([deleted.status, deleted.body]).toEqual([200, { success: true }]);
  });

  it("T2: refuses a client creating a team for someone else with Stack's text", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: { "teams.allowClientTeamCreation": true } });
    const ada = await member(lk, project);
    const bob = await member(lk, project);
    expectText(await ada.call("POST", "/teams", { display_name: "Lab", creator_user_id: bob.id }), 403,
      "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.");
  });

  it("T5/M31–M33/M36: permission listings of others, memberships and definitions answer Stack's texts", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await member(lk, project);
    const bob = await member(lk, project);
    const server = (method: string, path: string, body?: unknown) => lk.call(method, path, { access: "server", project, body });
    const team = await server("POST", "/teams", { display_name: "Lab" });
    await server("POST", `/team-memberships/${team.body.id}/${ada.id}`, {});

    const ownOnly = 'Client can only list permissions for their own user. user_id must be either "me" or the ID of the current user';
    expectText(await ada.call("GET", `/team-permissions?team_id=${team.body.id}&user_id=${bob.id}`), 403, ownOnly);
    expectText(await ada.call("GET", `/project-permissions?user_id=${bob.id}`), 403, ownOnly);

    expectStackError(await server("POST", `/team-memberships/${team.body.id}/${ada.id}`, {}), 409, "TEAM_MEMBERSHIP_ALREADY_EXISTS", "Team membership already exists.");
    expectStackError(await server("POST", `/team-permissions/${team.body.id}/${bob.id}/team_member`, {}), 404, "TEAM_MEMBERSHIP_NOT_FOUND",
      `User ${bob.id} is not found in team ${team.body.id}.`);
    expectStackError(await server("POST", `/team-permissions/${team.body.id}/${ada.id}/no_such_permission`, {}), 404, "PERMISSION_NOT_FOUND",
      'Permission "no_such_permission" not found. Make sure you created it on the dashboard.');
    const admin = (method: string, path: string, body?: unknown) => lk.call(method, path, { access: "admin", project, body });
    expect((await admin("POST", "/team-permission-definitions", { id: "reader" })).status).toBe(201);
    expectStackError(await admin("POST", "/team-permission-definitions", { id: "reader" }), 400, "PERMISSION_ID_ALREADY_EXISTS",
      'Permission with ID "reader" already exists. Choose a different ID.');
  });

  it("T6: lists the built-in team permission definitions with Stack's descriptions, in Stack's order", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const res = await lk.call("GET", "/team-permission-definitions", { access: "admin", project });
    const system = ["$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team"];
    expect(res.body.items).toEqual([
      { id: "$delete_team", description: "Delete the team", contained_permission_ids: [] },
      { id: "$invite_members", description: "Invite other users to the team", contained_permission_ids: [] },
      { id: "$manage_api_keys", description: "Create and manage API keys for the team", contained_permission_ids: [] },
      { id: "$read_members", description: "Read and list the other members of the team", contained_permission_ids: [] },
      { id: "$remove_members", description: "Remove other members from the team", contained_permission_ids: [] },
      { id: "$update_team", description: "Update the team information", contained_permission_ids: [] },
      { id: "team_admin", description: "Default permission for team admins", contained_permission_ids: system },
      { id: "team_member", description: "Default permission for team members", contained_permission_ids: ["$invite_members", "$read_members"] },
    ]);
  });
});
