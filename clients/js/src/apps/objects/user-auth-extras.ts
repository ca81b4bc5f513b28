import { KnownErrors } from "../../core/errors/known-errors.js";
import type { Session } from "../../core/tokens/session.js";
import type { ClientComponents } from "../../generated.js";
import { catchKnown, error, ok, type Result } from "../../result.js";
import type { AppContext, ClientUserJson } from "../context.js";
import { mergeScopes } from "../oauth.js";
import { browserWindow } from "../urls.js";

type AccountIdTaken = InstanceType<typeof KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn>;
type LinkedAccountJson = ClientComponents["schemas"]["ClientOAuthProvider"];

/** A provider account linked to the signed-in user. Stack's `OAuthProvider`. */
export interface OAuthProvider {
  readonly id: string;
  readonly type: string;
  readonly userId: string;
  /**
   * The account's id at the provider, when the user object names it: the client API's linked account
   * carries no account id, so it is read from the user's `oauth_providers` entry of the same provider
   * config (and e-mail); absent when that entry is missing or ambiguous (or the link is newer than the
   * user object).
   */
  readonly accountId?: string;
  readonly email?: string;
  readonly allowSignIn: boolean;
  readonly allowConnectedAccounts: boolean;
  /** Changes whether the account signs the user in or lends its access token; answers `OAuthProviderAccountIdAlreadyUsedForSignIn` as an error result when another user signs in with it. @example `const result = await provider.update({ allowSignIn: false });` */
  update(data: { allowSignIn?: boolean; allowConnectedAccounts?: boolean }): Promise<Result<void, AccountIdTaken>>;
  /** Unlinks the account. @example `await provider.delete();` */
  delete(): Promise<void>;
}

/** A provider account whose access token the app may use. Stack's `OAuthConnection`. */
export interface OAuthConnection {
  /** The provider config id (e.g. `github`). */
  readonly id: string;
  /** A provider access token covering the scopes asked for. @example `const { accessToken } = await connection.getAccessToken();` */
  getAccessToken(): Promise<{ accessToken: string }>;
}

export interface ConnectedAccountOptions {
  /** Provider scopes the token must cover. */
  scopes?: string[];
  /** Without such an account: null (default), throw, or start a link flow that asks for the scopes. */
  or?: "redirect" | "throw" | "return-null";
}

/**
 * The provider's id of a linked account, from the user's `oauth_providers` (keyed by provider config id):
 * the one entry of the same provider config and e-mail, or nothing when there is none or more than one.
 */
function accountIdOf(user: ClientUserJson, link: LinkedAccountJson): string | undefined {
  const matches = user.oauth_providers.filter((entry) => entry.id === link.provider_config_id && (entry.email ?? undefined) === (link.email ?? undefined));
  return matches.length === 1 ? matches[0]!.account_id : undefined;
}

/**
 * The signed-in user's methods for passkeys, linked provider accounts and connected accounts (provider
 * access tokens).
 */
