import type { StackClientApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatTargets } from "./support/sdk.js";
import { blockedRequests } from "./support/offline.js";
import { createWorld, uniqueEmail, type World } from "./support/world.js";

const password = "permitted 1";

/** Signs a fresh user up on a new client app; returns the app, the user and the address. */
async function signedUp(world: World) {
  const app: StackClientApp<true, string> = world.clientApp();
  const email = uniqueEmail();
  const result = await app.signUpWithCredential({ email, password, noRedirect: true, verificationCallbackUrl: world.appUrl("/handler/email-verification") });
  expect(result.status).toBe("ok");
  return { app, email, user: await app.getUser({ or: "throw" }) };
}

/** The same user on a new client app, so nothing cached by an earlier app is seen. */
async function freshUser(world: World, email: string) {
  const app = world.clientApp();
  expect((await app.signInWithCredential({ email, password, noRedirect: true })).status).toBe("ok");
  return app.getUser({ or: "throw" });
}

const errorCodeOf = (promise: Promise<unknown>) => promise.then(() => null, (error: { errorCode?: string }) => error.errorCode);

describe.each(compatTargets)("Stack SDK: permissions and invitations through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("lets the admin app create, list, update and delete permission definitions", async () => {
    const admin = world.adminApp();
    const created = await admin.createTeamPermissionDefinition({ id: "sdk_editor", description: "Edits", containedPermissionIds: ["$update_team", "team_member"] });
    expect(created).toEqual({ id: "sdk_editor", description: "Edits", containedPermissionIds: ["$update_team", "team_member"] });
    const listed = await admin.listTeamPermissionDefinitions();
    expect(listed.map((d) => d.id)).toEqual(expect.arrayContaining(["$invite_members", "team_admin", "team_member", "sdk_editor"]));

    // The SDK sends `description` alone; the containment stays (the reference would reset it).
    await admin.updateTeamPermissionDefinition("sdk_editor", { description: "Edits the team" });
    const updated = (await admin.listTeamPermissionDefinitions()).find((d) => d.id === "sdk_editor");
    expect(updated).toEqual({ id: "sdk_editor", description: "Edits the team", containedPermissionIds: ["$update_team", "team_member"] });
    await admin.updateTeamPermissionDefinition("sdk_editor", { containedPermissionIds: [] });
    expect((await admin.listTeamPermissionDefinitions()).find((d) => d.id === "sdk_editor")?.containedPermissionIds).toEqual([]);

    expect(await errorCodeOf(admin.createTeamPermissionDefinition({ id: "sdk_editor", containedPermissionIds: [] }))).toBe("PERMISSION_ID_ALREADY_EXISTS");
    expect(await errorCodeOf(admin.createTeamPermissionDefinition({ id: "sdk_x", containedPermissionIds: ["missing"] }))).toBe("CONTAINED_PERMISSION_NOT_FOUND");
    await admin.deleteTeamPermissionDefinition("sdk_editor");
    expect((await admin.listTeamPermissionDefinitions()).map((d) => d.id)).not.toContain("sdk_editor");

    const billing = await admin.createProjectPermissionDefinition({ id: "sdk_billing", containedPermissionIds: [] });
    expect(billing).toMatchObject({ id: "sdk_billing", containedPermissionIds: [] });
    expect((await admin.listProjectPermissionDefinitions()).map((d) => d.id)).toContain("sdk_billing");
    await admin.updateProjectPermissionDefinition("sdk_billing", { description: "Billing" });
    expect((await admin.listProjectPermissionDefinitions()).find((d) => d.id === "sdk_billing")?.description).toBe("Billing");
    await admin.deleteProjectPermissionDefinition("sdk_billing");
    expect((await admin.listProjectPermissionDefinitions()).map((d) => d.id)).not.toContain("sdk_billing");
  });

  it("grants and revokes team permissions that users see recursively", async () => {
    const admin = world.adminApp();
    await admin.createTeamPermissionDefinition({ id: "sdk_reader", containedPermissionIds: ["$read_members"] });
    await admin.createTeamPermissionDefinition({ id: "sdk_writer", containedPermissionIds: ["sdk_reader"] });
    const { email, user } = await signedUp(world);
    const server = world.serverApp();
    const team = await server.createTeam({ displayName: "Permission lab", creatorUserId: user.id });
    const serverUser = (await server.getUser(user.id))!;

    await serverUser.grantPermission(team, "sdk_writer");
    expect(await serverUser.hasPermission(team, "sdk_reader")).toBe(true);
    const direct = (await serverUser.listPermissions(team, { recursive: false })).map((p) => p.id);
    expect(direct).toContain("sdk_writer");
    expect(direct).not.toContain("sdk_reader");

    const client = await freshUser(world, email);
    expect((await client.listPermissions(team)).map((p) => p.id)).toEqual(expect.arrayContaining(["sdk_writer", "sdk_reader", "$read_members", "team_admin"]));
    expect(await client.hasPermission(team, "sdk_reader")).toBe(true);
    expect(await client.getPermission(team, "sdk_writer")).toEqual({ id: "sdk_writer" });

    await serverUser.revokePermission(team, "sdk_writer");
    expect(await serverUser.hasPermission(team, "sdk_reader")).toBe(false);
    expect(await (await freshUser(world, email)).hasPermission(team, "sdk_writer")).toBe(false);
  });

  it("grants and revokes project permissions", async () => {
    await world.adminApp().createProjectPermissionDefinition({ id: "sdk_reports", containedPermissionIds: [] });
    const { email, user } = await signedUp(world);
    const serverUser = (await world.serverApp().getUser(user.id))!;
    await serverUser.grantPermission("sdk_reports");
    expect(await serverUser.hasPermission("sdk_reports")).toBe(true);
    expect((await (await freshUser(world, email)).listPermissions()).map((p) => p.id)).toEqual(["sdk_reports"]);
    await serverUser.revokePermission("sdk_reports");
    expect(await serverUser.hasPermission("sdk_reports")).toBe(false);
  });

  it("invites by mail; the invitee reads the details, accepts once and joins", async () => {
    const ada = await signedUp(world);
    const bob = await signedUp(world);
    const serverTeam = await world.serverApp().createTeam({ displayName: "Invited lab", creatorUserId: ada.user.id });
    const team = (await (await freshUser(world, ada.email)).getTeam(serverTeam.id))!;

    await team.inviteUser({ email: bob.email, callbackUrl: world.appUrl("/handler/team-invitation") });
    const code = await world.mailedCode(bob.email, (m) => m.text.includes("Invited lab"));
    const invitations = await team.listInvitations();
    expect(invitations).toEqual([{ id: expect.any(String), recipientEmail: bob.email, expiresAt: expect.any(Date), revoke: expect.any(Function) }]);
    expect(invitations[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const details = await bob.app.getTeamInvitationDetails(code);
    expect(details).toEqual({ status: "ok", data: { teamDisplayName: "Invited lab" } });
    expect((await bob.app.verifyTeamInvitationCode(code)).status).toBe("ok");
    expect((await bob.app.acceptTeamInvitation(code)).status).toBe("ok");
    const again = await bob.app.acceptTeamInvitation(code);
    expect(again.status === "error" && (again.error as { errorCode?: string }).errorCode).toBe("VERIFICATION_CODE_ALREADY_USED");

    const bobNow = await freshUser(world, bob.email);
    expect((await bobNow.listTeams()).map((t) => t.id)).toEqual([team.id]);
    expect(await bobNow.hasPermission(team, "team_member")).toBe(true);
    expect(await bobNow.hasPermission(team, "$invite_members")).toBe(true);
  });

  it("lists and revokes pending invitations", async () => {
    const ada = await signedUp(world);
    const serverTeam = await world.serverApp().createTeam({ displayName: "Revoking lab", creatorUserId: ada.user.id });
    const team = (await (await freshUser(world, ada.email)).getTeam(serverTeam.id))!;
    const carol = uniqueEmail("carol");
    await team.inviteUser({ email: carol, callbackUrl: world.appUrl("/handler/team-invitation") });
    const code = await world.mailedCode(carol, (m) => m.text.includes("Revoking lab"));

    const [invitation] = await team.listInvitations();
    expect(invitation?.recipientEmail).toBe(carol);
    await invitation!.revoke();
    expect(await team.listInvitations()).toEqual([]);
    const result = await world.clientApp().verifyTeamInvitationCode(code);
    expect(result.status === "error" && (result.error as { errorCode?: string }).errorCode).toBe("VERIFICATION_CODE_NOT_FOUND");
  });
});
