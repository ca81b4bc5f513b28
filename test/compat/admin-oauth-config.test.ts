/**
 * The admin project config reads back a Microsoft provider's tenant id (`microsoftTenantId`) and a
 * Facebook provider's config id as set through the SDK: one of the four gaps issue 33 found by running
 * Stack's own scenarios through @latchkey/js (ours dropped both fields when reading the config).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatTargets } from "./support/sdk.js";
import { blockedRequests } from "./support/offline.js";
import { createWorld, type World } from "./support/world.js";

describe.each(compatTargets)("Stack SDK: admin OAuth provider config through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("answers microsoftTenantId and facebookConfigId of standard providers", async () => {
    const project = await world.adminApp().getProject();
    await project.update({
      config: {
        oauthProviders: [
          { id: "microsoft", type: "standard", clientId: "ms-client", clientSecret: "ms-secret", microsoftTenantId: "contoso.onmicrosoft.com" },
          { id: "facebook", type: "standard", clientId: "fb-client", clientSecret: "fb-secret", facebookConfigId: "fb-config-1" },
        ],
      },
    });
    const providers = (await world.adminApp().getProject()).config.oauthProviders;
    expect(providers.find((p) => p.id === "microsoft")).toMatchObject({ type: "standard", clientId: "ms-client", microsoftTenantId: "contoso.onmicrosoft.com" });
    expect(providers.find((p) => p.id === "facebook")).toMatchObject({ type: "standard", clientId: "fb-client", facebookConfigId: "fb-config-1" });
  });
});
