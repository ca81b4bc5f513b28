/**
 * Project administration through the SDK: `AdminProject.transfer(user, newTeamId)` (sent through the
 * owned project's admin app with the owner's token in both token headers, projects-and-config.md §4).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatTargets } from "./support/sdk.js";
import { blockedRequests } from "./support/offline.js";
import { createWorld, internalKeys, uniqueEmail, type World } from "./support/world.js";

describe.each(compatTargets)("Stack SDK: project administration through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("transfers an owned project to another team of its owner", async () => {
    const dashboard = new sdk.StackClientApp({
      baseUrl: world.server.url,
      projectId: "internal",
      publishableClientKey: internalKeys.publishableClientKey,
      tokenStore: "memory",
      noAutomaticPrefetch: true,
    });
    const signedUp = await dashboard.signUpWithCredential({ email: uniqueEmail("transfer"), password: "transfer pass 1", noRedirect: true, verificationCallbackUrl: world.appUrl("/handler/v") });
    expect(signedUp.status).toBe("ok");
    const user = await dashboard.getUser({ or: "throw" });
    const second = await user.createTeam({ displayName: "Second team" });
    const project = await user.createProject({ displayName: "Moving project", teamId: user.selectedTeam!.id });
    await project.transfer(user, second.id);
    const listed = (await user.listOwnedProjects()).find((p) => p.id === project.id);
    expect(listed?.ownerTeamId).toBe(second.id);
  });
});
