import type { AdminComponents } from "../../generated.js";
import { type AppContext, adminApi, toDate } from "../context.js";

type AdminProjectJson = AdminComponents["schemas"]["AdminProject"];
type ConfigUpdateJson = AdminComponents["schemas"]["ProjectConfigUpdate"];
/** An OAuth provider id the server knows. */
export type OAuthProviderId = AdminComponents["schemas"]["OAuthProviderId"];

export interface AdminProjectConfigUpdateOptions {
  domains?: { domain: string; handlerPath: string }[];
  oauthProviders?: { id: OAuthProviderId; type: "shared" | "standard"; clientId?: string; clientSecret?: string; facebookConfigId?: string; microsoftTenantId?: string }[];
  signUpEnabled?: boolean;
  credentialEnabled?: boolean;
  magicLinkEnabled?: boolean;
  passkeyEnabled?: boolean;
  clientTeamCreationEnabled?: boolean;
  clientUserDeletionEnabled?: boolean;
  allowLocalhost?: boolean;
  createTeamOnSignUp?: boolean;
  emailConfig?: { type: "shared" } | { type: "standard"; host: string; port: number; username: string; password: string; senderName: string; senderEmail: string };
  emailTheme?: string;
  teamCreatorDefaultPermissions?: { id: string }[];
  teamMemberDefaultPermissions?: { id: string }[];
  userDefaultPermissions?: { id: string }[];
  oauthAccountMergeStrategy?: "link_method" | "raise_error" | "allow_duplicates";
  allowUserApiKeys?: boolean;
  allowTeamApiKeys?: boolean;
  /** The hosted pages' and default e-mail themes' look; each given field replaces its value, null the default. */
  branding?: { primaryColor?: string | null; darkLogoUrl?: string | null };
}

export interface AdminProjectUpdateOptions {
  displayName?: string;
  description?: string;
  isProductionMode?: boolean;
  logoUrl?: string | null;
  fullLogoUrl?: string | null;
  config?: AdminProjectConfigUpdateOptions;
}

/** Checks the required fields of providers and mail settings (SPEC section 8's messages). */
function configUpdateBody(config: AdminProjectConfigUpdateOptions): ConfigUpdateJson {
  const body: ConfigUpdateJson = {};
  const set = <K extends keyof ConfigUpdateJson>(key: K, value: ConfigUpdateJson[K] | undefined) => {
    if (value !== undefined) body[key] = value;
  };
  set("domains", config.domains?.map((d) => ({ domain: d.domain, handler_path: d.handlerPath })));
  set("oauth_providers", config.oauthProviders?.map((p) => {
    if (p.type === "standard" && !p.clientId) throw new Error("Client ID is missing");
    if (p.type === "standard" && !p.clientSecret) throw new Error("Client secret is missing");
    return {
      id: p.id,
      type: p.type,
      client_id: p.clientId,
      client_secret: p.clientSecret,
      facebook_config_id: p.facebookConfigId,
      microsoft_tenant_id: p.microsoftTenantId,
    };
  }));
  set("sign_up_enabled", config.signUpEnabled);
  set("credential_enabled", config.credentialEnabled);
  set("magic_link_enabled", config.magicLinkEnabled);
  set("passkey_enabled", config.passkeyEnabled);
  set("client_team_creation_enabled", config.clientTeamCreationEnabled);
  set("client_user_deletion_enabled", config.clientUserDeletionEnabled);
  set("allow_localhost", config.allowLocalhost);
  set("create_team_on_sign_up", config.createTeamOnSignUp);
  if (config.emailConfig) {
    const e = config.emailConfig;
    if (e.type === "shared") body.email_config = { type: "shared" };
    else {
      const required: [unknown, string][] = [[e.host, "Email host is missing"], [e.port, "Email port is missing"], [e.username, "Email username is missing"], [e.password, "Email password is missing"], [e.senderName, "Email sender name is missing"], [e.senderEmail, "Email sender email is missing"]];
      for (const [value, message] of required) if (value === undefined || value === "") throw new Error(message);
      body.email_config = { type: "standard", host: e.host, port: e.port, username: e.username, password: e.password, sender_name: e.senderName, sender_email: e.senderEmail };
    }
  }
  set("email_theme", config.emailTheme);
  set("team_creator_default_permissions", config.teamCreatorDefaultPermissions);
  set("team_member_default_permissions", config.teamMemberDefaultPermissions);
  set("user_default_permissions", config.userDefaultPermissions);
  set("oauth_account_merge_strategy", config.oauthAccountMergeStrategy);
  set("allow_user_api_keys", config.allowUserApiKeys);
  set("allow_team_api_keys", config.allowTeamApiKeys);
  if (config.branding) {
    body.branding = {
      primary_color: config.branding.primaryColor,
      dark_logo_url: config.branding.darkLogoUrl,
    };
  }
  return body;
}

export function projectUpdateBody(update: AdminProjectUpdateOptions) {
  return {
    display_name: update.displayName,
    description: update.description,
    is_production_mode: update.isProductionMode,
    logo_url: update.logoUrl,
    full_logo_url: update.fullLogoUrl,
    ...(update.config && { config: configUpdateBody(update.config) }),
  };
}

