import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

export const gitlab: ProviderDefinition = {
  id: "gitlab",
  authorizationEndpoint: () => "https://gitlab.com/oauth/authorize",
  tokenEndpoint: () => "https://gitlab.com/oauth/token",
  clientAuth: "basic",
  pkce: true,
  scopes: ["read_user"],
  async profile({ getJson }) {
    const user = asObject(await getJson("https://gitlab.com/api/v4/user"));
    return {
      accountId: accountIdOf(user.id),
      email: stringOrNull(user.email),
      // GitLab's primary e-mail must be confirmed before `confirmed_at` is set.
      emailVerified: stringOrNull(user.confirmed_at) !== null,
      displayName: stringOrNull(user.name) ?? stringOrNull(user.username),
      profileImageUrl: stringOrNull(user.avatar_url),
    };
  },
};
