import { accountIdOf, asObject, stringOrNull, type ProviderDefinition } from "./types.js";

export const apple: ProviderDefinition = {
  id: "apple",
  authorizationEndpoint: () => "https://appleid.apple.com/auth/authorize",
  tokenEndpoint: () => "https://appleid.apple.com/auth/token",
  // The client secret is the signed JWT the project generates from its Apple key.
  clientAuth: "post",
  pkce: false,
  scopes: ["name", "email"],
  // Apple posts the callback as a form when scopes are asked for.
  authorizationParams: () => ({ response_mode: "form_post" }),
  idTokenIssuer: "https://appleid.apple.com",
  async profile({ idTokenClaims, callbackParams }) {
    // Apple has no profile endpoint: the ID token carries the account and e-mail, and the name comes
    // once, in the `user` form field of the first sign-in.
    const claims = idTokenClaims ?? {};
    let name: string | null = null;
    try {
      const user = asObject(JSON.parse(callbackParams.get("user") ?? "null"));
      const parts = asObject(user.name);
      name = [stringOrNull(parts.firstName), stringOrNull(parts.lastName)].filter(Boolean).join(" ") || null;
    } catch {
      name = null;
    }
    return {
      accountId: accountIdOf(claims.sub),
      email: stringOrNull(claims.email),
      emailVerified: claims.email_verified === true || claims.email_verified === "true",
      displayName: name,
      profileImageUrl: null,
    };
  },
};
