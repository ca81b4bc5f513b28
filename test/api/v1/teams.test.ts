import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { createTestInstance, type ApiResponse, type ProjectCredentials, type TestInstance } from "../../support/instance.js";
import { expectStatusError } from "../../support/known-errors.js";

const callback = "http://localhost:3000/handler/email-verification";
const missingId = "0b6f5c3e-1d2a-4c8e-9f00-123456789abc";
const image = "data:image/png;base64,iVBORw0KGgo=";
/** Where the server answers an inline image is stored (profile-images-fidelity.test.ts tests the store). */
const storedImageUrl = (folder: string) => new RegExp(`^http://localhost:8102/storage/${folder}/[0-9a-f-]{36}\\.png$`);
const LIST_OWN_ONLY = 'Client can only list teams for their own user. user_id must be either "me" or the ID of the current user';
const CLIENT_IMAGE = "Invalid profile image URL";

interface Caller {
  id: string;
  /** Options for calls as this signed-in user, with the project's client key. */
  as: { access: "client"; project: ProjectCredentials; headers: Record<string, string> };
}

async function signUp(lk: TestInstance, project: ProjectCredentials, email: string): Promise<Caller> {
  const res = await lk.call("POST", "/auth/password/sign-up", { access: "client", project, body: { email, password: "a fine password", verification_callback_url: callback } });
  expect(res.status).toBe(200);
  return { id: res.body.user_id, as: { access: "client", project, headers: { "x-stack-access-token": res.body.access_token } } };
}

/** A project whose signed-in users may create teams. */
function teamsProject(lk: TestInstance) {
  return lk.createProject({ configOverride: { "teams.allowClientTeamCreation": true } });
}

function expectText(res: ApiResponse, status: number, text: string) {
  expect([res.status, res.text]).toEqual([status, text]);
}

function expectError(res: ApiResponse, status: number, code: string, details?: unknown) {
  expect([res.status, res.body.code, res.body.details]).toEqual([status, code, details]);
}