export function userAuthExtras(context: AppContext, session: Session, json: ClientUserJson) {
  const providerOf = (p: LinkedAccountJson): OAuthProvider => {
    const path = { user_id: "me", provider_id: p.id };
    const accountId = accountIdOf(json, p);
    return {
      id: p.id,
      type: p.type,
      userId: p.user_id,
      ...(accountId !== undefined && { accountId }),
      ...(p.email !== undefined && p.email !== null && { email: p.email }),
      allowSignIn: p.allow_sign_in,
      allowConnectedAccounts: p.allow_connected_accounts,
      async update(data) {
        const result = await catchKnown(() => context.client("patch", "/oauth-providers/{user_id}/{provider_id}", {
          path,
          body: { allow_sign_in: data.allowSignIn, allow_connected_accounts: data.allowConnectedAccounts },
        }, session), [KnownErrors.OAuthProviderAccountIdAlreadyUsedForSignIn]);
        context.changed();
        return result.status === "ok" ? ok(undefined) : result;
      },
      async delete() {
        await context.client("delete", "/oauth-providers/{user_id}/{provider_id}", { path }, session);
        context.changed();
      },
    };
  };
  const listOAuthProviders = async (): Promise<OAuthProvider[]> => {
    const { items } = await context.client("get", "/oauth-providers", { query: { user_id: "me" } }, session);
    return items.map(providerOf);
  };
  const accessToken = (provider: string, scope: string) => tokenOrNull(() => context.client("post", "/connected-accounts/{user_id}/{provider_id}/access-token", { path: { user_id: "me", provider_id: provider }, body: { scope } }, session));

  return {
    /**
     * Registers a passkey of this device for the user (one per user; a new one replaces it). The server's
     * placeholder relying-party id becomes the page's hostname (or `hostname`).
     * @example
     * ```ts
     * const result = await user.registerPasskey();
     * if (result.status === "error") showError(result.error.message);
     * ```
     */
    async registerPasskey(options?: { hostname?: string }): Promise<Result<undefined, KnownErrors["PasskeyRegistrationFailed"] | KnownErrors["PasskeyWebAuthnError"]>> {
      const hostname = options?.hostname ?? browserWindow()?.location.hostname ?? "";
      const { options_json, code } = await context.client("post", "/auth/passkey/initiate-passkey-registration", { body: {} }, session);
      const { passkeyRegistration } = await import("../passkeys.js");
      const registration = await passkeyRegistration(options_json, hostname);
      if (registration.status === "error") return registration;
      const result = await catchKnown(() => context.client("post", "/auth/passkey/register", { body: { credential: registration.data as never, code } }, session), [KnownErrors.PasskeyRegistrationFailed]);
      context.changed();
      return result.status === "ok" ? ok(undefined) : result;
    },
    /** The provider accounts linked to the user. @example `const providers = await user.listOAuthProviders();` */
    listOAuthProviders,
    /** A linked provider account by its id; null when the user has none with that id. @example `const github = await user.getOAuthProvider(linkId);` */
    async getOAuthProvider(id: string): Promise<OAuthProvider | null> {
      return (await listOAuthProviders()).find((p) => p.id === id) ?? null;
    },
    /**
     * A connected account: a linked provider account whose access token (covering `scopes`) the app may
     * use. Without one: null, an error (`or: "throw"`), or a link flow asking for the scopes
     * (`or: "redirect"`, browsers only; never resolves).
     * @example
     * ```ts
     * const github = await user.getConnectedAccount("github", { scopes: ["repo"], or: "redirect" });
     * const { accessToken } = await github!.getAccessToken();
     * ```
     */
    async getConnectedAccount(provider: string, options?: ConnectedAccountOptions): Promise<OAuthConnection | null> {
      const scope = mergeScopes(...(options?.scopes ?? []));
      const linked = json.oauth_providers.some((p) => p.id === provider);
      const token = linked ? await accessToken(provider, scope) : null;
      if (token === null) {
        if (options?.or === "redirect") {
          const href = browserWindow()?.location.href;
          return context.startOAuth({
            provider,
            type: "link",
            session,
            providerScope: mergeScopes(scope, (context.oauthScopesOnSignIn[provider] ?? []).join(" ")),
            ...(href !== undefined && { afterCallbackRedirectUrl: href }),
          });
        }
        if (options?.or === "throw") throw new Error(`The user has no connected ${provider} account${scope ? ` with the scopes ${scope}` : ""}`);
        return null;
      }
      return oauthConnection(provider, scope, token, accessToken);
    },
  };
}

/** A connected account's access token, or null when the user has no such account or it lacks the scopes. */
export async function tokenOrNull(request: () => Promise<{ access_token: string }>): Promise<string | null> {
  try {
    return (await request()).access_token;
  } catch (caught) {
    if (caught instanceof KnownErrors.OAuthConnectionNotConnectedToUser || caught instanceof KnownErrors.OAuthConnectionDoesNotHaveRequiredScope) return null;
    throw caught;
  }
}

/** The connection object: its first access token already fetched, later ones fetched anew. */
export function oauthConnection(provider: string, scope: string, first: string, fetchToken: (provider: string, scope: string) => Promise<string | null>): OAuthConnection {
  let current: string | null = first;
  return {
    id: provider,
    async getAccessToken() {
      const fresh = current ?? (await fetchToken(provider, scope));
      current = null;
      if (fresh === null) throw new Error(`The ${provider} account no longer grants an access token for ${scope || "its scopes"}`);
      return { accessToken: fresh };
    },
  };
}
