/**
 * The authorize step answered as Stack's backend does (backend-fidelity-2.md §1): `plain` PKCE and
 * challenges of any length are accepted (the default method is `plain`, RFC 7636 §4.3), the client is
 * checked before anything else, and the browser-binding cookie is set at `Path=/` with `Expires`.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { expectKnownError } from "../../../support/known-errors.js";
import { authorizePath, redeem, walkFlow } from "../../../support/oauth-browser.js";
import { oauthWorld } from "./support.js";

const ada = { id: "2001", email: "ada@example.com", emailVerified: true, name: "Ada" };

describe.each(testDialects)("GET /auth/oauth/authorize as Stack answers it on %s", (dialect) => {
  it("accepts a short plain challenge, redirects 307, and redeems the code with the challenge itself as verifier", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    const challenge = "short-plain-chall19";
    world.standIns.next("github", ada);
    const start = await world.lk.app.request(`/api/v1${authorizePath("github", world.project, { challenge, state: "s", extra: { code_challenge_method: "plain" } })}`, { redirect: "manual" });
    expect(start.status).toBe(307);

    world.standIns.next("github", ada);
    const end = await walkFlow(world.lk, authorizePath("github", world.project, { challenge, state: "s2", extra: { code_challenge_method: "plain" } }));
    expect(end.appUrl?.searchParams.get("state")).toBe("s2");
    expectKnownError(await redeem(world.lk, world.project, end.appUrl!, `${challenge}x`), 400, "INVALID_AUTHORIZATION_CODE");
    const token = await redeem(world.lk, world.project, end.appUrl!, challenge);
    expect([token.status, token.body]).toMatchObject([200, { is_new_user: true }]);
  });

  it("takes a challenge without a method as plain", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    const params = new URLSearchParams(authorizePath("github", world.project, { challenge: "verifier-sent-as-is", state: "s" }).split("?")[1]);
    params.delete("code_challenge_method");
    world.standIns.next("github", ada);
    const end = await walkFlow(world.lk, `/auth/oauth/authorize/github?${params}`);
    expect((await redeem(world.lk, world.project, end.appUrl!, "verifier-sent-as-is")).status).toBe(200);
  });

  it("checks the client before the PKCE fields: unknown client 400, wrong key 401", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    const loose = { code_challenge_method: "plain" };
    const unknown = authorizePath("github", { id: "internal#does-not-exist", keys: world.project.keys }, { challenge: "x", state: "s", extra: loose });
    expectKnownError(await world.lk.call("GET", unknown), 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: "internal#does-not-exist" });
    const wrongKey = authorizePath("github", { id: world.project.id, keys: { publishableClientKey: "pck_wrong" } }, { challenge: "x", state: "s", extra: loose });
    expectKnownError(await world.lk.call("GET", wrongKey), 401, "INVALID_PUBLISHABLE_CLIENT_KEY", { project_id: world.project.id });
  });

  it("sets the browser-binding cookie at Path=/ with Expires and Max-Age, HttpOnly", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    const res = await world.lk.app.request(`/api/v1${authorizePath("github", world.project, { challenge: "c", state: "s", extra: { code_challenge_method: "plain" } })}`, { redirect: "manual" });
    const [, ...attributes] = res.headers.getSetCookie()[0]!.split("; ");
    const expires = new Date(world.lk.deps.clock.now().getTime() + 600_000).toUTCString();
    expect(attributes).toEqual(expect.arrayContaining(["Path=/", `Expires=${expires}`, "Max-Age=600", "HttpOnly"]));
  });
});
