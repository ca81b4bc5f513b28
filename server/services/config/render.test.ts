import { describe, expect, it } from "vitest";
import { builtInEmailTemplateIds, defaultDarkEmailThemeId, defaultEmailThemeId } from "./defaults.js";
import { renderConfig } from "./render.js";
import { renderedConfigSchema } from "./tree-schema.js";

describe("renderConfig", () => {
  it("renders the defaults for an empty override", () => {
    const config = renderConfig({});
    expect(renderedConfigSchema.safeParse(config).success).toBe(true);
    expect(config.sourceOfTruth).toEqual({ type: "hosted" });
    expect(config.rbac).toEqual({ permissions: {}, defaultPermissions: { teamCreator: {}, teamMember: {}, signUp: {} } });
    expect(config.apiKeys).toEqual({ enabled: { team: false, user: false } });
    expect(config.teams).toEqual({ createPersonalTeamOnSignUp: false, allowClientTeamCreation: false });
    expect(config.users).toEqual({ allowClientUserDeletion: false });
    expect(config.domains).toEqual({ allowLocalhost: false, trustedDomains: {} });
    expect(config.auth).toEqual({
      allowSignUp: true,
      password: { allowSignIn: false },
      otp: { allowSignIn: false },
      passkey: { allowSignIn: false },
      oauth: { accountMergeStrategy: "link_method", providers: {} },
    });
    expect(config.emails.server).toEqual({ isShared: true, provider: "smtp" });
    expect(config.emails.selectedThemeId).toBe("1df07ae6-abf3-4a40-83a5-a1a2cbe336ac");
    expect(Object.fromEntries(Object.entries(config.emails.themes).map(([id, t]) => [id, t.displayName]))).toEqual({
      [defaultEmailThemeId]: "Default Light",
      [defaultDarkEmailThemeId]: "Default Dark",
    });
    expect(Object.fromEntries(Object.entries(config.emails.templates).map(([id, t]) => [id, t.displayName]))).toEqual({
      "e7d009ce-8d47-4528-b245-5bf119f2ffa3": "Email Verification",
      "a70fb3a4-56c1-4e42-af25-49d25603abd0": "Password Reset",
      "822687fe-8d0a-4467-a0d1-416b6e639478": "Magic Link/OTP",
      "e84de395-2076-4831-9c19-8e9a96a868e4": "Team Invitation",
      "066dd73c-36da-4fd0-b6d6-ebf87683f8bc": "Sign In Invitation",
      [builtInEmailTemplateIds.securityAlert]: "Security Alert",
      [builtInEmailTemplateIds.addedEmailVerification]: "Added Email Verification",
    });
    expect(config.payments).toEqual({ groups: {}, offers: {}, items: {} });
    expect(config.dataVault).toEqual({ stores: {} });
    expect(config.workflows).toEqual({ availableWorkflows: {} });
  });

  it("fills per-entry defaults", () => {
    const config = renderConfig({
      "auth.oauth.providers.google": { type: "google" },
      "domains.trustedDomains.d1": { baseUrl: "https://a.com" },
      "rbac.permissions.team_admin": { scope: "team" },
      "payments.items.credits": {},
      "payments.items.seats": { customerType: "team" },
      "dataVault.stores.main": {},
    });
    expect(renderedConfigSchema.safeParse(config).success).toBe(true);
    expect(config.auth.oauth.providers).toEqual({
      google: { type: "google", isShared: true, allowSignIn: false, allowConnectedAccounts: false },
    });
    expect(config.domains.trustedDomains).toEqual({ d1: { baseUrl: "https://a.com", handlerPath: "/handler" } });
    expect(config.rbac.permissions).toEqual({ team_admin: { scope: "team", containedPermissionIds: {} } });
    expect(config.payments.items).toEqual({
      credits: { displayName: "credits", customerType: "user" },
      seats: { displayName: "seats", customerType: "team" },
    });
    expect(config.dataVault.stores).toEqual({ main: { displayName: "Unnamed Vault" } });
  });

  it("merges objects and replaces everything else", () => {
    const config = renderConfig({
      "auth.password.allowSignIn": true,
      "emails.server": { isShared: false, host: "smtp.a.com", port: 25 },
      [`emails.themes.${defaultEmailThemeId}.displayName`]: "Light",
      "payments.autoPay": { interval: [1, "month"] },
    });
    expect(config.auth.password).toEqual({ allowSignIn: true });
    expect(config.auth.otp).toEqual({ allowSignIn: false });
    expect(config.emails.server).toEqual({ isShared: false, provider: "smtp", host: "smtp.a.com", port: 25 });
    expect(config.emails.themes[defaultEmailThemeId]?.displayName).toBe("Light");
    expect(config.emails.themes[defaultEmailThemeId]?.tsxSource).toContain("export function EmailTheme");
    expect(config.emails.templates[builtInEmailTemplateIds.passwordReset]?.displayName).toBe("Password Reset");
    expect(config.payments.autoPay).toEqual({ interval: [1, "month"] });
  });

  it("does not share state between renders", () => {
    const first = renderConfig({});
    first.auth.password.allowSignIn = true;
    first.auth.oauth.providers.extra = { isShared: true, allowSignIn: true, allowConnectedAccounts: true };
    expect(renderConfig({}).auth.password.allowSignIn).toBe(false);
    expect(renderConfig({}).auth.oauth.providers).toEqual({});
  });

  it("treats null as removal: an entry of a keyed map is gone, a field is back to its default", () => {
    const config = renderConfig({
      "auth.oauth.providers": { google: { type: "google" }, github: { type: "github" } },
      "auth.oauth.providers.github": null,
      auth: { allowSignUp: null, otp: { allowSignIn: true } },
      "domains.trustedDomains.main": { baseUrl: "https://a.example.com", extra: null },
    });
    expect(Object.keys(config.auth.oauth.providers)).toEqual(["google"]);
    expect([config.auth.allowSignUp, config.auth.otp.allowSignIn]).toEqual([true, true]);
    expect(config.domains.trustedDomains).toStrictEqual({ main: { baseUrl: "https://a.example.com", handlerPath: "/handler" } });
    expect(renderedConfigSchema.safeParse(config).success).toBe(true);
  });
});
