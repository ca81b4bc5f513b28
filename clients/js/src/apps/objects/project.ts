import type { ClientComponents } from "../../generated.js";

export interface ProjectConfig {
  readonly signUpEnabled: boolean;
  readonly credentialEnabled: boolean;
  readonly magicLinkEnabled: boolean;
  readonly passkeyEnabled: boolean;
  readonly clientTeamCreationEnabled: boolean;
  readonly clientUserDeletionEnabled: boolean;
  readonly oauthProviders: { readonly id: string }[];
  readonly allowUserApiKeys: boolean;
  readonly allowTeamApiKeys: boolean;
}

export interface Project {
  readonly id: string;
  readonly displayName: string;
  readonly config: ProjectConfig;
}

export type ProjectJson = ClientComponents["schemas"]["ClientProject"];

export function projectOf(json: ProjectJson): Project {
  const c = json.config;
  return {
    id: json.id,
    displayName: json.display_name,
    config: {
      signUpEnabled: c.sign_up_enabled,
      credentialEnabled: c.credential_enabled,
      magicLinkEnabled: c.magic_link_enabled,
      passkeyEnabled: c.passkey_enabled,
      clientTeamCreationEnabled: c.client_team_creation_enabled,
      clientUserDeletionEnabled: c.client_user_deletion_enabled,
      oauthProviders: c.enabled_oauth_providers.map((p) => ({ id: p.id })),
      allowUserApiKeys: c.allow_user_api_keys,
      allowTeamApiKeys: c.allow_team_api_keys,
    },
  };
}
