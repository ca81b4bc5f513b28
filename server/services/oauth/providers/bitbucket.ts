import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

export const bitbucket: ProviderDefinition = {
  id: "bitbucket",
  authorizationEndpoint: () => "https://bitbucket.org/site/oauth2/authorize",
  tokenEndpoint: () => "https://bitbucket.org/site/oauth2/access_token",
  clientAuth: "basic",
  pkce: false,
  // Bitbucket grants the scopes set on the OAuth consumer (account, email).
  scopes: [],
  async profile({ getJson }) {
    const user = asObject(await getJson("https://api.bitbucket.org/2.0/user"));
    const emails = asObject(await getJson("https://api.bitbucket.org/2.0/user/emails"));
    const primary = (Array.isArray(emails.values) ? emails.values.map(asObject) : []).find((e) => e.is_primary === true);
    return {
      accountId: accountIdOf(user.uuid),
      email: stringOrNull(primary?.email),
      emailVerified: primary?.is_confirmed === true,
      displayName: stringOrNull(user.display_name) ?? stringOrNull(user.username),
      profileImageUrl: stringOrNull(asObject(asObject(user.links).avatar).href),
    };
  },
};
