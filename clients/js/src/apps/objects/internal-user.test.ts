import { describe, expect, expectTypeOf, it } from "vitest";
import { isCurrentInternalUser, LatchkeyAdminApp, LatchkeyClientApp, type AdminProject, type CurrentInternalUser, type CurrentServerUser, type CurrentUser } from "../../index.js";
import { adminProjectJson, json, signedInTokens, userJson } from "../../test-support/fake-server.js";
import type { ProjectOwnerMethods } from "./internal-user.js";

const ownedProjectJson = adminProjectJson("p-shop", "Shop");

/** A client app of `projectId` whose server knows one signed-in user and one owned project. */
function clientApp(projectId: string) {
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${new URL(String(input)).pathname.replace("/api/v1", "")}`;
    if (key === "GET /users/me") return json(userJson);
    if (key === "GET /internal/projects") return json({ items: [ownedProjectJson], is_paginated: false });
    throw new Error(`no route for ${key}`);
  };
  return new LatchkeyClientApp({ baseUrl: "https://auth.example.com", projectId, publishableClientKey: "pck_1", tokenStore: signedInTokens(), fetch: fetchImpl as typeof fetch });
}

describe("CurrentInternalUser", () => {
  it("types the project owner's methods, answering owned projects with an admin app", () => {
    expectTypeOf<CurrentInternalUser>().toMatchTypeOf<CurrentUser>();
    // The type guard's list of method names must stay the whole of ProjectOwnerMethods.
    expectTypeOf<keyof ProjectOwnerMethods>().toEqualTypeOf<"createProject" | "listOwnedProjects">();
    expectTypeOf<Awaited<ReturnType<CurrentInternalUser["listOwnedProjects"]>>>().toEqualTypeOf<(AdminProject & { app: LatchkeyAdminApp })[]>();
    expectTypeOf<CurrentInternalUser["createProject"]>().parameter(0).toMatchTypeOf<{ displayName: string; teamId: string }>();
    expectTypeOf<CurrentUser>().not.toHaveProperty("listOwnedProjects");
    expectTypeOf<CurrentUser>().not.toHaveProperty("createProject");
  });

  it("is what isCurrentInternalUser narrows the internal project's user to, and not another project's", async () => {
    const owner = await clientApp("internal").getUser({ or: "throw" });
    expectTypeOf(owner).toEqualTypeOf<CurrentUser>();
    expect(isCurrentInternalUser(owner)).toBe(true);
    if (!isCurrentInternalUser(owner)) throw new Error("the internal project's user lacks the owner's methods");
    expectTypeOf(owner).toEqualTypeOf<CurrentInternalUser>();
    const [shop] = await owner.listOwnedProjects();
    expect(shop?.displayName).toBe("Shop");
    expect(shop?.app).toBeInstanceOf(LatchkeyAdminApp);
    expect(shop?.app.projectId).toBe("p-shop");

    const user = await clientApp("p1").getUser({ or: "throw" });
    expect(isCurrentInternalUser(user)).toBe(false);
    expect(user).not.toHaveProperty("listOwnedProjects");
    if (isCurrentInternalUser(user)) expectTypeOf(user).toEqualTypeOf<CurrentInternalUser>();
    else expectTypeOf(user).toEqualTypeOf<CurrentUser>();
    expect(isCurrentInternalUser(null)).toBe(false);
  });

  it("narrows a server app's user to a server user with the owner's methods", () => {
    const narrowed = (user: CurrentServerUser | null) => (isCurrentInternalUser(user) ? user : null);
    expectTypeOf(narrowed).returns.toEqualTypeOf<(CurrentServerUser & CurrentInternalUser) | null>();
  });
});
