import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

const base = (tenant: string | undefined) => `https://login.microsoftonline.com/${encodeURIComponent(tenant || "common")}/oauth2/v2.0`;

export const microsoft: ProviderDefinition = {
  id: "microsoft",
  authorizationEndpoint: ({ microsoftTenantId }) => `${base(microsoftTenantId)}/authorize`,
  tokenEndpoint: ({ microsoftTenantId }) => `${base(microsoftTenantId)}/token`,
  clientAuth: "basic",
  pkce: true,
  // No `openid`: the ID token's issuer is the user's own tenant, which a multi-tenant app cannot know in
  // advance; the profile comes from Microsoft Graph instead.
  scopes: ["User.Read", "offline_access"],
  async profile({ getJson }) {
    const me = asObject(await getJson("https://graph.microsoft.com/v1.0/me"));
    return {
      accountId: accountIdOf(me.id),
      email: stringOrNull(me.mail) ?? stringOrNull(me.userPrincipalName),
      // Microsoft accounts may carry any unverified address in `mail`.
      emailVerified: false,
      displayName: stringOrNull(me.displayName),
      profileImageUrl: null,
    };
  },
};
