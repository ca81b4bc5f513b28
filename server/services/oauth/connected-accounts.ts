/**
 * Connected accounts (oauth-and-passkeys-and-mfa.md §2): a provider access token of a user's linked
 * account that covers the asked scopes and stays valid for at least 5 more minutes: a stored one, or a
 * new one obtained with a stored refresh token (then kept too).
 */
import { knownError } from "../../../contract/known-error.js";
import type { OAuthTokenRow } from "../../db/queries/oauth.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { AppDeps } from "../../deps.js";
import { openToken, storeTokens } from "./accounts.js";
import { ProviderFailedError, refreshTokens } from "./protocol.js";
import { providerClient } from "./provider-clients.js";

/** A stored access token is handed out only while it has this much life left. */
const MIN_REMAINING_MS = 5 * 60 * 1000;

const covers = (token: OAuthTokenRow, scopes: readonly string[]) => scopes.every((s) => token.scopes.includes(s));

export async function connectedAccessToken(deps: AppDeps, project: ProjectRow, userId: string, configId: string, scope: string): Promise<string> {
  const provider = await providerClient(deps, project, configId);
  if (provider.isShared) throw knownError("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");
  const accounts = (await deps.queries.oauth.listAccounts(project.id, userId)).filter((a) => a.providerConfigId === configId && a.allowConnectedAccounts);
  if (accounts.length === 0) throw knownError("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");
  const scopes = scope.split(" ").filter(Boolean);
  const freshUntil = deps.clock.now().getTime() + MIN_REMAINING_MS;

  for (const account of accounts) {
    const access = await deps.queries.oauth.listTokens(project.id, account.id, "access");
    const usable = access.find((t) => covers(t, scopes) && (t.expiresAt === null || t.expiresAt.getTime() > freshUntil));
    if (usable) return openToken(deps, usable.token);
  }
  for (const account of accounts) {
    for (const stored of await deps.queries.oauth.listTokens(project.id, account.id, "refresh")) {
      if (!covers(stored, scopes)) continue;
      let tokens;
      try {
        tokens = await refreshTokens(provider, deps.clock, openToken(deps, stored.token), stored.scopes);
      } catch (error) {
        if (!(error instanceof ProviderFailedError)) throw error;
        // A refresh token the provider no longer honours (revoked, expired) is dropped.
        await deps.queries.oauth.deleteToken(project.id, stored.id);
        continue;
      }
      // A provider that rotates refresh tokens sends a new one; the old one is then spent.
      await deps.store.transaction(async (tx) => {
        if (tokens.refreshToken) await deps.queries.oauth.deleteToken(project.id, stored.id, tx);
        await storeTokens(deps, tx, project.id, account.id, { ...tokens, scopes: tokens.scopes.length > 0 ? tokens.scopes : stored.scopes });
      });
      return tokens.accessToken;
    }
  }
  throw knownError("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE");
}
