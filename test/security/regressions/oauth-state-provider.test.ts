/**
 * Issue 35, finding 19 (a mutation audit found it unguarded): the state of a flow started with one provider
 * is refused on another provider's callback (400, no flow), and the flow stays usable on its own.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../support/databases.js";
import { expectStatusError } from "../../support/known-errors.js";
import { authorizePath, pkcePair, redeem } from "../../support/oauth-browser.js";
import { oauthWorld } from "../../api/v1/oauth/support.js";

const ada = { id: "1001", email: "ada@example.com", emailVerified: true, name: "Ada" };

describe.each(testDialects)("an OAuth flow's state on another provider's callback on %s", (dialect) => {
  it("is refused, and the flow finishes on its own provider's callback", async () => {
    await using world = await oauthWorld(dialect, ["github", "google"]);
    const { lk } = world;
    const { verifier, challenge } = pkcePair();
    world.standIns.next("github", ada);
    const start = await lk.app.request(`/api/v1${authorizePath("github", world.project, { challenge, state: "app-state" })}`, { redirect: "manual" });
    expect(start.status).toBe(307);
    const cookie = start.headers.getSetCookie().map((line) => line.split(";")[0]!).join("; ");
    // The provider would send the browser back with a code and our state; the code is the stand-in's.
    const atProvider = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(atProvider.headers.get("location")!);
    expect(back.pathname).toBe("/api/v1/auth/oauth/callback/github");

    const elsewhere = await lk.call("GET", `/auth/oauth/callback/google${back.search}`, { headers: { cookie } });
    expectStatusError(elsewhere, 400, "oauthFlowNotFound");

    const done = await lk.call("GET", `/auth/oauth/callback/github${back.search}`, { headers: { cookie } });
    expect(done.status).toBe(303);
    const appUrl = new URL(done.headers.get("location")!);
    expect((await redeem(lk, world.project, appUrl, verifier)).body).toMatchObject({ is_new_user: true });
  });
});
