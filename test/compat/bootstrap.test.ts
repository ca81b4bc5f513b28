import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatTargets } from "./support/sdk.js";
import { blockedRequests } from "./support/offline.js";
import { createWorld, type World } from "./support/world.js";

describe.each(compatTargets)("Stack SDK: owner bootstrap through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("creates a project owned by the signed-up internal user, listed among their projects", async () => {
    expect(world.owned.displayName).toBe("Compat project");
    expect(world.projectId).toMatch(/^[0-9a-f-]{36}$/);
    const admin = world.adminApp();
    const project = await admin.getProject();
    expect(project.id).toBe(world.projectId);
    expect(project.config.allowLocalhost).toBe(true);
    expect(project.config.magicLinkEnabled).toBe(true);
  });

  it("lists the owner's projects and manages them through the owner session", async () => {
    const owned = await world.owned.app.getProject();
    expect(owned.id).toBe(world.projectId);
    const keys = await world.owned.app.listInternalApiKeys();
    expect(keys.map((k) => k.description)).toContain("compat suite");
    expect(keys.every((k) => !k.publishableClientKey || typeof k.publishableClientKey.lastFour === "string")).toBe(true);
  });
});
