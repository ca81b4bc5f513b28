import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

export const spotify: ProviderDefinition = {
  id: "spotify",
  authorizationEndpoint: () => "https://accounts.spotify.com/authorize",
  tokenEndpoint: () => "https://accounts.spotify.com/api/token",
  clientAuth: "basic",
  pkce: true,
  scopes: ["user-read-email", "user-read-private"],
  async profile({ getJson }) {
    const me = asObject(await getJson("https://api.spotify.com/v1/me"));
    const images = Array.isArray(me.images) ? me.images.map(asObject) : [];
    return {
      accountId: accountIdOf(me.id),
      email: stringOrNull(me.email),
      // Spotify does not say whether it verified the address.
      emailVerified: false,
      displayName: stringOrNull(me.display_name),
      profileImageUrl: stringOrNull(images[0]?.url),
    };
  },
};
