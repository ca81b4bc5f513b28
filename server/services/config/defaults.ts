/**
 * Defaults of the configuration tree (projects-and-config.md §5.3): what the rendered config holds
 * where no override says otherwise, plus per-entry defaults for the entries of keyed maps.
 */
import type { RenderedConfig } from "./tree-schema.js";

export const defaultEmailThemeId = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac";
export const defaultDarkEmailThemeId = "a0172b5d-cff0-463b-83bb-85124697373a";

/** Ids of the built-in e-mail templates. */
export const builtInEmailTemplateIds = {
  emailVerification: "e7d009ce-8d47-4528-b245-5bf119f2ffa3",
  passwordReset: "a70fb3a4-56c1-4e42-af25-49d25603abd0",
  magicLink: "822687fe-8d0a-4467-a0d1-416b6e639478",
  teamInvitation: "e84de395-2076-4831-9c19-8e9a96a868e4",
  signInInvitation: "066dd73c-36da-4fd0-b6d6-ebf87683f8bc",
} as const;

/** Stand-in source until the TSX e-mail system supplies the real built-in themes and templates. */
const placeholderSource = (name: string) => `// built-in: ${name}\nexport default function Placeholder() { return null; }\n`;

const theme = (displayName: string) => ({ displayName, tsxSource: placeholderSource(displayName) });
const template = (displayName: string) => ({ displayName, tsxSource: placeholderSource(displayName) });

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
      themes: {
        [defaultEmailThemeId]: theme("Default Light"),
        [defaultDarkEmailThemeId]: theme("Default Dark"),
      },
      templates: {
        [builtInEmailTemplateIds.emailVerification]: template("Email Verification"),
        [builtInEmailTemplateIds.passwordReset]: template("Password Reset"),
        [builtInEmailTemplateIds.magicLink]: template("Magic Link/OTP"),
        [builtInEmailTemplateIds.teamInvitation]: template("Team Invitation"),
        [builtInEmailTemplateIds.signInInvitation]: template("Sign In Invitation"),
      },
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
