/**
 * Social sign-in (oauth-and-passkeys-and-mfa.md §1-3): the outer OAuth flow a browser walks through
 * (authorize, then the provider's callback, which ends at the app's redirect URI with our authorization
 * code; the code is exchanged at POST /auth/oauth/token, contract/sessions.ts), the linked provider
 * accounts of a user (`/oauth-providers`), and provider access tokens for connected accounts.
 *
 * Two ids: the provider config id (the key under `auth.oauth.providers`, e.g. `google`) names a
 * provider in paths; the linked-account id (a UUID) names one linked account.
 */
import { z } from "zod";
import { listOf, successResponse, userIdOrMe, uuid } from "./fields.js";
import { defineProcedure, redirectTarget } from "./procedure.js";
import { oauthProviderIds } from "./project-config.js";

const providerConfigId = z
  .string()
  .min(1)
  .max(63)
  .regex(/^[a-z0-9_:]+$/, "must be a provider config id")
  .meta({ description: "A provider config id: the key of the provider under `auth.oauth.providers`.", example: "google" });

/** The provider type of a linked account: one of the twelve presets, or `oidc` for a custom OpenID Connect provider. */
export const linkedProviderType = z
  .enum([...oauthProviderIds, "oidc"])
  .meta({ description: "The provider type, from the provider's config.", example: "google" });

const clientLinkedAccountShape = {
  id: uuid.meta({ description: "The linked-account id." }),
  user_id: uuid,
  provider_config_id: providerConfigId,
  type: linkedProviderType,
  email: z.string().optional().meta({ description: "The e-mail the provider reported, when it reported one." }),
  allow_sign_in: z.boolean().meta({ description: "Signing in with this provider account signs in this user (at most one per provider per user)." }),
  allow_connected_accounts: z.boolean().meta({ description: "The app may ask for this account's provider access tokens." }),
};

export const clientLinkedAccount = z.object(clientLinkedAccountShape).meta({ id: "ClientOAuthProvider" });
export const serverLinkedAccount = z
  .object({ ...clientLinkedAccountShape, account_id: z.string().meta({ description: "The account's id at the provider." }) })
  .meta({ id: "ServerOAuthProvider" });

const linkedAccountOutput = { client: clientLinkedAccount, server: serverLinkedAccount };
const linkParams = z.strictObject({ user_id: userIdOrMe, provider_id: uuid.meta({ description: "The linked-account id." }) });

const authorizeQuery = z.object({
  client_id: z.string().max(300).meta({ description: "The project id (optionally `<project>#<branch>`)." }),
  client_secret: z.string().max(300).meta({ description: "A publishable client key of the project." }),
  redirect_uri: z.string().max(2000).meta({ description: "Where the browser returns with `code` and `state`: a URL on a trusted domain." }),
  scope: z.string().max(300).optional().meta({ description: "Only `legacy` is accepted." }),
  state: z.string().min(1).max(500).meta({ description: "Echoed back unchanged to the redirect URI." }),
  grant_type: z.literal("authorization_code").optional(),
  code_challenge: z.string().min(1).max(128).meta({ description: "The PKCE challenge of the app's code verifier: its S256 hash (recommended), or the verifier itself with `plain`." }),
  code_challenge_method: z.enum(["S256", "plain"]).optional().meta({ description: "`S256` (recommended; what the SDKs send) or `plain`, the default when left out (RFC 7636 §4.3)." }),
  response_type: z.literal("code").optional(),
  type: z.enum(["authenticate", "link"]).optional().meta({ description: "`authenticate` (default) signs in; `link` adds the provider account to the user of `token`." }),
  token: z.string().max(5000).optional().meta({ description: "The signed-in user's access token (required for `link`; upgrades an anonymous user on `authenticate`)." }),
  error_redirect_url: z.string().max(2000).optional().meta({ description: "Where known errors of the callback are sent, when trusted." }),
  error_redirect_uri: z.string().max(2000).optional().meta({ description: "The same as `error_redirect_url`." }),
  after_callback_redirect_url: z.string().max(2000).optional().meta({ description: "Echoed in the token response (link flows)." }),
  provider_scope: z.string().max(2000).optional().meta({ description: "Extra provider scopes, space separated." }),
});

