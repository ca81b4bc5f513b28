/** The wire shapes the OAuth apps page works with, from the router's types (never written out again). */
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { standardOAuthScopes } from "../../../../contract/identity-provider.js";
import type { AppRouter } from "../../lib/trpc.js";

export type OAuthClient = inferRouterOutputs<AppRouter>["listOAuthClients"]["items"][number];
export type OAuthClientWithSecret = inferRouterOutputs<AppRouter>["createOAuthClient"];
/** What the form edits: the create body, with every field present. */
type CreateInput = Exclude<inferRouterInputs<AppRouter>["createOAuthClient"], void | undefined>;
export type OAuthClientFields = Required<NonNullable<CreateInput["body"]>>;
export type GrantType = OAuthClientFields["grant_types"][number];

/** Every grant type, in the order the form lists them (a Record, so the compiler sees a new one is missing). */
export const grantLabels: Record<GrantType, string> = {
  authorization_code: "Authorization code (users sign in, with PKCE)",
  refresh_token: "Refresh token (stay signed in; needs offline_access)",
  client_credentials: "Client credentials (machine access, no user; confidential clients)",
};
export const grantTypes = Object.keys(grantLabels) as GrantType[];

/** The scopes every project knows (the contract's list; kept here so the page does not bundle the contract). */
export const standardScopes = ["openid", "profile", "email", "offline_access"] as const satisfies typeof standardOAuthScopes;
