import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { renderProjectConfig } from "../../../server/services/config/project-config.js";
import { addTeamMember, createTeam } from "../../../server/services/teams.js";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";

const missingId = "0b6f5c3e-1d2a-4c8e-9f00-123456789abc";
const system = ["$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team"];
/** A project whose teams grant nothing by default, so listings show only what a test grants. */
const noTeamDefaults = { "rbac.defaultPermissions.teamCreator": {}, "rbac.defaultPermissions.teamMember": {} };

interface SignedUp {
  id: string;
  headers: Record<string, string>;
}

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string): Promise<SignedUp> {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: "a fine password" } });
  expect(res.status).toBe(200);
  return { id: res.body.user_id, headers: { "x-stack-access-token": res.body.access_token } };
}

function expectError(res: ApiResponse, status: number, code: string, details?: unknown) {
  expect([res.status, res.body.code, res.body.details]).toEqual([status, code, details]);
}

const ids = (res: ApiResponse) => res.body.items.map((item: { id: string }) => item.id);

/** A team created by `creatorId`, with `members` added after. */
async function team(lk: TestInstance, project: ProjectCredentials, creatorId: string, members: string[] = []): Promise<string> {
  const row = (await lk.deps.queries.projects.find(project.id))!;
  const created = await createTeam(lk.deps, row, { displayName: "Engines", creatorUserId: creatorId });
  for (const member of members) await addTeamMember(lk.deps, row, created.id, member);
  return created.id;
}

async function rbacOf(lk: TestInstance, project: ProjectCredentials) {
  return renderProjectConfig((await lk.deps.queries.projects.find(project.id))!).rbac;
}

