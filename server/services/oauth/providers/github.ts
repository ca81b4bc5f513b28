import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

export const github: ProviderDefinition = {
  id: "github",
  authorizationEndpoint: () => "https://github.com/login/oauth/authorize",
  tokenEndpoint: () => "https://github.com/login/oauth/access_token",
  clientAuth: "basic",
  pkce: false,
  scopes: ["read:user", "user:email"],
  async profile({ getJson }) {
    const user = asObject(await getJson("https://api.github.com/user"));
    // The profile's public e-mail may be any address; the e-mails list says which one is primary and verified.
    const emails = await getJson("https://api.github.com/user/emails");
    const primary = (Array.isArray(emails) ? emails.map(asObject) : []).find((e) => e.primary === true);
    return {
      accountId: accountIdOf(user.id),
      email: stringOrNull(primary?.email) ?? stringOrNull(user.email),
      emailVerified: primary?.verified === true,
      displayName: stringOrNull(user.name) ?? stringOrNull(user.login),
      profileImageUrl: stringOrNull(user.avatar_url),
    };
  },
};
