/** Internal API key sets (a project's publishable, secret and admin keys): last four characters, or the keys once. */
import type { z } from "zod";
import type { createdInternalApiKeySet, internalApiKeySet } from "../../contract/internal-api-keys.js";
import type { ApiKeySetRow } from "../db/queries/api-key-sets.js";
import type { KeyValues } from "../services/api-key-sets.js";

type KeySetJson = z.input<typeof internalApiKeySet>;

export function keySetToJson(row: ApiKeySetRow): KeySetJson {
  const json: KeySetJson = {
    id: row.id,
    description: row.description,
    created_at_millis: row.createdAt.getTime(),
    expires_at_millis: row.expiresAt.getTime(),
  };
  if (row.revokedAt) json.manually_revoked_at_millis = row.revokedAt.getTime();
  if (row.publishableClientKeyLastFour) json.publishable_client_key = { last_four: row.publishableClientKeyLastFour };
  if (row.secretServerKeyLastFour) json.secret_server_key = { last_four: row.secretServerKeyLastFour };
  if (row.superSecretAdminKeyLastFour) json.super_secret_admin_key = { last_four: row.superSecretAdminKeyLastFour };
  return json;
}

/** The creation answer: the only time the keys themselves are shown. */
export function createdKeySetToJson(row: ApiKeySetRow, keys: KeyValues): z.input<typeof createdInternalApiKeySet> {
  const { publishable_client_key: _p, secret_server_key: _s, super_secret_admin_key: _a, ...rest } = keySetToJson(row);
  return {
    ...rest,
    ...(keys.publishableClientKey && { publishable_client_key: keys.publishableClientKey }),
    ...(keys.secretServerKey && { secret_server_key: keys.secretServerKey }),
    ...(keys.superSecretAdminKey && { super_secret_admin_key: keys.superSecretAdminKey }),
  };
}