async function createTeam(lk: TestInstance, who: Caller, displayName: string): Promise<string> {
  const res = await lk.call("POST", "/teams", { ...who.as, body: { display_name: displayName } });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function addMember(lk: TestInstance, project: ProjectCredentials, teamId: string, userId: string) {
  const res = await lk.call("POST", `/team-memberships/${teamId}/${userId}`, { access: "server", project, body: {} });
  expect([res.status, res.body]).toEqual([201, { team_id: teamId, user_id: userId }]);
}

async function grantsOf(lk: TestInstance, project: ProjectCredentials, teamId: string, userId: string) {
  return (await lk.deps.queries.permissions.teamGrants(project.id, { teamId, userId })).map((g) => g.permissionId);
}

describe.each(testDialects)("teams on %s", (dialect) => {
  it("lets signed-in clients create teams only where the project allows it", async () => {
    await using lk = await createTestInstance(dialect);
    const closed = await lk.createProject();
    const closedAda = await signUp(lk, closed, "ada@example.com");
    const refused = await lk.call("POST", "/teams", { ...closedAda.as, body: { display_name: "Lab" } });
    expectStatusError(refused, 403, "clientTeamCreationDisabled");

    const project = await teamsProject(lk);
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    expectError(await lk.call("POST", "/teams", { access: "client", project, body: { display_name: "Lab" } }), 401, "USER_AUTHENTICATION_REQUIRED");

    const created = await lk.call("POST", "/teams", { ...ada.as, body: { display_name: "Lab", profile_image_url: image, client_metadata: { a: 1 } } });
    expect(created.status).toBe(201);
    // The inline image is stored and answered as its storage URL (U11/T3).
    expect(created.body).toEqual({ id: expect.any(String), display_name: "Lab", profile_image_url: expect.stringMatching(storedImageUrl("team-profile-images")), client_metadata: { a: 1 }, client_read_only_metadata: null });
    expect(await grantsOf(lk, project, created.body.id, ada.id)).toEqual(["team_admin"]);

    const asBob = await lk.call("POST", "/teams", { ...ada.as, body: { display_name: "Bob's", creator_user_id: bob.id } });
    expectText(asBob, 403, "You cannot create a team as a user that is not yourself. Make sure you set the creator_user_id to 'me'.");
    expectStatusError(await lk.call("POST", "/teams", { ...ada.as, body: { display_name: "Linked", profile_image_url: "https://example.com/a.png" } }), 400, "profileImageNotBase64");
    const serverOnly = await lk.call("POST", "/teams", { ...ada.as, body: { display_name: "Meta", server_metadata: {} } });
    expectError(serverOnly, 400, "SCHEMA_ERROR", expect.anything());

    lk.clock.advance(1_000);
    const second = await lk.call("POST", "/teams", { ...ada.as, body: { display_name: "Second", creator_user_id: "me" } });
    const mine = await lk.call("GET", "/teams?user_id=me", ada.as);
    expect([mine.status, mine.body]).toEqual([200, { is_paginated: false, items: [created.body, second.body] }]);
    expect((await lk.call("GET", `/teams?user_id=${ada.id}`, ada.as)).body.items).toHaveLength(2);
    expect((await lk.call("GET", "/teams?user_id=me", bob.as)).body.items).toEqual([]);
    expectText(await lk.call("GET", "/teams", ada.as), 403, LIST_OWN_ONLY);
    expectText(await lk.call("GET", `/teams?user_id=${bob.id}`, ada.as), 403, LIST_OWN_ONLY);
    // Creating a team does not select it (the SDK selects it with PATCH /users/me).
    expect((await lk.call("GET", "/users/me", ada.as)).body.selected_team_id).toBeNull();
  });

  it("lets servers create, list, read, update and delete any team of the project", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const server = { access: "server" as const, project };
    const ada = await signUp(lk, project, "ada@example.com");

    lk.clock.advance(1_000);
    const body = { display_name: "Lab", creator_user_id: ada.id, profile_image_url: "https://example.com/lab.png", client_read_only_metadata: { seats: 3 }, server_metadata: { plan: "pro" } };
    const created = await lk.call("POST", "/teams", { ...server, body });
    expect(created.status).toBe(201);
    const lab = {
      id: expect.any(String),
      display_name: "Lab",
      profile_image_url: "https://example.com/lab.png",
      client_metadata: null,
      client_read_only_metadata: { seats: 3 },
      server_metadata: { plan: "pro" },
      created_at_millis: lk.clock.now().getTime(),
    };
    expect(created.body).toEqual(lab);
    const labId = created.body.id as string;
    expect(await grantsOf(lk, project, labId, ada.id)).toEqual(["team_admin"]);

    lk.clock.advance(1_000);
    const empty = await lk.call("POST", "/teams", { ...server, body: { display_name: "Empty" } });
    expect((await lk.call("GET", `/team-member-profiles?team_id=${empty.body.id}`, server)).body.items).toEqual([]);
    expectError(await lk.call("POST", "/teams", { ...server, body: { display_name: "X", creator_user_id: missingId } }), 404, "USER_NOT_FOUND");
    expectError(await lk.call("POST", "/teams", { ...server, body: { display_name: "X", creator_user_id: "me" } }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    // The deprecated add_current_user=true makes the signed-in user behind a server call the creator.
    const hers = await lk.call("POST", "/teams?add_current_user=true", { ...server, headers: ada.as.headers, body: { display_name: "Hers" } });
    expect(await grantsOf(lk, project, hers.body.id, ada.id)).toEqual(["team_admin"]);
    expect((await lk.call("DELETE", `/teams/${hers.body.id}`, server)).status).toBe(200);
    expectStatusError(await lk.call("POST", "/teams", { ...server, body: { display_name: "X", profile_image_url: "ftp://example.com/x.png" } }), 400, "profileImageBadUrl");

    expect((await lk.call("GET", "/teams", server)).body.items.map((t: { display_name: string }) => t.display_name)).toEqual(["Lab", "Empty"]);
    expect((await lk.call("GET", `/teams?user_id=${ada.id}`, { access: "admin", project })).body.items).toEqual([created.body]);
    expectError(await lk.call("GET", `/teams?user_id=${missingId}`, server), 404, "USER_NOT_FOUND");
    expect((await lk.call("GET", `/teams/${labId}`, server)).body).toEqual(created.body);
    expectError(await lk.call("GET", `/teams/${missingId}`, server), 404, "TEAM_NOT_FOUND", { team_id: missingId });

    const patched = await lk.call("PATCH", `/teams/${labId}`, { ...server, body: { display_name: "Labs", server_metadata: null, profile_image_url: null } });
    expect([patched.status, patched.body]).toEqual([200, { ...lab, display_name: "Labs", server_metadata: null, profile_image_url: null }]);
    expect((await lk.call("PATCH", `/teams/${labId}`, { ...server, body: {} })).body).toEqual(patched.body);
    expectError(await lk.call("PATCH", `/teams/${missingId}`, { ...server, body: { display_name: "No" } }), 404, "TEAM_NOT_FOUND", { team_id: missingId });

    // Another project's keys do not reach this project's teams.
    const other = await lk.createProject();
    const stranger = { access: "server" as const, project: other };
    expectError(await lk.call("GET", `/teams/${labId}`, stranger), 404, "TEAM_NOT_FOUND", { team_id: labId });
    expectError(await lk.call("PATCH", `/teams/${labId}`, { ...stranger, body: { display_name: "Mine" } }), 404, "TEAM_NOT_FOUND", { team_id: labId });
    expectError(await lk.call("DELETE", `/teams/${labId}`, stranger), 404, "TEAM_NOT_FOUND", { team_id: labId });
    expectError(await lk.call("POST", `/team-memberships/${labId}/${ada.id}`, { ...stranger, body: {} }), 404, "USER_NOT_FOUND");
    expectError(await lk.call("GET", `/team-member-profiles?team_id=${labId}`, stranger), 404, "TEAM_NOT_FOUND", { team_id: labId });
    expect((await lk.call("GET", "/teams", stranger)).body.items).toEqual([]);

    expect((await lk.call("DELETE", `/teams/${labId}`, server)).body).toEqual({ success: true });
    expectError(await lk.call("GET", `/teams/${labId}`, server), 404, "TEAM_NOT_FOUND", { team_id: labId });
    expectError(await lk.call("DELETE", `/teams/${labId}`, server), 404, "TEAM_NOT_FOUND", { team_id: labId });
    expect(await grantsOf(lk, project, labId, ada.id)).toEqual([]);
  });

  it("adds and removes members, and holds clients to their team permissions", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await teamsProject(lk);
    const server = { access: "server" as const, project };
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const carol = await signUp(lk, project, "carol@example.com");
    const lab = await createTeam(lk, ada, "Lab");
    const required = (user: Caller, permission_id: string) => ["TEAM_PERMISSION_REQUIRED", { team_id: lab, user_id: user.id, permission_id }] as const;

    await addMember(lk, project, lab, bob.id);
    expect(await grantsOf(lk, project, lab, bob.id)).toEqual(["team_member"]);
    expectError(await lk.call("POST", `/team-memberships/${lab}/${bob.id}`, { ...server, body: {} }), 409, "TEAM_MEMBERSHIP_ALREADY_EXISTS");
    expectError(await lk.call("POST", `/team-memberships/${lab}/${missingId}`, { ...server, body: {} }), 404, "USER_NOT_FOUND");
    expectError(await lk.call("POST", `/team-memberships/${missingId}/${carol.id}`, { ...server, body: {} }), 404, "TEAM_NOT_FOUND", { team_id: missingId });
    expectError(await lk.call("POST", `/team-memberships/${lab}/${carol.id}`, { ...ada.as, body: {} }), 401, "INSUFFICIENT_ACCESS_TYPE", {
      actual_access_type: "client",
      allowed_access_types: ["server", "admin"],
    });

    // Carol is no member: she can neither read nor change the team.
    const notMember = { team_id: lab, user_id: carol.id };
    expectError(await lk.call("GET", `/teams/${lab}`, carol.as), 404, "TEAM_MEMBERSHIP_NOT_FOUND", notMember);
    expectError(await lk.call("PATCH", `/teams/${lab}`, { ...carol.as, body: { display_name: "Mine" } }), 404, "TEAM_MEMBERSHIP_NOT_FOUND", notMember);
    expectError(await lk.call("DELETE", `/teams/${lab}`, carol.as), 404, "TEAM_MEMBERSHIP_NOT_FOUND", notMember);
    expectError(await lk.call("GET", `/teams/${missingId}`, carol.as), 404, "TEAM_NOT_FOUND", { team_id: missingId });

    // Bob is a plain member: he reads the team but may not change it or remove others.
    const read = await lk.call("GET", `/teams/${lab}`, bob.as);
    expect([read.status, read.body]).toEqual([200, { id: lab, display_name: "Lab", profile_image_url: null, client_metadata: null, client_read_only_metadata: null }]);
    expectError(await lk.call("PATCH", `/teams/${lab}`, { ...bob.as, body: { display_name: "Bob's" } }), 401, ...required(bob, "$update_team"));
    expectError(await lk.call("DELETE", `/teams/${lab}`, bob.as), 401, ...required(bob, "$delete_team"));
    expectError(await lk.call("DELETE", `/team-memberships/${lab}/${ada.id}`, { ...bob.as, body: {} }), 401, ...required(bob, "$remove_members"));

    await lk.deps.queries.permissions.grantTeam(project.id, lab, bob.id, "$update_team", lk.clock.now());
    const renamed = await lk.call("PATCH", `/teams/${lab}`, { ...bob.as, body: { display_name: "Bob's lab", client_metadata: { x: 1 } } });
    expect([renamed.status, renamed.body]).toEqual([200, { ...read.body, display_name: "Bob's lab", client_metadata: { x: 1 } }]);
    expectError(await lk.call("PATCH", `/teams/${lab}`, { ...bob.as, body: { server_metadata: {} } }), 400, "SCHEMA_ERROR", expect.anything());
    expectStatusError(await lk.call("PATCH", `/teams/${lab}`, { ...bob.as, body: { profile_image_url: "https://example.com/x.png" } }), 400, "profileImageNotBase64");

    // Ada (team admin) removes Bob: his permissions go at once, and so does his access.
    expect((await lk.call("DELETE", `/team-memberships/${lab}/${bob.id}`, { ...ada.as, body: {} })).body).toEqual({ success: true });
    expect(await grantsOf(lk, project, lab, bob.id)).toEqual([]);
    expectError(await lk.call("GET", `/teams/${lab}`, bob.as), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: lab, user_id: bob.id });
    expectError(await lk.call("DELETE", `/team-memberships/${lab}/${bob.id}`, { ...ada.as, body: {} }), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: lab, user_id: bob.id });
    expectError(await lk.call("DELETE", `/team-memberships/${missingId}/${bob.id}`, server), 404, "TEAM_NOT_FOUND", { team_id: missingId });

    // Rejoining starts from the member defaults; the $update_team grant did not survive.
    await addMember(lk, project, lab, bob.id);
    expect(await grantsOf(lk, project, lab, bob.id)).toEqual(["team_member"]);
    expect((await lk.call("DELETE", `/team-memberships/${lab}/${bob.id}`, server)).body).toEqual({ success: true });
    expect((await lk.call("GET", `/teams?user_id=${bob.id}`, server)).body.items).toEqual([]);

    expect((await lk.call("DELETE", `/teams/${lab}`, ada.as)).body).toEqual({ success: true });
    expect((await lk.call("GET", "/teams?user_id=me", ada.as)).body.items).toEqual([]);
  });

  it("unselects a team for members who leave it, are removed or see it deleted", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await teamsProject(lk);
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const lab = await createTeam(lk, ada, "Lab");
    const shop = await createTeam(lk, ada, "Shop");
    await addMember(lk, project, lab, bob.id);
    await addMember(lk, project, shop, bob.id);
    const select = async (who: Caller, teamId: string) =>
      expect((await lk.call("PATCH", "/users/me", { ...who.as, body: { selected_team_id: teamId } })).body.selected_team_id).toBe(teamId);
    const selectedRow = async (who: Caller) => (await lk.deps.queries.users.find(project.id, who.id))!.user.selectedTeamId;

    await select(ada, lab);
    await select(bob, lab);
    expect((await lk.call("DELETE", `/team-memberships/${lab}/me`, { ...bob.as, body: {} })).body).toEqual({ success: true });
    expect(await selectedRow(bob)).toBeNull();
    expect((await lk.call("GET", "/users/me", bob.as)).body).toMatchObject({ selected_team_id: null, selected_team: null });
    expect(await selectedRow(ada)).toBe(lab);
    expectError(await lk.call("DELETE", `/team-memberships/${lab}/me`, { ...bob.as, body: {} }), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: lab, user_id: bob.id });
    expectError(await lk.call("DELETE", `/team-memberships/${lab}/me`, { access: "client", project, body: {} }), 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");

    await select(bob, shop);
    expect((await lk.call("DELETE", `/team-memberships/${shop}/${bob.id}`, { access: "server", project, body: {} })).body).toEqual({ success: true });
    expect(await selectedRow(bob)).toBeNull();

    expect((await lk.call("DELETE", `/teams/${lab}`, ada.as)).body).toEqual({ success: true });
    expect(await selectedRow(ada)).toBeNull();
    expect((await lk.call("GET", "/users/me", ada.as)).body).toMatchObject({ selected_team_id: null, selected_team: null });
  });

  it("serves member profiles that fall back to the user's own name and image", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await teamsProject(lk);
    const server = { access: "server" as const, project };
    const ada = await signUp(lk, project, "ada@example.com");
    const bob = await signUp(lk, project, "bob@example.com");
    const carol = await signUp(lk, project, "carol@example.com");
    const adaImage = (await lk.call("PATCH", "/users/me", { ...ada.as, body: { display_name: "Ada", profile_image_url: image } })).body.profile_image_url as string;
    expect(adaImage).toMatch(storedImageUrl("user-profile-images"));
    const lab = await createTeam(lk, ada, "Lab");
    lk.clock.advance(1_000);
    await addMember(lk, project, lab, bob.id);
    const emails = new Map([[ada.id, "ada@example.com"], [bob.id, "bob@example.com"]]);
    // primary_email (Latchkey) lets members tell an unnamed member apart in their settings.
    const profile = (user: Caller, display_name: string | null, profile_image_url: string | null) => ({ team_id: lab, user_id: user.id, display_name, profile_image_url, primary_email: emails.get(user.id) });

    const listed = await lk.call("GET", `/team-member-profiles?team_id=${lab}`, ada.as);
    expect([listed.status, listed.body]).toEqual([200, { is_paginated: false, items: [profile(ada, "Ada", adaImage), profile(bob, null, null)] }]);
    const asServer = await lk.call("GET", `/team-member-profiles?team_id=${lab}`, server);
    const bobUser = (await lk.call("GET", `/users/${bob.id}`, server)).body;
    expect(asServer.body.items[1]).toEqual({ ...profile(bob, null, null), user: bobUser });
    expect((await lk.call("GET", `/team-member-profiles/${lab}/${ada.id}`, server)).body.user.display_name).toBe("Ada");

    const renamed = await lk.call("PATCH", `/team-member-profiles/${lab}/me`, { ...ada.as, body: { display_name: "Ada at the lab" } });
    expect([renamed.status, renamed.body]).toEqual([200, profile(ada, "Ada at the lab", adaImage)]);
    expect((await lk.call("GET", "/users/me", ada.as)).body.display_name).toBe("Ada");
    expect((await lk.call("GET", `/team-member-profiles/${lab}/me`, ada.as)).body).toEqual(renamed.body);
    expectStatusError(await lk.call("PATCH", `/team-member-profiles/${lab}/${bob.id}`, { ...ada.as, body: { display_name: "B" } }), 403, "teamProfileOwnOnly");
    expectStatusError(await lk.call("PATCH", `/team-member-profiles/${lab}/me`, { ...bob.as, body: { profile_image_url: "https://example.com/b.png" } }), 400, "profileImageNotBase64");

    const withImage = await lk.call("PATCH", `/team-member-profiles/${lab}/${bob.id}`, { ...server, body: { profile_image_url: "https://example.com/b.png" } });
    expect(withImage.body).toEqual({ ...profile(bob, null, "https://example.com/b.png"), user: bobUser });
    const reset = await lk.call("PATCH", `/team-member-profiles/${lab}/${bob.id}`, { ...server, body: { profile_image_url: null } });
    expect(reset.body.profile_image_url).toBeNull();
    expectError(await lk.call("PATCH", `/team-member-profiles/${lab}/${carol.id}`, { ...server, body: { display_name: "C" } }), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: lab, user_id: carol.id });
    expectError(await lk.call("GET", `/team-member-profiles/${lab}/${carol.id}`, server), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: lab, user_id: carol.id });
    expectError(await lk.call("GET", `/team-member-profiles/${missingId}/${ada.id}`, server), 404, "TEAM_NOT_FOUND", { team_id: missingId });

    // Server filters.
    expect((await lk.call("GET", `/team-member-profiles?user_id=${bob.id}`, server)).body.items.map((p: { team_id: string }) => p.team_id)).toEqual([lab]);
    expectError(await lk.call("GET", `/team-member-profiles?user_id=${missingId}`, server), 404, "USER_NOT_FOUND");
    expectError(await lk.call("GET", `/team-member-profiles?team_id=${missingId}`, server), 404, "TEAM_NOT_FOUND", { team_id: missingId });

    // Clients: a team is required, they must belong to it, and others' profiles need $read_members.
    expectStatusError(await lk.call("GET", "/team-member-profiles", ada.as), 400, "teamIdRequiredForClient");
    expectError(await lk.call("GET", `/team-member-profiles?team_id=${lab}`, carol.as), 404, "TEAM_MEMBERSHIP_NOT_FOUND", { team_id: lab, user_id: carol.id });
    expect(await lk.deps.queries.permissions.revokeTeam(project.id, lab, bob.id, "team_member")).toBe(true);
    const needsRead = ["TEAM_PERMISSION_REQUIRED", { team_id: lab, user_id: bob.id, permission_id: "$read_members" }] as const;
    expectError(await lk.call("GET", `/team-member-profiles?team_id=${lab}`, bob.as), 401, ...needsRead);
    expectError(await lk.call("GET", `/team-member-profiles/${lab}/${ada.id}`, bob.as), 401, ...needsRead);
    expect((await lk.call("GET", `/team-member-profiles?team_id=${lab}&user_id=me`, bob.as)).body.items).toEqual([profile(bob, null, null)]);
    expect((await lk.call("GET", `/team-member-profiles/${lab}/${bob.id}`, bob.as)).body).toEqual(profile(bob, null, null));
  });
});
