import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

export const discord: ProviderDefinition = {
  id: "discord",
  authorizationEndpoint: () => "https://discord.com/oauth2/authorize",
  tokenEndpoint: () => "https://discord.com/api/oauth2/token",
  clientAuth: "basic",
  pkce: true,
  scopes: ["identify", "email"],
  async profile({ getJson }) {
    const me = asObject(await getJson("https://discord.com/api/users/@me"));
    const id = accountIdOf(me.id);
    const avatar = stringOrNull(me.avatar);
    return {
      accountId: id,
      email: stringOrNull(me.email),
      emailVerified: me.verified === true,
      displayName: stringOrNull(me.global_name) ?? stringOrNull(me.username),
      profileImageUrl: avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : null,
    };
  },
};
