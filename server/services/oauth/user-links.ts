/** The `oauth_providers` of user objects: each user's linked provider accounts, read in one query per page. */
import type { UserRecord } from "../../db/queries/users.js";
import type { AppDeps } from "../../deps.js";
import { userOAuthProviderToJson } from "../../views/oauth-providers.js";

/**
 * The records with their linked accounts attached (`oauthProviders`), for the user views. Only users
 * with a linked account (a flag every user record carries) cost a query: `/users/me` of everyone else
 * stays at the session check alone.
 */
export async function withOAuthProviders(deps: AppDeps, projectId: string, records: readonly UserRecord[]): Promise<UserRecord[]> {
  const linked = records.filter((r) => r.hasOAuthAccount).map((r) => r.user.id);
  if (linked.length === 0) return records.map((record) => ({ ...record, oauthProviders: [] }));
  const rows = await deps.queries.oauth.listAccountsOfUsers(projectId, linked);
  return records.map((record) => ({ ...record, oauthProviders: rows.filter((row) => row.userId === record.user.id).map(userOAuthProviderToJson) }));
}

export async function withOAuthProvidersOne(deps: AppDeps, projectId: string, record: UserRecord): Promise<UserRecord> {
  return (await withOAuthProviders(deps, projectId, [record]))[0]!;
}
