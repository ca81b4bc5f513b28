/**
 * The errors of the OAuth calls for what shared OAuth keys (the server's own client id and secret for a
 * provider) cannot do, and for a scope other than Stack's `legacy` (issue 35, finding 21: no test named
 * them): extra provider scopes and connected-account access tokens need the project's own keys.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance, type TestInstance } from "../../../support/instance.js";
import { expectKnownError, expectStatusError } from "../../../support/known-errors.js";
import { authorizePath, pkcePair } from "../../../support/oauth-browser.js";
import { startStandIns } from "../../../support/oauth-stand-ins.js";
import { providerCredentials, standardProvider } from "./support.js";

async function authorize(lk: TestInstance, path: string): Promise<{ status: number; location: string | null }> {
  const res = await lk.app.request(`/api/v1${path}`, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location") };
}

describe.each(testDialects)("shared OAuth keys and scopes on %s", (dialect) => {
  it("refuses extra provider scopes and connected-account tokens with shared keys, and a scope other than legacy", async () => {
    await using standIns = await startStandIns(providerCredentials);
    await using lk = await createTestInstance(dialect, { oauth: { providerBaseUrls: { "*": standIns.url }, sharedCredentials: { github: providerCredentials } } });
    const project = await lk.createProject({
      configOverride: { "auth.oauth.providers.github": standardProvider("github", { isShared: true, clientId: undefined, clientSecret: undefined }), "auth.oauth.providers.gitlab": standardProvider("gitlab", { isShared: true }) },
    });
    const { challenge } = pkcePair();

    // Shared keys sign in (the authorize answer sends the browser to the provider) ...
    expect((await authorize(lk, authorizePath("github", project, { challenge, state: "s1" }))).status).toBe(307);
    // ... but ask the provider for nothing beyond sign-in.
    const extraScope = await lk.call("GET", authorizePath("github", project, { challenge, state: "s2", extra: { provider_scope: "repo" } }));
    expectKnownError(extraScope, 400, "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");
    const otherScope = await lk.call("GET", authorizePath("github", project, { challenge, state: "s3", extra: { scope: "openid" } }));
    expectKnownError(otherScope, 400, "INVALID_SCOPE", { scope: "openid" });
    // A provider whose shared keys this server does not have.
    const noKeys = await lk.call("GET", authorizePath("gitlab", project, { challenge, state: "s4" }));
    expectStatusError(noKeys, 400, "sharedOAuthCredentialsMissing", { providerId: "gitlab" });

    const user = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com" } });
    const token = await lk.call("POST", `/connected-accounts/${user.body.id}/github/access-token`, { access: "server", project, body: { scope: "" } });
    expectKnownError(token, 400, "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");
  });
});