/** What providers send back to the callback (RFC 6749 §4.1.2), plus what some add (`iss`, Apple's `user`). */
const callbackParams = z.looseObject({
  code: z.string().max(5000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
});

const callbackErrors = [
  "oauthFlowNotFound", "OUTER_OAUTH_TIMEOUT", "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", "OAUTH_PROVIDER_ACCESS_DENIED", "oauthProviderFailed",
  "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER", "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", "SIGN_UP_NOT_ENABLED",
  "sharedOAuthCredentialsMissing", "USER_NOT_FOUND",
] as const;

export const oauthProcedures = {
  oauthAuthorize: defineProcedure({
    method: "GET",
    path: "/auth/oauth/authorize/{provider_id}",
    access: "public",
    rateLimit: "sign-in",
    summary: "Start social sign-in: redirects the browser to the provider",
    description: "Opened by the browser (no x-stack-* headers). Checks the client, the redirect URI and the PKCE challenge, stores the flow for 10 minutes, binds it to the browser with an HttpOnly cookie and redirects (307) to the provider's authorization endpoint.",
    tags: ["OAuth"],
    successStatus: 302,
    errors: [
      "INVALID_OAUTH_CLIENT_ID_OR_SECRET", "INVALID_PUBLISHABLE_CLIENT_KEY", "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", "INVALID_SCOPE",
      "REDIRECT_URL_NOT_WHITELISTED", "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS", "oauthLinkNeedsToken", "oauthTokenOtherProject",
      "UNPARSABLE_ACCESS_TOKEN", "ACCESS_TOKEN_EXPIRED", "USER_AUTHENTICATION_REQUIRED", "sharedOAuthCredentialsMissing", "oauthProviderFailed",
    ],
    params: z.strictObject({ provider_id: providerConfigId }),
    query: authorizeQuery,
    output: redirectTarget,
  }),

  oauthCallback: defineProcedure({
    method: "GET",
    path: "/auth/oauth/callback/{provider_id}",
    access: "public",
    summary: "The provider's redirect back: signs in, signs up or links, then redirects to the app with a code",
    description: "Answers 303. The flow's browser cookie must come along. Known errors go to the flow's trusted `error_redirect_url` as `errorCode`, `message` and `details` query parameters when it has one.",
    tags: ["OAuth"],
    successStatus: 302,
    errors: callbackErrors,
    params: z.strictObject({ provider_id: providerConfigId }),
    query: callbackParams,
    output: redirectTarget,
  }),

  oauthCallbackPost: defineProcedure({
    method: "POST",
    path: "/auth/oauth/callback/{provider_id}",
    access: "public",
    summary: "The provider's redirect back, posted as a form (`response_mode=form_post`, e.g. Apple)",
    tags: ["OAuth"],
    successStatus: 302,
    errors: callbackErrors,
    params: z.strictObject({ provider_id: providerConfigId }),
    body: callbackParams,
    output: redirectTarget,
  }),

  listOAuthProviders: defineProcedure({
    method: "GET",
    path: "/oauth-providers",
    access: "client",
    summary: "A user's linked provider accounts, oldest first",
    tags: ["OAuth"],
    successStatus: 200,
    errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "oauthProvidersListOwnOnly"],
    query: z.strictObject({ user_id: userIdOrMe.optional().meta({ description: "Required for clients (`me`); servers may leave it out to list every user's." }) }),
    output: { client: listOf(clientLinkedAccount), server: listOf(serverLinkedAccount) },
  }),

  createOAuthProvider: defineProcedure({
    method: "POST",
    path: "/oauth-providers",
    access: "server",
    summary: "Link a provider account to a user",
    tags: ["OAuth"],
    successStatus: 201,
    errors: [
      "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "oauthProviderConfigNotFound", "oauthProviderSignInTypeExists",
      "oauthProviderAccountExists", "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN",
    ],
    body: z.strictObject({
      user_id: userIdOrMe,
      provider_config_id: providerConfigId,
      account_id: z.string().min(1).max(500),
      email: z.string().max(256).optional(),
      allow_sign_in: z.boolean(),
      allow_connected_accounts: z.boolean(),
    }),
    output: linkedAccountOutput,
  }),

  getOAuthProvider: defineProcedure({
    method: "GET",
    path: "/oauth-providers/{user_id}/{provider_id}",
    access: "client",
    summary: "One linked provider account",
    tags: ["OAuth"],
    successStatus: 200,
    errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "oauthProviderReadOwnOnly", "oauthProviderLinkNotFound"],
    params: linkParams,
    output: linkedAccountOutput,
  }),

  updateOAuthProvider: defineProcedure({
    method: "PATCH",
    path: "/oauth-providers/{user_id}/{provider_id}",
    access: "client",
    summary: "Change whether a linked account signs in or serves connected-account tokens",
    tags: ["OAuth"],
    successStatus: 200,
    errors: [
      "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "oauthProvidersOwnOnly", "oauthProviderLinkNotFound", "oauthProviderSignInTypeExists",
      "oauthProviderAccountExists", "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN",
    ],
    params: linkParams,
    body: {
      client: z.strictObject({ allow_sign_in: z.boolean().optional(), allow_connected_accounts: z.boolean().optional() }),
      server: z.strictObject({
        allow_sign_in: z.boolean().optional(),
        allow_connected_accounts: z.boolean().optional(),
        email: z.string().max(256).optional(),
        account_id: z.string().min(1).max(500).optional(),
      }),
    },
    output: linkedAccountOutput,
  }),

  deleteOAuthProvider: defineProcedure({
    method: "DELETE",
    path: "/oauth-providers/{user_id}/{provider_id}",
    access: "client",
    summary: "Unlink a provider account (its stored provider tokens go with it)",
    tags: ["OAuth"],
    successStatus: 200,
    errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "oauthProvidersOwnOnly", "oauthProviderLinkNotFound"],
    params: linkParams,
    output: successResponse,
  }),

  connectedAccountAccessToken: defineProcedure({
    method: "POST",
    path: "/connected-accounts/{user_id}/{provider_id}/access-token",
    access: "client",
    summary: "A provider access token of a user's connected account, covering the given scopes",
    description: "Answers a stored token valid for at least 5 more minutes, or one freshly obtained with the stored provider refresh token.",
    tags: ["OAuth"],
    successStatus: 201,
    errors: [
      "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "connectedAccountsOwnOnly", "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
      "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS", "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER", "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
      "oauthProviderFailed",
    ],
    params: z.strictObject({ user_id: userIdOrMe, provider_id: providerConfigId }),
    body: z.strictObject({ scope: z.string().max(2000).meta({ description: "Space-separated provider scopes the token must cover (may be empty)." }) }),
    output: z.object({ access_token: z.string() }),
  }),
} as const;
