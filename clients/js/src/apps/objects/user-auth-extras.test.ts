import { describe, expect, it } from "vitest";
import { fakeServer, json, signedInTokens, userJson } from "../../test-support/fake-server.js";

const link = (id: string, providerConfigId: string, email?: string) => ({
  id,
  user_id: "u1",
  provider_config_id: providerConfigId,
  type: providerConfigId === "work-sso" ? "oidc" : providerConfigId,
  ...(email !== undefined && { email }),
  allow_sign_in: true,
  allow_connected_accounts: false,
});

/** A signed-in user with the given `oauth_providers` entries and the linked accounts `links`. */
async function userWith(entries: { id: string; account_id: string; email?: string | null }[], links: ReturnType<typeof link>[]) {
  const server = fakeServer({
    "GET /users/me": () => json({ ...userJson, oauth_providers: entries }),
    "GET /oauth-providers": () => json({ items: links, is_paginated: false }),
  });
  return server.client(signedInTokens()).getUser({ or: "throw" });
}

describe("the signed-in user's linked provider accounts", () => {
  it("carry the provider's account id, read from the user's entry of the same provider config and e-mail", async () => {
    const user = await userWith(
      [{ id: "github", account_id: "gh-1001", email: "ada@example.com" }, { id: "work-sso", account_id: "sso-7", email: null }],
      [link("l1", "github", "ada@example.com"), link("l2", "work-sso")],
    );
    const providers = await user.listOAuthProviders();
    expect(providers.map((p) => [p.id, p.type, p.accountId, p.email])).toEqual([
      ["l1", "github", "gh-1001", "ada@example.com"],
      ["l2", "oidc", "sso-7", undefined],
    ]);
    expect((await user.getOAuthProvider("l1"))?.accountId).toBe("gh-1001");
  });

  it("leave the account id out when the user's entries do not name one account (missing, other e-mail, or two alike)", async () => {
    const user = await userWith(
      [{ id: "github", account_id: "gh-1", email: "ada@example.com" }, { id: "google", account_id: "g-1", email: "a@example.com" }, { id: "google", account_id: "g-2", email: "a@example.com" }],
      [link("l1", "github", "other@example.com"), link("l2", "google", "a@example.com"), link("l3", "gitlab", "ada@example.com")],
    );
    const providers = await user.listOAuthProviders();
    expect(providers.map((p) => p.id)).toEqual(["l1", "l2", "l3"]);
    for (const provider of providers) expect("accountId" in provider, provider.id).toBe(false);
  });
});
