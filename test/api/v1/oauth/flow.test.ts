/**
 * Social sign-in end to end over HTTP against local providers: sign-up and sign-in, linking, the merge
 * strategies, and each refusal with its known error (or plain-status answer).
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { expectKnownError, expectStatusError } from "../../../support/known-errors.js";
import { authorizePath, pkcePair, redeem, walkFlow } from "../../../support/oauth-browser.js";
import { oauthWorld, signInWith, type OAuthWorld } from "./support.js";

const ada = { id: "1001", email: "ada@example.com", emailVerified: true, name: "Ada" };

async function existingUser(world: OAuthWorld, verified: boolean) {
  const res = await world.lk.call("POST", "/users", {
    access: "server", project: world.project,
    body: { primary_email: ada.email, primary_email_verified: verified, primary_email_auth_enabled: true, password: "a good password" },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** The error page the flow ended at: its errorCode. */
const errorCodeOf = (end: { appUrl: URL | null }) => end.appUrl?.searchParams.get("errorCode");

describe.each(testDialects)("social sign-in on %s", (dialect) => {
  it("signs up a new user, then signs the same provider account in again", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    world.standIns.next("github", ada);
    const first = await signInWith(world, "github");
    expect(first.token!.body).toMatchObject({ is_new_user: true });
    world.standIns.next("github", ada);
    const again = await signInWith(world, "github");
    expect(again.token!.body).toMatchObject({ is_new_user: false, user_id: first.token!.body.user_id });
    const me = await world.lk.call("GET", "/users/me", { access: "client", project: world.project, headers: { "x-stack-access-token": again.token!.body.access_token } });
    expect(me.body).toMatchObject({ primary_email: ada.email, primary_email_verified: true, oauth_providers: [{ id: "github", account_id: "1001" }] });
  });

  it("links a second provider to the signed-in user, and refuses a provider account of another user", async () => {
    await using world = await oauthWorld(dialect, ["github", "google"]);
    world.standIns.next("github", ada);
    const { token } = await signInWith(world, "github");
    world.lk.clock.advance(1000);
    world.standIns.next("google", { id: "g-1", email: "ada@gmail.example", emailVerified: true });
    const link = await signInWith(world, "google", { type: "link", token: token!.body.access_token, after_callback_redirect_url: "http://localhost:3000/settings" });
    expect(link.token!.body).toMatchObject({ is_new_user: false, user_id: token!.body.user_id, after_callback_redirect_url: "http://localhost:3000/settings" });
    const list = await world.lk.call("GET", `/oauth-providers?user_id=${token!.body.user_id}`, { access: "server", project: world.project });
    expect(list.body.items.map((i: { provider_config_id: string }) => i.provider_config_id)).toEqual(["github", "google"]);

    // Another user may not take the github account.
    world.standIns.next("github", { id: "2002", email: "bob@example.com", emailVerified: true });
    const bob = await signInWith(world, "github");
    world.standIns.next("github", ada);
    const steal = await signInWith(world, "github", { type: "link", token: bob.token!.body.access_token });
    expect(errorCodeOf(steal.end)).toBe("OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER");

    const noToken = await world.lk.call("GET", authorizePath("github", world.project, { challenge: pkcePair().challenge, state: "s", extra: { type: "link" } }));
    expectStatusError(noToken, 400, "oauthLinkNeedsToken");
  });

  it("link_method attaches to a verified e-mail owner and refuses an unverified one", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    const owner = await existingUser(world, true);
    world.standIns.next("github", ada);
    const linked = await signInWith(world, "github");
    expect(linked.token!.body).toMatchObject({ is_new_user: false, user_id: owner });

    await using other = await oauthWorld(dialect, ["github"]);
    await existingUser(other, false);
    other.standIns.next("github", ada);
    const refused = await signInWith(other, "github");
    expect(errorCodeOf(refused.end)).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");
    expect(JSON.parse(refused.end.appUrl!.searchParams.get("details")!)).toEqual({ type: "email", contact_channel_value: ada.email, would_work_if_email_was_verified: true });

    // The provider's own unverified address never links either.
    await using third = await oauthWorld(dialect, ["github"]);
    await existingUser(third, true);
    third.standIns.next("github", { ...ada, emailVerified: false });
    expect(errorCodeOf((await signInWith(third, "github")).end)).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");
  });

  it("raise_error refuses and allow_duplicates makes a second user", async () => {
    await using raising = await oauthWorld(dialect, ["github"], { "auth.oauth.accountMergeStrategy": "raise_error" });
    await existingUser(raising, true);
    raising.standIns.next("github", ada);
    expect(errorCodeOf((await signInWith(raising, "github")).end)).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");

    await using duplicating = await oauthWorld(dialect, ["github"], { "auth.oauth.accountMergeStrategy": "allow_duplicates" });
    const owner = await existingUser(duplicating, false);
    duplicating.standIns.next("github", ada);
    const { token } = await signInWith(duplicating, "github");
    expect(token!.body.is_new_user).toBe(true);
    expect(token!.body.user_id).not.toBe(owner);
    const user = await duplicating.lk.call("GET", `/users/${token!.body.user_id}`, { access: "server", project: duplicating.project });
    expect(user.body).toMatchObject({ primary_email: ada.email, primary_email_auth_enabled: false });
  });

  it("answers denied consent, an unknown state, a wrong verifier, a replayed code and an untrusted redirect URI", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    world.standIns.next("github", "deny");
    expect(errorCodeOf((await signInWith(world, "github")).end)).toBe("OAUTH_PROVIDER_ACCESS_DENIED");

    const unknownState = await world.lk.call("GET", "/auth/oauth/callback/github?code=x&state=not-a-flow");
    expectStatusError(unknownState, 400, "oauthFlowNotFound");

    const { verifier, challenge } = pkcePair();
    world.standIns.next("github", ada);
    const end = await walkFlow(world.lk, authorizePath("github", world.project, { challenge, state: "s1" }));
    expectKnownError(await redeem(world.lk, world.project, end.appUrl!, pkcePair().verifier), 400, "INVALID_AUTHORIZATION_CODE");
    expectStatusError(await redeem(world.lk, world.project, end.appUrl!, verifier, "http://localhost:3000/elsewhere"), 400, "oauthRedirectUriMismatch");
    expect((await redeem(world.lk, world.project, end.appUrl!, verifier)).status).toBe(200);
    expectKnownError(await redeem(world.lk, world.project, end.appUrl!, verifier), 400, "INVALID_AUTHORIZATION_CODE");

    const untrusted = await world.lk.call("GET", authorizePath("github", world.project, { challenge, state: "s2", redirectUri: "https://evil.example/cb" }));
    expectKnownError(untrusted, 400, "REDIRECT_URL_NOT_WHITELISTED");
    const unknownProvider = await world.lk.call("GET", authorizePath("gitlab", world.project, { challenge, state: "s3" }));
    expectKnownError(unknownProvider, 400, "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
    const badKey = await world.lk.call("GET", authorizePath("github", { id: world.project.id, keys: { publishableClientKey: "nope" } }, { challenge, state: "s4" }));
    expectKnownError(badKey, 401, "INVALID_PUBLISHABLE_CLIENT_KEY", { project_id: world.project.id });
  });

  it("times a flow out after 10 minutes", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    const { challenge } = pkcePair();
    const start = await world.lk.call("GET", authorizePath("github", world.project, { challenge, state: "s", extra: { error_redirect_url: "https://evil.example/err" } }));
    expect(start.status).toBe(307);
    const state = new URL(start.headers.get("location")!).searchParams.get("state")!;
    const cookie = start.headers.getSetCookie()[0]!.split(";")[0]!;
    world.lk.clock.advance(11 * 60 * 1000);
    expectKnownError(await world.lk.call("GET", `/auth/oauth/callback/github?code=c&state=${state}`, { headers: { cookie } }), 408, "OUTER_OAUTH_TIMEOUT");
  });

  it("asks a user with TOTP for the second factor after the code exchange", async () => {
    await using world = await oauthWorld(dialect, ["github"]);
    world.standIns.next("github", ada);
    const { token } = await signInWith(world, "github");
    const totp = Buffer.alloc(20, 3).toString("base64");
    expect((await world.lk.call("PATCH", `/users/${token!.body.user_id}`, { access: "server", project: world.project, body: { totp_secret_base64: totp } })).status).toBe(200);
    world.standIns.next("github", ada);
    const again = await signInWith(world, "github");
    expect([again.token!.status, again.token!.body.code, typeof again.token!.body.error]).toEqual([400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "string"]);
    expect(again.token!.body.details.attempt_code).toHaveLength(45);
  });

  it("refuses sign-up when the project allows none", async () => {
    await using world = await oauthWorld(dialect, ["github"], { "auth.allowSignUp": false });
    world.standIns.next("github", ada);
    expect(errorCodeOf((await signInWith(world, "github")).end)).toBe("SIGN_UP_NOT_ENABLED");
  });
});
