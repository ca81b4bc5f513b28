/**
 * Defaults of the configuration tree (projects-and-config.md §5.3): what the rendered config holds
 * where no override says otherwise, plus per-entry defaults for the entries of keyed maps.
 */
import {
  BUILT_IN_TEMPLATE_IDS,
  DEFAULT_DARK_THEME_ID,
  DEFAULT_LIGHT_THEME_ID,
  DEFAULT_TEMPLATES,
  DEFAULT_THEMES,
  STARTER_TEMPLATE_TSX,
} from "../email/render/defaults/index.js";
import type { RenderedConfig } from "./tree-schema.js";

export const defaultEmailThemeId = DEFAULT_LIGHT_THEME_ID;
export const defaultDarkEmailThemeId = DEFAULT_DARK_THEME_ID;

/** Ids of the built-in e-mail templates. */
export const builtInEmailTemplateIds = BUILT_IN_TEMPLATE_IDS;

/** The built-in themes and templates (services/email/render/defaults/), and what new entries start as. */
const builtInThemes = () => Object.fromEntries(Object.entries(DEFAULT_THEMES).map(([id, theme]) => [id, { ...theme }]));
const builtInTemplates = () => Object.fromEntries(Object.entries(DEFAULT_TEMPLATES).map(([id, template]) => [id, { ...template }]));
const theme = (displayName: string) => ({ displayName, tsxSource: DEFAULT_THEMES[defaultEmailThemeId]!.tsxSource });
const template = (displayName: string) => ({ displayName, tsxSource: STARTER_TEMPLATE_TSX });

/** Returns a fresh copy of the defaults each time, so callers may modify the result. */
export function configDefaults(): RenderedConfig {
  return {
    sourceOfTruth: { type: "hosted" },
    rbac: { permissions: {}, defaultPermissions: { teamCreator: {}, teamMember: {}, signUp: {} } },
    apiKeys: { enabled: { team: false, user: false } },
    teams: { createPersonalTeamOnSignUp: false, allowClientTeamCreation: false },
    users: { allowClientUserDeletion: false },
    domains: { allowLocalhost: false, trustedDomains: {} },
    auth: {
      allowSignUp: true,
      password: { allowSignIn: false },
      otp: { allowSignIn: false },
      passkey: { allowSignIn: false },
      oauth: { accountMergeStrategy: "link_method", providers: {} },
    },
    emails: {
      server: { isShared: true, provider: "smtp" },
      selectedThemeId: defaultEmailThemeId,
      themes: builtInThemes(),
      templates: builtInTemplates(),
    },
    payments: { groups: {}, offers: {}, items: {} },
    dataVault: { stores: {} },
    workflows: { availableWorkflows: {} },
  };
}

/**
 * Defaults for one entry of a keyed map, by the map's dot-path; the entry's own values are merged
 * on top. Entries of maps not listed here get no defaults.
 */
export const entryDefaults: Readonly<Record<string, (id: string) => Record<string, unknown>>> = {
  "rbac.permissions": () => ({ containedPermissionIds: {} }),
  "domains.trustedDomains": () => ({ handlerPath: "/handler" }),
  "auth.oauth.providers": () => ({ isShared: true, allowSignIn: false, allowConnectedAccounts: false }),
  "emails.themes": () => theme("Unnamed Theme"),
  "emails.templates": () => template("Unnamed Template"),
  "payments.offers": (id) => ({ displayName: id, customerType: "user", serverOnly: false, isAddOnTo: false }),
  "payments.items": (id) => ({ displayName: id, customerType: "user" }),
  "dataVault.stores": () => ({ displayName: "Unnamed Vault" }),
  "workflows.availableWorkflows": (id) => ({ displayName: id, tsSource: "", enabled: false }),
};
