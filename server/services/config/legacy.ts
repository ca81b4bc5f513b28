/**
 * The legacy project `config` block and the configuration tree (projects-and-config.md §5.4): reading
 * the legacy view from a rendered config, and turning a legacy update into a config override.
 */
import {
  systemTeamPermissionIds,
  type AdminOAuthProvider,
  type AdminProjectConfig,
  type AdminProjectConfigUpdate,
  type ClientProjectConfig,
  type EmailConfig,
  type OAuthProviderId,
  type PermissionRef,
  type TrustedDomain,
} from "../../../contract/project-config.js";
import type { ConfigOverride } from "./override.js";
import type { RenderedConfig } from "./tree-schema.js";

const byKey = <T>(key: (item: T) => string) => (a: T, b: T) => {
  const ka = key(a);
  const kb = key(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/** Drops keys whose value is undefined, so optional fields are absent rather than `undefined`. */
function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Providers that have a type and allow sign-in, sorted by provider type (then config id). */
function oauthProviders(config: RenderedConfig): AdminOAuthProvider[] {
  return Object.entries(config.auth.oauth.providers)
    // Custom OpenID Connect providers have no place in the legacy view (its `id` is a preset type).
    .flatMap(([configId, p]) => p.type !== undefined && p.type !== "oidc" && p.allowSignIn ? [withoutUndefined({
      provider_config_id: configId,
      id: p.type,
      type: p.isShared ? "shared" as const : "standard" as const,
      client_id: p.clientId,
      client_secret: p.clientSecret,
      facebook_config_id: p.facebookConfigId,
      microsoft_tenant_id: p.microsoftTenantId,
    })] : [])
    .sort(byKey((p) => `${p.id}\u0000${p.provider_config_id}`));
}

function trustedDomains(config: RenderedConfig): TrustedDomain[] {
  return Object.values(config.domains.trustedDomains)
    .flatMap((d) => d.baseUrl === undefined ? [] : [{ domain: d.baseUrl, handler_path: d.handlerPath }])
    .sort(byKey((d) => d.domain));
}

function emailConfig(config: RenderedConfig): EmailConfig {
  const server = config.emails.server;
  if (server.isShared) return { type: "shared" };
  return {
    type: "standard",
    host: server.host ?? "",
    port: server.port ?? 0,
    username: server.username ?? "",
    password: server.password ?? "",
    sender_name: server.senderName ?? "",
    sender_email: server.senderEmail ?? "",
  };
}

/** Ids of the map that exist as permission definitions of the scope (team scope includes system ids). */
function defaultPermissions(config: RenderedConfig, ids: Record<string, true>, scope: "team" | "project"): PermissionRef[] {
  const exists = (id: string) =>
    (scope === "team" && (systemTeamPermissionIds as readonly string[]).includes(id)) ||
    (Object.hasOwn(config.rbac.permissions, id) && config.rbac.permissions[id]?.scope === scope);
  return Object.keys(ids).filter(exists).sort().map((id) => ({ id }));
}

/** The eight flags both the client and the admin view carry. */
function sharedFlags(config: RenderedConfig) {
  return {
    sign_up_enabled: config.auth.allowSignUp,
    credential_enabled: config.auth.password.allowSignIn,
    magic_link_enabled: config.auth.otp.allowSignIn,
    passkey_enabled: config.auth.passkey.allowSignIn,
    client_team_creation_enabled: config.teams.allowClientTeamCreation,
    client_user_deletion_enabled: config.users.allowClientUserDeletion,
    allow_user_api_keys: config.apiKeys.enabled.user,
    allow_team_api_keys: config.apiKeys.enabled.team,
  };
}

export function toClientProjectConfig(config: RenderedConfig): ClientProjectConfig {
  return { ...sharedFlags(config), enabled_oauth_providers: oauthProviders(config).map((p) => ({ id: p.id })) };
}

export function toAdminProjectConfig(config: RenderedConfig): AdminProjectConfig {
  const providers = oauthProviders(config);
  return {
    ...sharedFlags(config),
    allow_localhost: config.domains.allowLocalhost,
    oauth_providers: providers,
    // Stack's backend answers ids only here, as in the client config (backend-fidelity.md P1).
    enabled_oauth_providers: providers.map((p) => ({ id: p.id })),
    domains: trustedDomains(config),
    email_config: emailConfig(config),
    email_theme: config.emails.selectedThemeId,
    create_team_on_sign_up: config.teams.createPersonalTeamOnSignUp,
    team_creator_default_permissions: defaultPermissions(config, config.rbac.defaultPermissions.teamCreator, "team"),
    team_member_default_permissions: defaultPermissions(config, config.rbac.defaultPermissions.teamMember, "team"),
    user_default_permissions: defaultPermissions(config, config.rbac.defaultPermissions.signUp, "project"),
    oauth_account_merge_strategy: config.auth.oauth.accountMergeStrategy,
    branding: { primary_color: config.branding?.primaryColor ?? null, dark_logo_url: config.branding?.darkLogoUrl ?? null },
  };
}

/** Legacy boolean fields and the config paths they write. */
const booleanPaths = {
  allow_localhost: "domains.allowLocalhost",
  sign_up_enabled: "auth.allowSignUp",
  credential_enabled: "auth.password.allowSignIn",
  magic_link_enabled: "auth.otp.allowSignIn",
  passkey_enabled: "auth.passkey.allowSignIn",
  client_user_deletion_enabled: "users.allowClientUserDeletion",
  client_team_creation_enabled: "teams.allowClientTeamCreation",
  create_team_on_sign_up: "teams.createPersonalTeamOnSignUp",
  allow_user_api_keys: "apiKeys.enabled.user",
  allow_team_api_keys: "apiKeys.enabled.team",
} as const satisfies Partial<Record<keyof AdminProjectConfigUpdate, string>>;

const defaultPermissionPaths = {
  team_creator_default_permissions: "rbac.defaultPermissions.teamCreator",
  team_member_default_permissions: "rbac.defaultPermissions.teamMember",
  user_default_permissions: "rbac.defaultPermissions.signUp",
} as const satisfies Partial<Record<keyof AdminProjectConfigUpdate, string>>;

function emailServer(update: NonNullable<AdminProjectConfigUpdate["email_config"]>) {
  if (update.type === "shared") return { isShared: true, provider: "smtp" };
  return withoutUndefined({
    isShared: false,
    provider: "smtp",
    host: update.host,
    port: update.port,
    username: update.username,
    password: update.password,
    senderName: update.sender_name,
    senderEmail: update.sender_email,
  });
}

function providerMap(update: NonNullable<AdminProjectConfigUpdate["oauth_providers"]>) {
  const entries = update.map((p): [OAuthProviderId, Record<string, unknown>] => [p.id, withoutUndefined({
    type: p.id,
    isShared: p.type === "shared",
    allowSignIn: true,
    allowConnectedAccounts: true,
    clientId: p.client_id,
    clientSecret: p.client_secret,
    facebookConfigId: p.facebook_config_id,
    microsoftTenantId: p.microsoft_tenant_id,
  })]);
  return Object.fromEntries(entries);
}

/**
 * Translates a (validated) legacy config update into a dot-path config override. Lists replace the
 * whole map they write (`auth.oauth.providers`, `domains.trustedDomains`, the default-permission maps);
 * trusted domains get fresh keys from `newId`, which must return distinct keys without dots.
 */
export function legacyUpdateToOverride(update: AdminProjectConfigUpdate, newId: () => string): ConfigOverride {
  const override: ConfigOverride = {};
  for (const [field, path] of Object.entries(booleanPaths)) {
    const value = update[field as keyof typeof booleanPaths];
    if (value !== undefined) override[path] = value;
  }
  if (update.oauth_account_merge_strategy !== undefined) {
    override["auth.oauth.accountMergeStrategy"] = update.oauth_account_merge_strategy;
  }
  if (update.branding?.primary_color !== undefined) override["branding.primaryColor"] = update.branding.primary_color;
  if (update.branding?.dark_logo_url !== undefined) override["branding.darkLogoUrl"] = update.branding.dark_logo_url;
  if (update.email_theme !== undefined) override["emails.selectedThemeId"] = update.email_theme;
  if (update.email_config !== undefined) override["emails.server"] = emailServer(update.email_config);
  if (update.oauth_providers !== undefined) override["auth.oauth.providers"] = providerMap(update.oauth_providers);
  if (update.domains !== undefined) {
    override["domains.trustedDomains"] = Object.fromEntries(
      update.domains.map((d) => [newId(), { baseUrl: d.domain, handlerPath: d.handler_path }]),
    );
  }
  for (const [field, path] of Object.entries(defaultPermissionPaths)) {
    const list = update[field as keyof typeof defaultPermissionPaths];
    if (list !== undefined) override[path] = Object.fromEntries(list.map((p) => [p.id, true]));
  }
  return override;
}
