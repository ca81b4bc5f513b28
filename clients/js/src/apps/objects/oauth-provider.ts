import { KnownErrors } from "../../core/errors/known-errors.js";
import type { ServerComponents } from "../../generated.js";
import { catchKnown, type Result } from "../../result.js";
import { type AppContext, serverApi } from "../context.js";

type ServerOAuthProviderJson = ServerComponents["schemas"]["ServerOAuthProvider"];
type AccountIdTaken = InstanceType<typeof KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn>;

export interface ServerOAuthProviderCreateOptions {
  userId: string;
  /** The key of the provider under `auth.oauth.providers` (e.g. `github`). */
  providerConfigId: string;
  /** The account's id at the provider. */
  accountId: string;
  email: string;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
}

export interface ServerOAuthProviderUpdateOptions {
  accountId?: string;
  email?: string;
  allowSignIn?: boolean;
  allowConnectedAccounts?: boolean;
}

/** A provider account linked to a user, as the server sees it. Stack's `ServerOAuthProvider`. */
export interface ServerOAuthProvider {
  /** The linked-account id. */
  id: string;
  /** The provider type (`github`, `google`, … or `oidc`). */
  type: string;
  userId: string;
  accountId: string;
  email?: string;
  allowSignIn: boolean;
  allowConnectedAccounts: boolean;
  /**
   * Changes the link; another user signing in with the same provider account is an error result.
   * @example `await provider.update({ allowSignIn: false });`
   */
  update(data: ServerOAuthProviderUpdateOptions): Promise<Result<void, AccountIdTaken>>;
  /** Unlinks the account (its stored provider tokens go with it). @example `await provider.delete();` */
  delete(): Promise<void>;
}

export function oauthProviderCreateBody(options: ServerOAuthProviderCreateOptions) {
  return {
    user_id: options.userId,
    provider_config_id: options.providerConfigId,
    account_id: options.accountId,
    email: options.email,
    allow_sign_in: options.allowSignIn,
    allow_connected_accounts: options.allowConnectedAccounts,
  };
}

function updateBody(data: ServerOAuthProviderUpdateOptions) {
  return {
    account_id: data.accountId,
    email: data.email,
    allow_sign_in: data.allowSignIn,
    allow_connected_accounts: data.allowConnectedAccounts,
  };
}

/** A linked provider account reached with server access. */
export function createServerOAuthProvider(context: AppContext, json: ServerOAuthProviderJson): ServerOAuthProvider {
  const api = serverApi(context);
  const path = { user_id: json.user_id, provider_id: json.id };
  return {
    id: json.id,
    type: json.type,
    userId: json.user_id,
    accountId: json.account_id,
    ...(json.email !== undefined && { email: json.email }),
    allowSignIn: json.allow_sign_in,
    allowConnectedAccounts: json.allow_connected_accounts,
    async update(data) {
      const result = await catchKnown(() => api("patch", "/oauth-providers/{user_id}/{provider_id}", { path, body: updateBody(data) }), [KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn]);
      context.changed();
      return result.status === "ok" ? { status: "ok", data: undefined } : result;
    },
    async delete() {
      await api("delete", "/oauth-providers/{user_id}/{provider_id}", { path });
      context.changed();
    },
  };
}

/** The user's linked provider accounts, oldest first. */
export async function listServerOAuthProviders(context: AppContext, userId: string): Promise<ServerOAuthProvider[]> {
  const { items } = await serverApi(context)("get", "/oauth-providers", { query: { user_id: userId } });
  return items.map((json) => createServerOAuthProvider(context, json));
}

/** Links a provider account to a user; an account another user signs in with is an error result. */
export async function createOAuthProviderLink(context: AppContext, options: ServerOAuthProviderCreateOptions): Promise<Result<ServerOAuthProvider, AccountIdTaken>> {
  const result = await catchKnown(() => serverApi(context)("post", "/oauth-providers", { body: oauthProviderCreateBody(options) }), [KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn]);
  context.changed();
  return result.status === "ok" ? { status: "ok", data: createServerOAuthProvider(context, result.data) } : result;
}
