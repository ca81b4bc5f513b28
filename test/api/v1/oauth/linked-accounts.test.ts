/**
 * Linked accounts (`/oauth-providers`), connected-account access tokens, and a custom OpenID Connect
 * provider (a real oidc-provider on loopback) configured by issuer URL.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { expectKnownError, expectStatusError } from "../../../support/known-errors.js";
import { startOidcProvider } from "../../../support/oidc-provider.js";
import { oauthWorld, providerCredentials, signInWith } from "./support.js";

const ada = { id: "1001", email: "ada@example.com", emailVerified: true, name: "Ada" };

describe.each(testDialects)("linked accounts on %s", (dialect) => {
  it("hands out connected-account tokens: fresh, refreshed after expiry, missing scope, not connected", async () => {
    await using world = await oauthWorld(dialect, ["github", "google"]);
    world.standIns.next("github", ada);
    const { token } = await signInWith(world, "github");
    const asUser = { access: "client" as const, project: world.project, headers: { "x-stack-access-token": token!.body.access_token } };
    const ask = (provider: string, scope: string) => world.lk.call("POST", `/connected-accounts/me/${provider}/access-token`, { ...asUser, body: { scope } });
    // After the clock moves, the user's own access token has expired: ask as the server.
    const askAsServer = (provider: string, scope: string) =>
      world.lk.call("POST", `/connected-accounts/${token!.body.user_id}/${provider}/access-token`, { access: "server", project: world.project, body: { scope } });

    const fresh = await ask("github", "read:user");
    expect(fresh.status).toBe(201);
    expect(fresh.body.access_token).toMatch(/^at-github-/);
    expect((await ask("github", "")).body.access_token).toBe(fresh.body.access_token);

    world.lk.clock.advance(2 * 3600 * 1000);
    const refreshed = await askAsServer("github", "user:email");
    expect(refreshed.body.access_token).toMatch(/^at-github-/);
    expect(refreshed.body.access_token).not.toBe(fresh.body.access_token);
    expect(world.standIns.tokenRequests.map((r) => r.grantType)).toEqual(["authorization_code", "refresh_token"]);

    expectKnownError(await askAsServer("github", "repo"), 400, "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE");
    expectKnownError(await askAsServer("google", ""), 400, "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");
    expectKnownError(await askAsServer("gitlab", ""), 400, "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");

    // Provider tokens are sealed at rest.
    expect(await world.lk.dumpDatabaseText()).not.toContain(fresh.body.access_token);
  });

  it("lists, creates, reads, updates and deletes links with the sign-in rules", async () => {
    await using world = await oauthWorld(dialect, ["github", "google"]);
    world.standIns.next("github", ada);
    const { token } = await signInWith(world, "github");
    const userId = token!.body.user_id as string;
    const server = { access: "server" as const, project: world.project };
    const asUser = { access: "client" as const, project: world.project, headers: { "x-stack-access-token": token!.body.access_token } };

    const mine = await world.lk.call("GET", "/oauth-providers?user_id=me", asUser);
    expect(mine.body.items).toEqual([{ id: expect.any(String), user_id: userId, provider_config_id: "github", type: "github", email: ada.email, allow_sign_in: true, allow_connected_accounts: true }]);

    const body = { user_id: userId, provider_config_id: "google", account_id: "g-7", allow_sign_in: true, allow_connected_accounts: false };
    const created = await world.lk.call("POST", "/oauth-providers", { ...server, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ type: "google", account_id: "g-7", allow_sign_in: true });
    expectStatusError(await world.lk.call("POST", "/oauth-providers", { ...server, body }), 400, "oauthProviderAccountExists");
    expectStatusError(await world.lk.call("POST", "/oauth-providers", { ...server, body: { ...body, account_id: "g-8" } }), 400, "oauthProviderSignInTypeExists");
    expectStatusError(await world.lk.call("POST", "/oauth-providers", { ...server, body: { ...body, provider_config_id: "gitlab" } }), 404, "oauthProviderConfigNotFound", { providerConfigId: "gitlab" });

    const other = await world.lk.call("POST", "/users", { ...server, body: {} });
    const elsewhere = await world.lk.call("POST", "/oauth-providers", { ...server, body: { ...body, user_id: other.body.id } });
    expectKnownError(elsewhere, 400, "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN");

    const patched = await world.lk.call("PATCH", `/oauth-providers/me/${created.body.id}`, { ...asUser, body: { allow_sign_in: false } });
    expect(patched.body).toMatchObject({ allow_sign_in: false });
    expect(patched.body.account_id).toBeUndefined();
    expectStatusError(await world.lk.call("GET", `/oauth-providers/${other.body.id}/${created.body.id}`, asUser), 403, "oauthProviderReadOwnOnly");
    expectStatusError(await world.lk.call("PATCH", `/oauth-providers/${other.body.id}/${created.body.id}`, { ...asUser, body: { allow_sign_in: true } }), 403, "oauthProvidersOwnOnly");
    expect((await world.lk.call("DELETE", `/oauth-providers/me/${created.body.id}`, asUser)).body).toEqual({ success: true });
    expectStatusError(await world.lk.call("GET", `/oauth-providers/${userId}/${created.body.id}`, server), 404, "oauthProviderLinkNotFound", { linkId: created.body.id, userId });
  });

  it("signs in through a custom OpenID Connect provider found by discovery", async () => {
    const redirectUri = "http://localhost:8102/api/v1/auth/oauth/callback/corp";
    await using idp = await startOidcProvider({ ...providerCredentials, redirectUris: [redirectUri] });
    await using world = await oauthWorld(dialect, [], {
      "auth.oauth.providers.corp": {
        type: "oidc", issuerUrl: idp.issuer, isShared: false, clientId: providerCredentials.clientId, clientSecret: providerCredentials.clientSecret,
        allowSignIn: true, allowConnectedAccounts: false,
      },
    });
    idp.next({ sub: "corp-42", email: "grace@corp.example", email_verified: true, name: "Grace Hopper" });
    const { token } = await signInWith(world, "corp");
    expect(token!.status, token!.text).toBe(200);
    const user = await world.lk.call("GET", `/users/${token!.body.user_id}`, { access: "server", project: world.project });
    expect(user.body).toMatchObject({ display_name: "Grace Hopper", primary_email: "grace@corp.example", primary_email_verified: true, oauth_providers: [{ id: "corp", account_id: "corp-42" }] });

    idp.next("deny");
    const denied = await signInWith(world, "corp");
    expect(denied.end.appUrl?.searchParams.get("errorCode")).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
  });
});