function adminConfigOf(c: AdminProjectJson["config"]) {
  return {
    signUpEnabled: c.sign_up_enabled,
    credentialEnabled: c.credential_enabled,
    magicLinkEnabled: c.magic_link_enabled,
    passkeyEnabled: c.passkey_enabled,
    clientTeamCreationEnabled: c.client_team_creation_enabled,
    clientUserDeletionEnabled: c.client_user_deletion_enabled,
    allowLocalhost: c.allow_localhost,
    oauthProviders: c.oauth_providers.map((p) => ({
      id: p.id,
      type: p.type,
      ...("client_id" in p && p.client_id !== undefined && { clientId: p.client_id }),
      ...("client_secret" in p && p.client_secret !== undefined && { clientSecret: p.client_secret }),
      ...("facebook_config_id" in p && p.facebook_config_id !== undefined && { facebookConfigId: p.facebook_config_id }),
      ...("microsoft_tenant_id" in p && p.microsoft_tenant_id !== undefined && { microsoftTenantId: p.microsoft_tenant_id }),
    })),
    emailConfig: c.email_config.type === "shared"
      ? { type: "shared" as const }
      : { type: "standard" as const, host: c.email_config.host, port: c.email_config.port, username: c.email_config.username, password: c.email_config.password, senderName: c.email_config.sender_name, senderEmail: c.email_config.sender_email },
    emailTheme: c.email_theme,
    domains: c.domains.map((d) => ({ domain: d.domain, handlerPath: d.handler_path })),
    createTeamOnSignUp: c.create_team_on_sign_up,
    teamCreatorDefaultPermissions: c.team_creator_default_permissions,
    teamMemberDefaultPermissions: c.team_member_default_permissions,
    userDefaultPermissions: c.user_default_permissions,
    oauthAccountMergeStrategy: c.oauth_account_merge_strategy,
    allowUserApiKeys: c.allow_user_api_keys,
    allowTeamApiKeys: c.allow_team_api_keys,
    branding: { primaryColor: c.branding.primary_color, darkLogoUrl: c.branding.dark_logo_url },
  };
}

/**
 * Production-mode problems of a project's configuration (SPEC section 4), in Stack's words; the server
 * answers the same list at `GET /internal/projects/current/production-mode-problems`.
 */
export function productionModeErrors(json: AdminProjectJson): { message: string; relativeFixUrl: string }[] {
  const fix = `/projects/${json.id}/domains`;
  const errors: { message: string; relativeFixUrl: string }[] = [];
  if (json.config.allow_localhost) errors.push({ message: "Localhost is not allowed in production mode, turn off 'Allow localhost' in project settings", relativeFixUrl: fix });
  for (const { domain } of json.config.domains) {
    let url: URL;
    try {
      url = new URL(domain);
    } catch {
      errors.push({ message: `Trusted domain is not a valid URL: ${domain}`, relativeFixUrl: fix });
      continue;
    }
    if (url.hostname === "localhost" || url.hostname.endsWith(".localhost")) errors.push({ message: `Localhost domains are not allowed to be trusted in production mode: ${domain}`, relativeFixUrl: fix });
    else if (/^\d+\.\d+\.\d+\.\d+$/.test(url.hostname) || url.hostname.startsWith("[")) errors.push({ message: `Direct IPs are not valid for trusted domains in production mode: ${domain}`, relativeFixUrl: fix });
    else if (url.protocol !== "https:") errors.push({ message: `Trusted domains should be HTTPS: ${domain}`, relativeFixUrl: fix });
  }
  return errors;
}

/** The project as its admin sees it, with the methods that change it. */
export function createAdminProject(context: AppContext, json: AdminProjectJson) {
  const api = adminApi(context);
  return {
    id: json.id,
    displayName: json.display_name,
    description: json.description,
    createdAt: toDate(json.created_at_millis),
    isProductionMode: json.is_production_mode,
    ownerTeamId: json.owner_team_id,
    logoUrl: json.logo_url,
    fullLogoUrl: json.full_logo_url,
    config: adminConfigOf(json.config),
    /** Changes the project's name, description, production mode or configuration; throws a plain error for an OAuth provider or mail server missing a required field. @example `await project.update({ displayName: "Shop", config: { signUpEnabled: false } });` */
    async update(update: AdminProjectUpdateOptions): Promise<void> {
      await api("patch", "/internal/projects/current", { body: projectUpdateBody(update) });
      context.changed();
    },
    /** Deletes the project and everything in it, for good (the internal project cannot be deleted). @example `await project.delete();` */
    async delete(): Promise<void> {
      await api("delete", "/internal/projects/current", {});
      context.changed();
    },
    /** The complete configuration, as nested JSON. @example `const config = await project.getConfig();` */
    async getConfig(): Promise<Record<string, unknown>> {
      const { config_string } = await api("get", "/internal/config", {});
      return JSON.parse(config_string) as Record<string, unknown>;
    },
    /** Overrides configuration keys (dotted paths). @example `await project.updateConfig({ "teams.allowClientTeamCreation": true });` */
    async updateConfig(config: Record<string, unknown>): Promise<void> {
      await api("patch", "/internal/config/override", { body: { config_override_string: JSON.stringify(config) } });
      context.changed();
    },
    /**
     * Moves the project to another team of its owner (who must hold `team_admin` in the current owner
     * team). `user` is the signed-in owner, as Stack's SDK takes it; this app's owner session acts.
     * @example `await project.transfer(user, otherTeam.id);`
     */
    async transfer(_user: unknown, newTeamId: string): Promise<void> {
      await api("post", "/internal/projects/transfer", { body: { project_id: json.id, new_team_id: newTeamId } });
      context.changed();
    },
    /** What stops the project from going to production mode (localhost allowed, untrusted domains), with where to fix each; empty when ready. @example `const problems = await project.getProductionModeErrors();` */
    async getProductionModeErrors() {
      return productionModeErrors(json);
    },
  };
}

export type AdminProject = ReturnType<typeof createAdminProject>;
