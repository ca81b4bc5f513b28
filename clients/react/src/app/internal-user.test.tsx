import { Suspense } from "react";
import { prerender } from "react-dom/static";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { CurrentInternalUser as PlainInternalUser, CurrentUser } from "@latchkey/js";
import { adminProjectJson, fakeJwt, json, userJson } from "../test-support/fake-server.js";
import { StackAdminApp, StackClientApp } from "./apps.js";
import { isCurrentInternalUser, type CurrentInternalUser } from "./internal-user.js";
import type { Hooked } from "./object-hooks.js";

async function render(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return (await new Response(prelude).text()).replaceAll("<!-- -->", "");
}

const shopJson = adminProjectJson("p-shop", "Shop");

/** A React client app of `projectId` whose server knows one signed-in user and the project it owns. */
function clientApp(projectId: string) {
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${new URL(String(input)).pathname.replace("/api/v1", "")}`;
    if (key === "GET /users/me") return json(userJson);
    if (key === "GET /internal/projects") return json({ items: [shopJson], is_paginated: false });
    throw new Error(`no route for ${key}`);
  };
  return new StackClientApp({ baseUrl: "http://api.test", projectId, publishableClientKey: "pck", tokenStore: { accessToken: fakeJwt(Date.now() + 600_000), refreshToken: "r1" }, fetch: fetchImpl as typeof fetch });
}

/** The names of the owned projects, when the signed-in user owns any; "not an owner" otherwise. */
function OwnedProjectNames({ app }: { app: StackClientApp }) {
  const user = app.useUser({ or: "throw" });
  if (!isCurrentInternalUser(user)) return <p>not an owner</p>;
  return <p>{user.useOwnedProjects().map((p) => p.displayName).join(",")}</p>;
}

describe("CurrentInternalUser of @latchkey/react", () => {
  it("types the owner's hooks and gives owned projects the hook-carrying admin app", () => {
    expectTypeOf<CurrentInternalUser>().toMatchTypeOf<PlainInternalUser>();
    expectTypeOf<CurrentInternalUser>().toMatchTypeOf<Hooked<CurrentUser>>();
    expectTypeOf<ReturnType<CurrentInternalUser["useOwnedProjects"]>[number]["app"]>().toEqualTypeOf<StackAdminApp>();
    expectTypeOf<Awaited<ReturnType<CurrentInternalUser["createProject"]>>["app"]>().toEqualTypeOf<StackAdminApp>();
    expectTypeOf<Hooked<CurrentUser>>().not.toHaveProperty("useOwnedProjects");
    expectTypeOf<Hooked<CurrentUser>>().not.toHaveProperty("listOwnedProjects");
  });

  it("isCurrentInternalUser lets an internal project's user call useOwnedProjects, and turns away another project's", async () => {
    expect(await render(<Suspense fallback="loading"><OwnedProjectNames app={clientApp("internal")} /></Suspense>)).toContain("<p>Shop</p>");
    expect(await render(<Suspense fallback="loading"><OwnedProjectNames app={clientApp("p1")} /></Suspense>)).toContain("<p>not an owner</p>");

    const owner = await clientApp("internal").getUser({ or: "throw" });
    if (!isCurrentInternalUser(owner)) throw new Error("the internal project's user lacks the owner's methods");
    const [shop] = await owner.listOwnedProjects();
    expect(shop?.app).toBeInstanceOf(StackAdminApp);
  });
});
