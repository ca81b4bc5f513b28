import type { AdminComponents } from "../../generated.js";
import { type AppContext, adminApi, toDate } from "../context.js";

type KeySetJson = AdminComponents["schemas"]["InternalApiKeySet"] | AdminComponents["schemas"]["CreatedInternalApiKeySet"];

/** Why a project key set is not valid; for these keys expiry is checked first (SPEC section 4). */
export function internalKeyWhyInvalid(expiresAt: Date, manuallyRevokedAt: Date | null, now = Date.now()): "expired" | "manually-revoked" | null {
  if (expiresAt.getTime() < now) return "expired";
  if (manuallyRevokedAt) return "manually-revoked";
  return null;
}

/** A project key set (publishable, secret and admin keys); the full keys only in the answer of its creation. */
export function createInternalApiKey(context: AppContext, json: KeySetJson) {
  const expiresAt = toDate(json.expires_at_millis);
  const manuallyRevokedAt = json.manually_revoked_at_millis === undefined ? null : toDate(json.manually_revoked_at_millis);
  const keyView = (value: string | { last_four: string } | undefined) => (value === undefined ? null : typeof value === "string" ? value : { lastFour: value.last_four });
  return {
    id: json.id,
    description: json.description,
    expiresAt,
    manuallyRevokedAt,
    createdAt: toDate(json.created_at_millis),
    publishableClientKey: keyView(json.publishable_client_key),
    secretServerKey: keyView(json.secret_server_key),
    superSecretAdminKey: keyView(json.super_secret_admin_key),
    /** Whether the key set works: neither expired nor revoked. @example `const usable = keySet.isValid();` */
    isValid: () => internalKeyWhyInvalid(expiresAt, manuallyRevokedAt) === null,
    /** Why the key set does not work (expiry first, then revocation), or null when it does. @example `if (keySet.whyInvalid() === "expired") console.log("Create a new key set");` */
    whyInvalid: () => internalKeyWhyInvalid(expiresAt, manuallyRevokedAt),
    /** Revokes the key set for good; its keys stop working at once. @example `await keySet.revoke();` */
    async revoke(): Promise<void> {
      await adminApi(context)("patch", "/internal/api-keys/{api_key_id}", { path: { api_key_id: json.id }, body: { revoked: true } });
      context.changed();
    },
  };
}
