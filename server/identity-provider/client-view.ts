/** An OAuth client row as the admin API, webhooks and the audit log show it (never its secret hash). */
import type { z } from "zod";
import type { oauthClient } from "../../contract/identity-provider.js";
import type { OAuthClientRow } from "../db/queries/identity-provider.js";

export function oauthClientToJson(row: OAuthClientRow): z.output<typeof oauthClient> {
  return {
    client_id: row.clientId,
    name: row.name,
    logo_url: row.logoUrl,
    type: row.type,
    redirect_uris: row.redirectUris,
    allowed_scopes: row.allowedScopes,
    grant_types: row.grantTypes,
    registered_by: row.registeredBy,
    secret_last_four: row.secretLastFour,
    created_at_millis: row.createdAt.getTime(),
    updated_at_millis: row.updatedAt.getTime(),
  };
}