describe.each(testDialects)("permission definitions on %s", (dialect) => {
  it("lets admins create, list, change and delete definitions of both scopes", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const admin = { access: "admin" as const, project };

    const initial = await lk.call("GET", "/team-permission-definitions", admin);
    expect(ids(initial)).toEqual([...system, "team_admin", "team_member"]);
    expect(initial.body.items[0]).toEqual({ id: "$delete_team", description: expect.any(String), contained_permission_ids: [] });
    expect((await lk.call("GET", "/project-permission-definitions", admin)).body).toEqual({ items: [], is_paginated: false });

    const editor = await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "editor", description: "Edits", contained_permission_ids: ["team_member", "$update_team"] } });
    expect([editor.status, editor.body]).toEqual([201, { id: "editor", description: "Edits", contained_permission_ids: ["$update_team", "team_member"] }]);
    const billing = await lk.call("POST", "/project-permission-definitions", { ...admin, body: { id: "billing" } });
    expect(billing.body).toEqual({ id: "billing", contained_permission_ids: [] });

    expectError(await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "editor" } }), 400, "PERMISSION_ID_ALREADY_EXISTS", { permission_id: "editor" });
    expectError(await lk.call("POST", "/project-permission-definitions", { ...admin, body: { id: "editor" } }), 400, "PERMISSION_ID_ALREADY_EXISTS", { permission_id: "editor" });
    const crossScope = await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "x", contained_permission_ids: ["billing"] } });
    expectError(crossScope, 400, "CONTAINED_PERMISSION_NOT_FOUND", { permission_id: "billing" });
    const systemInProject = await lk.call("POST", "/project-permission-definitions", { ...admin, body: { id: "x", contained_permission_ids: ["$read_members"] } });
    expectError(systemInProject, 400, "CONTAINED_PERMISSION_NOT_FOUND", { permission_id: "$read_members" });

    const messages = async (id: string) => (await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id } })).body.details.message as string;
    expect(await messages("Editor")).toContain('Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed');
    expect(await messages("$owner")).toContain("Invalid system permission");
    expect(await messages("$update_team")).toContain('Custom permission ids may not contain "$"');
    expectError(await lk.call("GET", "/team-permission-definitions", { access: "server", project }), 401, "INSUFFICIENT_ACCESS_TYPE", expect.anything());

    // An update keeps what it leaves out.
    const described = await lk.call("PATCH", "/team-permission-definitions/editor", { ...admin, body: { description: "Edits the team" } });
    expect(described.body).toEqual({ id: "editor", description: "Edits the team", contained_permission_ids: ["$update_team", "team_member"] });
    const narrowed = await lk.call("PATCH", "/team-permission-definitions/editor", { ...admin, body: { contained_permission_ids: ["$update_team"] } });
    expect(narrowed.body).toEqual({ id: "editor", description: "Edits the team", contained_permission_ids: ["$update_team"] });
    expect((await lk.call("GET", "/team-permission-definitions", admin)).body.items.find((d: { id: string }) => d.id === "editor")).toEqual(narrowed.body);

    expectError(await lk.call("PATCH", "/team-permission-definitions/nope", { ...admin, body: {} }), 404, "PERMISSION_NOT_FOUND", { permission_id: "nope" });
    expectError(await lk.call("PATCH", "/project-permission-definitions/editor", { ...admin, body: {} }), 404, "PERMISSION_NOT_FOUND", { permission_id: "editor" });
    const systemChange = await lk.call("PATCH", "/team-permission-definitions/$update_team", { ...admin, body: { description: "x" } });
    expect([systemChange.status, systemChange.text]).toEqual([400, '"$update_team" is a system permission; it cannot be changed or deleted.']);
    expectError(await lk.call("PATCH", "/team-permission-definitions/editor", { ...admin, body: { id: "billing" } }), 400, "PERMISSION_ID_ALREADY_EXISTS", { permission_id: "billing" });

    expect((await lk.call("DELETE", "/project-permission-definitions/billing", admin)).body).toEqual({ success: true });
    expectError(await lk.call("DELETE", "/project-permission-definitions/billing", admin), 404, "PERMISSION_NOT_FOUND", { permission_id: "billing" });
    expectError(await lk.call("DELETE", "/project-permission-definitions/editor", admin), 404, "PERMISSION_NOT_FOUND", { permission_id: "editor" });
    expect(ids(await lk.call("GET", "/project-permission-definitions", admin))).toEqual([]);
  });

  it("refuses containment cycles, naming them", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const admin = { access: "admin" as const, project };
    await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "a" } });
    await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "b", contained_permission_ids: ["a"] } });
    await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "c", contained_permission_ids: ["b"] } });

    const indirect = await lk.call("PATCH", "/team-permission-definitions/a", { ...admin, body: { contained_permission_ids: ["c"] } });
    expectError(indirect, 400, "SCHEMA_ERROR", { message: 'Permission "a" cannot contain "c": containment would form a cycle (a → c → b → a).' });
    const itself = await lk.call("PATCH", "/team-permission-definitions/a", { ...admin, body: { contained_permission_ids: ["a"] } });
    expectError(itself, 400, "SCHEMA_ERROR", { message: 'Permission "a" cannot contain "a": containment would form a cycle (a → a).' });
    const renamedIntoItself = await lk.call("PATCH", "/team-permission-definitions/a", { ...admin, body: { id: "z", contained_permission_ids: ["a"] } });
    expectError(renamedIntoItself, 400, "SCHEMA_ERROR", { message: 'Permission "z" cannot contain "z": containment would form a cycle (z → z).' });
    expect((await rbacOf(lk, project)).permissions.a!.containedPermissionIds).toEqual({});
  });

  it("moves grants, containments and default sets along with a rename, and removes them with a deletion", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: noTeamDefaults });
    const admin = { access: "admin" as const, project };
    const server = { access: "server" as const, project };
    const ada = await signUp(lk, project, "ada@example.com");
    const teamId = await team(lk, project, ada.id);
    await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "editor", contained_permission_ids: ["$update_team"] } });
    await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "owner", contained_permission_ids: ["editor"] } });
    await lk.call("PATCH", `/internal/projects/current`, { ...admin, body: { config: { team_member_default_permissions: [{ id: "editor" }] } } });
    expect((await lk.call("POST", `/team-permissions/${teamId}/${ada.id}/editor`, server)).status).toBe(201);

    const renamed = await lk.call("PATCH", "/team-permission-definitions/editor", { ...admin, body: { id: "writer" } });
    expect(renamed.body).toEqual({ id: "writer", contained_permission_ids: ["$update_team"] });
    const held = `/team-permissions?team_id=${teamId}&user_id=${ada.id}`;
    expect(ids(await lk.call("GET", `${held}&recursive=false`, server))).toEqual(["writer"]);
    let rbac = await rbacOf(lk, project);
    expect(Object.keys(rbac.permissions.owner!.containedPermissionIds)).toEqual(["writer"]);
    expect(rbac.defaultPermissions.teamMember).toEqual({ writer: true });

    expect((await lk.call("DELETE", "/team-permission-definitions/writer", admin)).body).toEqual({ success: true });
    expect(ids(await lk.call("GET", held, server))).toEqual([]);
    rbac = await rbacOf(lk, project);
    expect(rbac.permissions.owner!.containedPermissionIds).toEqual({});
    expect(rbac.defaultPermissions.teamMember).toEqual({});

    // A new definition under the old id starts with no holders.
    await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "writer" } });
    expect(ids(await lk.call("GET", held, server))).toEqual([]);
  });
});

