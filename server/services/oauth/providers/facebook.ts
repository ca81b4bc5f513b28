import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

export const facebook: ProviderDefinition = {
  id: "facebook",
  authorizationEndpoint: () => "https://www.facebook.com/v16.0/dialog/oauth",
  tokenEndpoint: () => "https://graph.facebook.com/v16.0/oauth/access_token",
  clientAuth: "post",
  pkce: false,
  scopes: ["email", "public_profile"],
  // Facebook Login for Business: a configuration id stands for the scopes.
  authorizationParams: ({ facebookConfigId }): Record<string, string> => (facebookConfigId ? { config_id: facebookConfigId } : {}),
  async profile({ getJson }) {
    const me = asObject(await getJson("https://graph.facebook.com/v16.0/me?fields=id,name,email,picture"));
    return {
      accountId: accountIdOf(me.id),
      email: stringOrNull(me.email),
      // The Graph API does not say whether the address was confirmed.
      emailVerified: false,
      displayName: stringOrNull(me.name),
      profileImageUrl: stringOrNull(asObject(asObject(me.picture).data).url),
    };
  },
};
