import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

export const linkedin: ProviderDefinition = {
  id: "linkedin",
  authorizationEndpoint: () => "https://www.linkedin.com/oauth/v2/authorization",
  tokenEndpoint: () => "https://www.linkedin.com/oauth/v2/accessToken",
  // LinkedIn does not take HTTP Basic client authentication.
  clientAuth: "post",
  pkce: false,
  scopes: ["openid", "profile", "email"],
  idTokenIssuer: "https://www.linkedin.com/oauth",
  async profile({ getJson }) {
    const info = asObject(await getJson("https://api.linkedin.com/v2/userinfo"));
    return {
      accountId: accountIdOf(info.sub),
      email: stringOrNull(info.email),
      emailVerified: info.email_verified === true,
      displayName: stringOrNull(info.name),
      profileImageUrl: stringOrNull(info.picture),
    };
  },
};