describe.each(testDialects)("permission grants on %s", (dialect) => {
  it("lists team permissions recursively by default, and direct grants only with recursive=false", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({ configOverride: noTeamDefaults });
    const admin = { access: "admin" as const, project };
    const server = { access: "server" as const, project };
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const carol = await signUp(lk, project, "carol@example.com");
    const teamId = await team(lk, project, ada.id, [bob.id]);
    await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "reader", contained_permission_ids: ["$read_members"] } });
    await lk.call("POST", "/team-permission-definitions", { ...admin, body: { id: "editor", contained_permission_ids: ["reader", "$update_team"] } });
    await lk.call("POST", "/project-permission-definitions", { ...admin, body: { id: "billing" } });

    const granted = await lk.call("POST", `/team-permissions/${teamId}/${bob.id}/editor`, { ...server, body: {} });
    expect([granted.status, granted.body]).toEqual([201, { id: "editor", user_id: bob.id, team_id: teamId }]);
    expect((await lk.call("POST", `/team-permissions/${teamId}/${bob.id}/editor`, server)).status).toBe(201);
    await lk.call("POST", `/team-permissions/${teamId}/${ada.id}/$delete_team`, server);

    const asBob = { access: "client" as const, project, headers: bob.headers };
    const mine = `/team-permissions?team_id=${teamId}&user_id=me`;
    expect(ids(await lk.call("GET", mine, asBob))).toEqual(["$read_members", "$update_team", "editor", "reader"]);
    expect(ids(await lk.call("GET", `${mine}&recursive=true`, asBob))).toEqual(["$read_members", "$update_team", "editor", "reader"]);
    expect(ids(await lk.call("GET", `${mine}&recursive=false`, asBob))).toEqual(["editor"]);
    expect(ids(await lk.call("GET", `${mine}&permission_id=reader`, asBob))).toEqual(["reader"]);
    const everyone = await lk.call("GET", `/team-permissions?team_id=${teamId}&recursive=false`, server);
    const expected = [{ id: "$delete_team", user_id: ada.id, team_id: teamId }, { id: "editor", user_id: bob.id, team_id: teamId }];
    expect(everyone.body.items).toEqual([...expected].sort((x, y) => (x.user_id < y.user_id ? -1 : 1)));

    const others = await lk.call("GET", `/team-permissions?team_id=${teamId}&user_id=${ada.id}`, asBob);
    expectStatusError(others, 403, "permissionsListOwnOnly");
    expect((await lk.call("GET", `/team-permissions?team_id=${teamId}`, asBob)).status).toBe(403);
    expectError(await lk.call("GET", mine, { access: "client", project }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");

    const at = (userId: string, permissionId: string, t = teamId) => `/team-permissions/${t}/${userId}/${permissionId}`;
    expectError(await lk.call("POST", at(carol.id, "editor"), server), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: carol.id });
    expectError(await lk.call("POST", at(bob.id, "nope"), server), 404, "PERMISSION_NOT_FOUND", { permission_id: "nope" });
    expectError(await lk.call("POST", at(bob.id, "billing"), server), 404, "WRONG_PERMISSION_SCOPE", { permission_id: "billing", expected_scope: "team", actual_scope: "project" });
    expectError(await lk.call("POST", at(bob.id, "editor", missingId), server), 404, "TEAM_NOT_FOUND", { team_id: missingId });
    expectError(await lk.call("POST", at(bob.id, "editor"), asBob), 401, "INSUFFICIENT_ACCESS_TYPE", expect.anything());

    const contained = await lk.call("DELETE", at(bob.id, "reader"), server);
    expectError(contained, 401, "TEAM_PERMISSION_NOT_FOUND", { team_id: teamId, user_id: bob.id, permission_id: "reader" });
    expect((await lk.call("DELETE", at(bob.id, "editor"), { ...server, body: {} })).body).toEqual({ success: true });
    expect(ids(await lk.call("GET", mine, asBob))).toEqual([]);
    expectError(await lk.call("DELETE", at(bob.id, "editor"), server), 401, "TEAM_PERMISSION_NOT_FOUND", { team_id: teamId, user_id: bob.id, permission_id: "editor" });
  });

  it("takes a removed member's grants away at once", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const teamId = await team(lk, project, ada.id, [bob.id]);
    const asBob = { access: "client" as const, project, headers: bob.headers };
    const mine = `/team-permissions?team_id=${teamId}&user_id=me`;
    expect(ids(await lk.call("GET", mine, asBob))).toEqual(["$invite_members", "$read_members", "team_member"]);

    const { teamMembers } = lk.deps.store.t;
    await lk.deps.store.db.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, bob.id)));
    expect(ids(await lk.call("GET", mine, asBob))).toEqual([]);
    const invite = await lk.call("POST", "/team-invitations/send-code", { ...asBob, body: { team_id: teamId, email: "x@example.com", callback_url: "http://localhost:3000/join" } });
    expectError(invite, 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: bob.id });
    expect(await lk.deps.queries.permissions.teamGrants(project.id, { teamId, userId: bob.id })).toEqual([]);
  });

  it("grants, lists and revokes project permissions, and grants the sign-up defaults", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject({
      configOverride: {
        "rbac.permissions.billing_read": { scope: "project", containedPermissionIds: {} },
        "rbac.permissions.billing": { scope: "project", containedPermissionIds: { billing_read: true } },
        "rbac.defaultPermissions.signUp": { billing_read: true },
      },
    });
    const server = { access: "server" as const, project };
    const bob = await signUp(lk, project, "bob@example.com");
    const asBob = { access: "client" as const, project, headers: bob.headers };
    expect((await lk.call("GET", "/project-permissions?user_id=me", asBob)).body.items).toEqual([{ id: "billing_read", user_id: bob.id }]);

    const granted = await lk.call("POST", `/project-permissions/${bob.id}/billing`, server);
    expect([granted.status, granted.body]).toEqual([201, { id: "billing", user_id: bob.id }]);
    expect(ids(await lk.call("GET", "/project-permissions?user_id=me", asBob))).toEqual(["billing", "billing_read"]);
    expect(ids(await lk.call("GET", `/project-permissions?user_id=${bob.id}&recursive=false`, server))).toEqual(["billing", "billing_read"]);
    await lk.call("DELETE", `/project-permissions/${bob.id}/billing_read`, server);
    expect(ids(await lk.call("GET", "/project-permissions?user_id=me&recursive=false", asBob))).toEqual(["billing"]);
    expect(ids(await lk.call("GET", "/project-permissions?user_id=me", asBob))).toEqual(["billing", "billing_read"]);
    expect((await lk.call("GET", "/project-permissions", asBob)).status).toBe(403);

    expectError(await lk.call("DELETE", `/project-permissions/${bob.id}/billing_read`, server), 404, "PERMISSION_NOT_FOUND", { permission_id: "billing_read" });
    expectError(await lk.call("POST", `/project-permissions/${bob.id}/$read_members`, server), 404, "WRONG_PERMISSION_SCOPE", { permission_id: "$read_members", expected_scope: "project", actual_scope: "team" });
    expectError(await lk.call("POST", `/project-permissions/${bob.id}/team_admin`, server), 404, "WRONG_PERMISSION_SCOPE", { permission_id: "team_admin", expected_scope: "project", actual_scope: "team" });
    expectError(await lk.call("POST", `/project-permissions/${bob.id}/nope`, server), 404, "PERMISSION_NOT_FOUND", { permission_id: "nope" });
    expectError(await lk.call("POST", `/project-permissions/${missingId}/billing`, server), 404, "USER_NOT_FOUND");
    expect((await lk.call("DELETE", `/project-permissions/${bob.id}/billing`, server)).body).toEqual({ success: true });
    expect((await lk.call("GET", "/project-permissions?user_id=me", asBob)).body.items).toEqual([]);
  });

  it("never shows or changes a project's permissions with another project's keys", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const other = await lk.createProject();
    const ada = await signUp(lk, project, "ada@example.com");
    const teamId = await team(lk, project, ada.id);
    await lk.call("POST", "/team-permission-definitions", { access: "admin", project, body: { id: "editor" } });
    const foreign = { access: "server" as const, project: other };

    expect(ids(await lk.call("GET", "/team-permission-definitions", { access: "admin", project: other }))).not.toContain("editor");
    expect((await lk.call("GET", `/team-permissions?team_id=${teamId}`, foreign)).body.items).toEqual([]);
    expectError(await lk.call("POST", `/team-permissions/${teamId}/${ada.id}/team_member`, foreign), 404, "TEAM_NOT_FOUND", { team_id: teamId });
    expectError(await lk.call("DELETE", `/team-permissions/${teamId}/${ada.id}/team_admin`, foreign), 401, "TEAM_PERMISSION_NOT_FOUND", { team_id: teamId, user_id: ada.id, permission_id: "team_admin" });
    expectError(await lk.call("POST", `/project-permissions/${ada.id}/editor`, foreign), 404, "USER_NOT_FOUND");
    expectError(await lk.call("DELETE", "/team-permission-definitions/editor", { access: "admin", project: other }), 404, "PERMISSION_NOT_FOUND", { permission_id: "editor" });
    expect(ids(await lk.call("GET", `/team-permissions?team_id=${teamId}&user_id=${ada.id}&recursive=false`, { access: "server", project }))).toEqual(["team_admin"]);
  });
});
