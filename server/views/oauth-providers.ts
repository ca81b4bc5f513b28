/** A linked provider account as the API and events send it (server shape; clients get a stripped copy). */
import type { z } from "zod";
import type { linkedProviderType, serverLinkedAccount } from "../../contract/oauth.js";
import type { OAuthAccountRow } from "../db/queries/oauth.js";

export type LinkedAccountJson = z.input<typeof serverLinkedAccount>;

/** `type` is the provider type of the account's provider config, read by the caller from the project's config. */
export function linkedAccountToJson(row: OAuthAccountRow, type: z.input<typeof linkedProviderType>): LinkedAccountJson {
  return {
    id: row.id,
    user_id: row.userId,
    provider_config_id: row.providerConfigId,
    type,
    ...(row.email === null ? {} : { email: row.email }),
    allow_sign_in: row.allowSignIn,
    allow_connected_accounts: row.allowConnectedAccounts,
    account_id: row.providerAccountId,
  };
}

/** The `oauth_providers` entry of the user object. */
export function userOAuthProviderToJson(row: OAuthAccountRow): { id: string; account_id: string; email: string | null } {
  return { id: row.providerConfigId, account_id: row.providerAccountId, email: row.email };
}
