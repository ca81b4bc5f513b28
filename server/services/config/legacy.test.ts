import { describe, expect, it } from "vitest";
import { adminProjectConfig, adminProjectConfigUpdate, clientProjectConfig, type AdminProjectConfigUpdate } from "../../../contract/project-config.js";
import { legacyUpdateToOverride, toAdminProjectConfig, toClientProjectConfig } from "./legacy.js";
import { mergeOverride, validateOverride } from "./override.js";
import { renderConfig } from "./render.js";

const counterIds = () => {
  let n = 0;
  return () => `domain_${++n}`;
};

const update: AdminProjectConfigUpdate = {
  sign_up_enabled: false,
  credential_enabled: true,
  magic_link_enabled: true,
  passkey_enabled: true,
  client_team_creation_enabled: true,
  client_user_deletion_enabled: true,
  allow_localhost: true,
  allow_user_api_keys: true,
  allow_team_api_keys: true,
  create_team_on_sign_up: true,
  oauth_account_merge_strategy: "raise_error",
  email_theme: "a0172b5d-cff0-463b-83bb-85124697373a",
  email_config: {
    type: "standard", host: "smtp.example.com", port: 587, username: "mailer",
    password: "hunter2", sender_name: "Example", sender_email: "noreply@example.com",
  },
  domains: [
    { domain: "https://b.example.com", handler_path: "/auth" },
    { domain: "https://*.a.example.com", handler_path: "/handler" },
  ],
  oauth_providers: [
    { id: "github", type: "standard", client_id: "gh-id", client_secret: "gh-secret" },
    { id: "google", type: "shared" },
  ],
  team_creator_default_permissions: [{ id: "$update_team" }, { id: "$delete_team" }],
  team_member_default_permissions: [{ id: "$read_members" }],
  user_default_permissions: [],
  branding: { primary_color: "#0f766e", dark_logo_url: "https://cdn.example.com/logo-white.svg" },
};

describe("legacyUpdateToOverride", () => {
  it("writes dot-path keys, replacing whole maps", () => {
    expect(legacyUpdateToOverride(update, counterIds())).toEqual({
      "domains.allowLocalhost": true,
      "auth.allowSignUp": false,
      "auth.password.allowSignIn": true,
      "auth.otp.allowSignIn": true,
      "auth.passkey.allowSignIn": true,
      "users.allowClientUserDeletion": true,
      "teams.allowClientTeamCreation": true,
      "teams.createPersonalTeamOnSignUp": true,
      "apiKeys.enabled.user": true,
      "apiKeys.enabled.team": true,
      "auth.oauth.accountMergeStrategy": "raise_error",
      "emails.selectedThemeId": "a0172b5d-cff0-463b-83bb-85124697373a",
      "branding.primaryColor": "#0f766e",
      "branding.darkLogoUrl": "https://cdn.example.com/logo-white.svg",
      "emails.server": {
        isShared: false, provider: "smtp", host: "smtp.example.com", port: 587, username: "mailer",
        password: "hunter2", senderName: "Example", senderEmail: "noreply@example.com",
      },
      "auth.oauth.providers": {
        github: { type: "github", isShared: false, allowSignIn: true, allowConnectedAccounts: true, clientId: "gh-id", clientSecret: "gh-secret" },
        google: { type: "google", isShared: true, allowSignIn: true, allowConnectedAccounts: true },
      },
      "domains.trustedDomains": {
        domain_1: { baseUrl: "https://b.example.com", handlerPath: "/auth" },
        domain_2: { baseUrl: "https://*.a.example.com", handlerPath: "/handler" },
      },
      "rbac.defaultPermissions.teamCreator": { $update_team: true, $delete_team: true },
      "rbac.defaultPermissions.teamMember": { $read_members: true },
      "rbac.defaultPermissions.signUp": {},
    });
  });

  it("writes only the keys present and a shared e-mail server as isShared", () => {
    expect(legacyUpdateToOverride({ email_config: { type: "shared" } }, counterIds())).toEqual({
      "emails.server": { isShared: true, provider: "smtp" },
    });
    expect(legacyUpdateToOverride({}, counterIds())).toEqual({});
  });
});

