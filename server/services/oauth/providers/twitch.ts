import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

export const twitch: ProviderDefinition = {
  id: "twitch",
  authorizationEndpoint: () => "https://id.twitch.tv/oauth2/authorize",
  tokenEndpoint: () => "https://id.twitch.tv/oauth2/token",
  // Twitch does not take HTTP Basic client authentication.
  clientAuth: "post",
  pkce: false,
  scopes: ["user:read:email"],
  // Twitch answers `scope` as a JSON array; RFC 6749 §5.1 (and oauth4webapi) want a space-separated string.
  repairTokenResponse: (body) => (Array.isArray(body.scope) ? { ...body, scope: body.scope.join(" ") } : body),
  async profile({ getJson, clientId }) {
    const users = asObject(await getJson("https://api.twitch.tv/helix/users", { "client-id": clientId }));
    const user = asObject(Array.isArray(users.data) ? users.data[0] : undefined);
    return {
      accountId: accountIdOf(user.id),
      email: stringOrNull(user.email),
      // Helix does not say whether the address was verified.
      emailVerified: false,
      displayName: stringOrNull(user.display_name) ?? stringOrNull(user.login),
      profileImageUrl: stringOrNull(user.profile_image_url),
    };
  },
};
