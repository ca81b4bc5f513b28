/** The `oauth_providers` of user objects: each user's linked provider accounts, read in one query per page. */
import type { UserRecord } from "../../db/queries/users.js";
import type { AppDeps } from "../../deps.js";
import { userOAuthProviderToJson } from "../../views/oauth-providers.js";

/** A user record of any selection (full, or a page's narrower one). */
type LinkableRecord = Pick<UserRecord, "hasOAuthAccount" | "oauthProviders"> & { user: { id: string } };

/**
 * The records with their linked accounts attached (`oauthProviders`), for the user views. Only users
 * with a linked account (a flag every user record carries) cost a query: `/users/me` of everyone else
 * stays at the session check alone.
 */
export async function withOAuthProviders<R extends LinkableRecord>(deps: AppDeps, projectId: string, records: readonly R[]): Promise<R[]> {
  const linked = records.filter((r) => r.hasOAuthAccount).map((r) => r.user.id);
  // A record without a linked account is passed on as it is (the views show none), not copied.
  if (linked.length === 0) return [...records];
  const rows = await deps.queries.oauth.listAccountsOfUsers(projectId, linked);
  return records.map((record) =>
    record.hasOAuthAccount ? { ...record, oauthProviders: rows.filter((row) => row.userId === record.user.id).map(userOAuthProviderToJson) } : record,
  );
}

export async function withOAuthProvidersOne(deps: AppDeps, projectId: string, record: UserRecord): Promise<UserRecord> {
  if (!record.hasOAuthAccount) return record;
  return (await withOAuthProviders(deps, projectId, [record]))[0]!;
}