describe("legacy round trip", () => {
  it("update -> override -> merge into empty -> render -> admin view gives the same values", () => {
    const override = mergeOverride({}, legacyUpdateToOverride(adminProjectConfigUpdate.parse(update), counterIds()));
    expect(validateOverride(override)).toEqual({ ok: true });
    const admin = toAdminProjectConfig(renderConfig(override));
    expect(adminProjectConfig.safeParse(admin).success).toBe(true);
    const providers = [
      { provider_config_id: "github", id: "github", type: "standard", client_id: "gh-id", client_secret: "gh-secret" },
      { provider_config_id: "google", id: "google", type: "shared" },
    ];
    expect(admin).toEqual({
      sign_up_enabled: false,
      credential_enabled: true,
      magic_link_enabled: true,
      passkey_enabled: true,
      client_team_creation_enabled: true,
      client_user_deletion_enabled: true,
      allow_user_api_keys: true,
      allow_team_api_keys: true,
      allow_localhost: true,
      oauth_providers: providers,
      enabled_oauth_providers: providers.map((p) => ({ id: p.id })),
      domains: [
        { domain: "https://*.a.example.com", handler_path: "/handler" },
        { domain: "https://b.example.com", handler_path: "/auth" },
      ],
      email_config: update.email_config,
      email_theme: "a0172b5d-cff0-463b-83bb-85124697373a",
      create_team_on_sign_up: true,
      team_creator_default_permissions: [{ id: "$delete_team" }, { id: "$update_team" }],
      team_member_default_permissions: [{ id: "$read_members" }],
      user_default_permissions: [],
      oauth_account_merge_strategy: "raise_error",
      branding: update.branding,
    });
  });

  it("a second update of the providers replaces the first set", () => {
    const first = legacyUpdateToOverride(update, counterIds());
    const second = legacyUpdateToOverride({ oauth_providers: [{ id: "x", type: "shared" }], domains: [] }, counterIds());
    const admin = toAdminProjectConfig(renderConfig(mergeOverride(first, second)));
    expect(admin.oauth_providers).toEqual([{ provider_config_id: "x", id: "x", type: "shared" }]);
    expect(admin.domains).toEqual([]);
  });
});

describe("toAdminProjectConfig / toClientProjectConfig", () => {
  it("renders the defaults", () => {
    const config = renderConfig({});
    expect(toAdminProjectConfig(config)).toMatchObject({
      allow_localhost: false, sign_up_enabled: true, credential_enabled: false, oauth_providers: [], domains: [],
      email_config: { type: "shared" }, email_theme: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac",
      oauth_account_merge_strategy: "link_method", team_creator_default_permissions: [],
    });
    const client = toClientProjectConfig(config);
    expect(clientProjectConfig.safeParse(client).success).toBe(true);
    expect(Object.keys(client).sort()).toEqual([
      "allow_team_api_keys", "allow_user_api_keys", "client_team_creation_enabled", "client_user_deletion_enabled",
      "credential_enabled", "enabled_oauth_providers", "magic_link_enabled", "passkey_enabled", "sign_up_enabled",
    ]);
  });

  it("lists only providers with a type that allow sign-in, sorted by type", () => {
    const config = renderConfig({
      "auth.oauth.providers": {
        z: { type: "twitch", allowSignIn: true },
        a: { type: "spotify", allowSignIn: false, allowConnectedAccounts: true },
        untyped: { allowSignIn: true },
        m: { type: "apple", allowSignIn: true, isShared: false, clientId: "c", clientSecret: "s", microsoftTenantId: "t" },
      },
    });
    expect(toClientProjectConfig(config).enabled_oauth_providers).toEqual([{ id: "apple" }, { id: "twitch" }]);
    expect(toAdminProjectConfig(config).oauth_providers).toEqual([
      { provider_config_id: "m", id: "apple", type: "standard", client_id: "c", client_secret: "s", microsoft_tenant_id: "t" },
      { provider_config_id: "z", id: "twitch", type: "shared" },
    ]);
  });

  it("lists only domains with a base URL, sorted by domain", () => {
    const config = renderConfig({
      "domains.trustedDomains": { k1: { baseUrl: "https://z.com" }, k2: { handlerPath: "/h" }, k3: { baseUrl: "http://a.com", handlerPath: "/x" } },
    });
    expect(toAdminProjectConfig(config).domains).toEqual([
      { domain: "http://a.com", handler_path: "/x" },
      { domain: "https://z.com", handler_path: "/handler" },
    ]);
  });

  it("keeps only default permissions that exist with the right scope", () => {
    const config = renderConfig({
      "rbac.permissions": {
        team_admin: { scope: "team" }, team_member: { scope: "team" }, read: { scope: "project" }, loose: {},
      },
      "rbac.defaultPermissions.teamCreator": { team_admin: true, read: true, $manage_api_keys: true, gone: true, loose: true },
      "rbac.defaultPermissions.teamMember": { team_member: true, team_admin: true },
      "rbac.defaultPermissions.signUp": { read: true, team_admin: true, $read_members: true },
    });
    const admin = toAdminProjectConfig(config);
    expect(admin.team_creator_default_permissions).toEqual([{ id: "$manage_api_keys" }, { id: "team_admin" }]);
    expect(admin.team_member_default_permissions).toEqual([{ id: "team_admin" }, { id: "team_member" }]);
    expect(admin.user_default_permissions).toEqual([{ id: "read" }]);
  });

  it("shows a non-shared e-mail server as standard", () => {
    const config = renderConfig({
      "emails.server": { isShared: false, host: "h", port: 465, username: "u", password: "p", senderName: "n", senderEmail: "e@x.com" },
    });
    expect(toAdminProjectConfig(config).email_config).toEqual({
      type: "standard", host: "h", port: 465, username: "u", password: "p", sender_name: "n", sender_email: "e@x.com",
    });
  });
});
