import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

export const x: ProviderDefinition = {
  id: "x",
  authorizationEndpoint: () => "https://twitter.com/i/oauth2/authorize",
  tokenEndpoint: () => "https://api.twitter.com/2/oauth2/token",
  clientAuth: "basic",
  pkce: true,
  scopes: ["users.read", "tweet.read", "offline.access"],
  async profile({ getJson }) {
    const me = asObject(asObject(await getJson("https://api.twitter.com/2/users/me?user.fields=profile_image_url")).data);
    return {
      accountId: accountIdOf(me.id),
      // X's OAuth 2 API gives no e-mail address.
      email: null,
      emailVerified: false,
      displayName: stringOrNull(me.name) ?? stringOrNull(me.username),
      profileImageUrl: stringOrNull(me.profile_image_url),
    };
  },
};
