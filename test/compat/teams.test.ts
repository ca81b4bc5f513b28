import type { StackClientApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatTargets } from "./support/sdk.js";
import { blockedRequests } from "./support/offline.js";
import { createWorld, uniqueEmail, type World } from "./support/world.js";

const password = "team player 1";

/** Signs a fresh user up on a new client app and returns the app with the user. */
async function signedIn(world: World, displayName: string) {
  const app: StackClientApp<true, string> = world.clientApp();
  const result = await app.signUpWithCredential({ email: uniqueEmail(), password, noRedirect: true, verificationCallbackUrl: world.appUrl("/handler/email-verification") });
  expect(result.status).toBe("ok");
  await (await app.getUser({ or: "throw" })).update({ displayName });
  return { app, user: await app.getUser({ or: "throw" }) };
}

describe.each(compatTargets)("Stack SDK: teams through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
    await (await world.adminApp().getProject()).update({ config: { clientTeamCreationEnabled: true } });
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("creates a team for the signed-in user, selects it, lists and renames it", async () => {
    const { app, user } = await signedIn(world, "Ada");
    const team = await user.createTeam({ displayName: "Lab" });
    expect(team).toMatchObject({ displayName: "Lab", profileImageUrl: null, clientMetadata: null, clientReadOnlyMetadata: null });
    const reread = await app.getUser({ or: "throw" });
    expect(reread.selectedTeam).toMatchObject({ id: team.id, displayName: "Lab" });
    expect((await reread.listTeams()).map((t) => t.id)).toEqual([team.id]);

    await team.update({ displayName: "Labs" });
    expect((await reread.listTeams()).map((t) => t.displayName)).toEqual(["Labs"]);
    expect((await world.serverApp().getTeam(team.id))?.displayName).toBe("Labs");
  });

  it("lets a server create teams and add and remove members", async () => {
    const server = world.serverApp();
    const creator = await server.createUser({ primaryEmail: uniqueEmail("creator"), displayName: "Creator" });
    const joiner = await server.createUser({ primaryEmail: uniqueEmail("joiner"), displayName: "Joiner" });
    const team = await server.createTeam({ displayName: "Server team", creatorUserId: creator.id });
    expect(team).toMatchObject({ displayName: "Server team", serverMetadata: null });
    expect(team.createdAt).toBeInstanceOf(Date);

    await team.addUser(joiner.id);
    const members = await team.listUsers();
    expect(members.map((u) => [u.id, u.primaryEmail, u.teamProfile.displayName])).toEqual([
      [creator.id, creator.primaryEmail, "Creator"],
      [joiner.id, joiner.primaryEmail, "Joiner"],
    ]);
    expect((await (await server.getUser(joiner.id))!.listTeams()).map((t) => t.id)).toEqual([team.id]);

    await team.removeUser(joiner.id);
    expect((await team.listUsers()).map((u) => u.id)).toEqual([creator.id]);
    expect(await (await world.serverApp().getUser(joiner.id))!.listTeams()).toEqual([]);

    await team.update({ displayName: "Renamed", serverMetadata: { tier: 2 } });
    expect(await world.serverApp().getTeam(team.id)).toMatchObject({ displayName: "Renamed", serverMetadata: { tier: 2 } });
    await team.delete();
    expect(await world.serverApp().getTeam(team.id)).toBeNull();
  });

  it("shows members to each other, edits a member's own team profile, and leaves and deletes teams", async () => {
    const ada = await signedIn(world, "Ada");
    const bob = await signedIn(world, "Bob");
    const created = await ada.user.createTeam({ displayName: "Shared" });
    await (await world.serverApp().getTeam(created.id))!.addUser(bob.user.id);

    const bobsTeam = (await bob.user.listTeams()).find((t) => t.id === created.id)!;
    const seen = await bobsTeam.listUsers();
    expect(seen.map((u) => [u.id, u.teamProfile.displayName])).toEqual([
      [ada.user.id, "Ada"],
      [bob.user.id, "Bob"],
    ]);

    const profile = await bob.user.getTeamProfile(bobsTeam);
    expect(profile).toMatchObject({ displayName: "Bob", profileImageUrl: null });
    await profile.update({ displayName: "Bob of Shared" });
    expect((await bob.user.getTeamProfile(bobsTeam)).displayName).toBe("Bob of Shared");
    expect((await bob.app.getUser({ or: "throw" })).displayName).toBe("Bob");
    const serverView = await (await world.serverApp().getTeam(created.id))!.listUsers();
    expect(serverView.map((u) => [u.displayName, u.teamProfile.displayName])).toEqual([
      ["Ada", "Ada"],
      ["Bob", "Bob of Shared"],
    ]);

    await bob.user.leaveTeam(bobsTeam);
    expect(await (await world.serverApp().getUser(bob.user.id))!.listTeams()).toEqual([]);

    const adasTeam = (await ada.user.listTeams()).find((t) => t.id === created.id)!;
    await adasTeam.delete();
    expect(await world.serverApp().getTeam(created.id)).toBeNull();
    expect((await world.serverApp().getUser(ada.user.id))!.selectedTeam).toBeNull();
  });

  // Stack's quirk: its ServerUser.leaveTeam sends a client request without any session, so no user is
  // signed in and the server refuses it (as Stack Auth does); servers use ServerTeam.removeUser instead.
  // Our SDK sends it as the server, so there the member leaves.
  it("ServerUser.leaveTeam: refused for Stack's SDK (client request without a session), done by ours", async () => {
    const server = world.serverApp();
    const member = await server.createUser({ primaryEmail: uniqueEmail("leaver") });
    const team = await server.createTeam({ displayName: "Sticky", creatorUserId: member.id });
    const refused = await member.leaveTeam(team).then(
      () => null,
      (error: { errorCode?: string }) => error.errorCode,
    );
    if (world.sdk.name === "stack") {
      expect(refused).toBe("USER_AUTHENTICATION_REQUIRED");
      expect((await team.listUsers()).map((u) => u.id)).toEqual([member.id]);
    } else {
      expect(refused).toBeNull();
      expect(await team.listUsers()).toEqual([]);
    }
  });
});
