/** The project's identity-provider settings: dynamic registration, metadata documents and the project's own scopes. */
import type { z } from "zod";
import { standardOAuthScopes, type identityProviderSettings } from "../../contract/identity-provider.js";
import type { IdentityProviderSettingsRow } from "../db/queries/identity-provider.js";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";

export function settingsToJson(row: IdentityProviderSettingsRow): z.output<typeof identityProviderSettings> {
  return { dynamic_registration_enabled: row.dynamicRegistrationEnabled, client_id_metadata_documents_enabled: row.metadataDocumentsEnabled, scopes: row.scopes };
}

export async function saveSettings(
  deps: AppDeps,
  projectId: string,
  patch: { dynamic_registration_enabled?: boolean; client_id_metadata_documents_enabled?: boolean; scopes?: IdentityProviderSettingsRow["scopes"] },
): Promise<IdentityProviderSettingsRow> {
  const current = await deps.queries.identityProvider.settings(projectId);
  if (patch.scopes) {
    const names = patch.scopes.map((s) => s.scope);
    if (new Set(names).size !== names.length) throw statusError("oauthClientInvalid", { reason: "a scope is listed twice" });
    const standard = names.find((n) => (standardOAuthScopes as readonly string[]).includes(n));
    if (standard) throw statusError("oauthClientInvalid", { reason: `${standard} is a standard scope` });
  }
  const row: IdentityProviderSettingsRow = {
    projectId,
    dynamicRegistrationEnabled: patch.dynamic_registration_enabled ?? current.dynamicRegistrationEnabled,
    metadataDocumentsEnabled: patch.client_id_metadata_documents_enabled ?? current.metadataDocumentsEnabled,
    scopes: patch.scopes ?? current.scopes,
    updatedAt: deps.clock.now(),
  };
  await deps.queries.identityProvider.saveSettings(row);
  return row;
}
