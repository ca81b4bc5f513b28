import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

export const google: ProviderDefinition = {
  id: "google",
  authorizationEndpoint: () => "https://accounts.google.com/o/oauth2/v2/auth",
  tokenEndpoint: () => "https://oauth2.googleapis.com/token",
  clientAuth: "basic",
  pkce: true,
  scopes: ["openid", "email", "profile"],
  // A refresh token for connected accounts.
  authorizationParams: () => ({ access_type: "offline", prompt: "consent" }),
  idTokenIssuer: "https://accounts.google.com",
  async profile({ getJson }) {
    const info = asObject(await getJson("https://openidconnect.googleapis.com/v1/userinfo"));
    return {
      accountId: accountIdOf(info.sub),
      email: stringOrNull(info.email),
      emailVerified: info.email_verified === true,
      displayName: stringOrNull(info.name),
      profileImageUrl: stringOrNull(info.picture),
    };
  },
};
