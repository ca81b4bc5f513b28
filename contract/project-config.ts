/**
 * The legacy project `config` block (projects-and-config.md §1, §2, §3.1): the flat, snake_case view the
 * SDK's `Project` and `AdminProject` are built from. The configuration tree it is rendered from lives in
 * server/services/config. Request bodies are strict; response bodies are plain objects.
 */
import { z } from "zod";

export const oauthProviderIds = [
  "google", "github", "microsoft", "spotify", "facebook", "discord",
  "gitlab", "bitbucket", "linkedin", "apple", "x", "twitch",
] as const;

export const oauthProviderIdSchema = z
  .enum(oauthProviderIds)
  .meta({ description: "An OAuth provider type.", example: "google" });
export type OAuthProviderId = z.infer<typeof oauthProviderIdSchema>;

export const oauthProviderConfigType = z
  .enum(["shared", "standard"])
  .meta({ description: "`shared` uses the platform's development credentials; `standard` uses the project's own OAuth app.", example: "standard" });

export const oauthAccountMergeStrategy = z
  .enum(["link_method", "raise_error", "allow_duplicates"])
  .meta({
    description: "What happens when an OAuth sign-in brings an e-mail that already belongs to a user.",
    example: "link_method",
  });
export type OAuthAccountMergeStrategy = z.infer<typeof oauthAccountMergeStrategy>;

/** The six system team permissions; they exist in every project. */
export const systemTeamPermissionIds = [
  "$update_team", "$delete_team", "$read_members", "$remove_members", "$invite_members", "$manage_api_keys",
] as const;

export const permissionIdField = z
  .string()
  .regex(/^\$?[a-z0-9_:]+$/, 'Only lowercase letters, numbers, ":", "_" and optional "$" at the beginning are allowed')
  .refine((id) => !id.startsWith("$") || (systemTeamPermissionIds as readonly string[]).includes(id), "Invalid system permission")
  .meta({ description: "A permission id; ids starting with `$` are system permissions.", example: "team_admin" });

function isWildcardUrlPattern(value: string): boolean {
  if (/\s/.test(value)) return false;
  const origin = /^https?:\/\/[^/?#]*/i.exec(value)?.[0];
  if (origin === undefined || value.slice(origin.length).includes("*")) return false;
  const placeholder = "wildcard-placeholder";
  const candidate = origin.replaceAll("*", placeholder) + value.slice(origin.length);
  if (!URL.canParse(candidate)) return false;
  const url = new URL(candidate);
  return !url.username.includes(placeholder) && !url.password.includes(placeholder);
}

/** An http(s) URL whose host may contain `*` (one label part) or `**` (anything) wildcards. */
export const wildcardUrlPattern = z
  .string()
  .max(300, "must be at most 300 characters")
  .refine(isWildcardUrlPattern, "is not a valid URL or wildcard URL pattern")
  .meta({
    description: "An http(s) URL; its host may contain `*` (matches one DNS label part) and `**` (matches anything).",
    example: "https://*.example.com",
  });

export const handlerPath = z
  .string()
  .max(300, "must be at most 300 characters")
  .startsWith("/", "Handler path must start with /")
  .meta({ description: "The path of the hosted handler pages on that domain.", example: "/handler" });

/** A colour as `#rrggbb` (the hosted pages and the default e-mail themes use it for buttons and links). */
export const brandColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour written as #rrggbb")
  .meta({ description: "A colour written as `#rrggbb`.", example: "#7c3aed" });

const LOGO_DATA_URL = /^data:image\/(png|jpeg|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/;

/** An https URL of an image, or a base64 data URL of a PNG, JPEG, WebP or SVG image (up to 500000 characters). */
export const brandLogoUrl = z
  .string()
  .max(500_000, "must be at most 500000 characters")
  .refine((value) => LOGO_DATA_URL.test(value) || (URL.canParse(value) && new URL(value).protocol === "https:"),
    "must be an https URL or a base64 data URL of a PNG, JPEG, WebP or SVG image")
  .meta({ description: "An https image URL, or a base64 data URL of a PNG, JPEG, WebP or SVG image.", example: "https://example.com/logo-dark.svg" });

// ---- Read shapes -------------------------------------------------------------------------------------

export const clientOAuthProvider = z.object({ id: oauthProviderIdSchema });
export type ClientOAuthProvider = z.infer<typeof clientOAuthProvider>;

export const adminOAuthProvider = z.object({
  provider_config_id: z.string().meta({ description: "The key of the provider in the config tree.", example: "google" }),
  id: oauthProviderIdSchema,
  type: oauthProviderConfigType,
  client_id: z.string().optional().meta({ description: "OAuth client id (standard providers).", example: "1234.apps.googleusercontent.com" }),
  client_secret: z.string().optional().meta({ description: "OAuth client secret (standard providers).", example: "GOCSPX-secret" }),
  facebook_config_id: z.string().optional().meta({ description: "Facebook Login for Business configuration id.", example: "123456789" }),
  microsoft_tenant_id: z.string().optional().meta({ description: "Microsoft Entra tenant id.", example: "common" }),
});
export type AdminOAuthProvider = z.infer<typeof adminOAuthProvider>;

export const emailConfig = z.discriminatedUnion("type", [
  z.object({ type: z.literal("shared") }),
  z.object({
    type: z.literal("standard"),
    host: z.string().meta({ description: "SMTP host.", example: "smtp.example.com" }),
    port: z.number().int().meta({ description: "SMTP port.", example: 587 }),
    username: z.string().meta({ example: "mailer" }),
    password: z.string().meta({ description: "SMTP password (sent to admins in clear).", example: "hunter2" }),
    sender_name: z.string().meta({ example: "Example App" }),
    sender_email: z.string().meta({ example: "noreply@example.com" }),
  }),
]).meta({ description: "The e-mail server: the shared platform server, or the project's own SMTP server." });
export type EmailConfig = z.infer<typeof emailConfig>;

export const trustedDomain = z.object({
  domain: z.string().meta({ description: "Base URL of a trusted domain; the host may contain `*` wildcards.", example: "https://app.example.com" }),
  handler_path: z.string().meta({ example: "/handler" }),
});
export type TrustedDomain = z.infer<typeof trustedDomain>;

export const permissionRef = z.object({ id: z.string().meta({ example: "team_admin" }) });
export type PermissionRef = z.infer<typeof permissionRef>;

const clientConfigShape = {
  sign_up_enabled: z.boolean(),
  credential_enabled: z.boolean().meta({ description: "Password sign-in is enabled." }),
  magic_link_enabled: z.boolean().meta({ description: "One-time code / magic link sign-in is enabled." }),
  passkey_enabled: z.boolean(),
  client_team_creation_enabled: z.boolean().meta({ description: "Signed-in users may create teams." }),
  client_user_deletion_enabled: z.boolean().meta({ description: "Signed-in users may delete their own account." }),
  allow_user_api_keys: z.boolean(),
  allow_team_api_keys: z.boolean(),
};

export const clientProjectConfig = z.object({
  ...clientConfigShape,
  enabled_oauth_providers: z.array(clientOAuthProvider).meta({ description: "Providers that are configured and allow sign-in." }),
});
export type ClientProjectConfig = z.infer<typeof clientProjectConfig>;

export const projectBranding = z
  .object({
    primary_color: brandColor.nullable().meta({ description: "Buttons and links of the hosted pages and of the default e-mail themes; null: Latchkey's blue." }),
    dark_logo_url: brandLogoUrl.nullable().meta({ description: "The logo shown on dark backgrounds; null: the project's `logo_url` everywhere." }),
  })
  .meta({ id: "ProjectBranding", description: "The look of the hosted pages and of the default e-mail themes (our addition; the logo for light backgrounds is the project's `logo_url`)." });
export type ProjectBranding = z.infer<typeof projectBranding>;

export const adminProjectConfig = z.object({
  ...clientConfigShape,
  allow_localhost: z.boolean().meta({ description: "Redirects to localhost, *.localhost and 127.x.x.x are trusted." }),
  oauth_providers: z.array(adminOAuthProvider).meta({ description: "Sorted by `id`." }),
  enabled_oauth_providers: z.array(clientOAuthProvider).meta({ description: "The ids of `oauth_providers`, as in the client config." }),
  domains: z.array(trustedDomain).meta({ description: "Trusted domains, sorted by domain." }),
  email_config: emailConfig,
  email_theme: z.string().meta({ description: "Id of the selected e-mail theme.", example: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac" }),
  create_team_on_sign_up: z.boolean().meta({ description: "Each new user gets a personal team." }),
  team_creator_default_permissions: z.array(permissionRef),
  team_member_default_permissions: z.array(permissionRef),
  user_default_permissions: z.array(permissionRef).meta({ description: "Project permissions granted to new users." }),
  oauth_account_merge_strategy: oauthAccountMergeStrategy,
  branding: projectBranding,
});
export type AdminProjectConfig = z.infer<typeof adminProjectConfig>;

// ---- Update shapes -----------------------------------------------------------------------------------

const isObject = (v: unknown) => typeof v === "object" && v !== null;
/** Stack's plain e-mail rule for the sender address (WHATWG's form rule: `test@email.com2` passes, backend-fidelity P2). */
const emailFormat = z.email({ pattern: z.regexes.html5Email });
const isMissing = (v: string | number | undefined) => v === undefined || v === "";

const emailServerFields = [
  ["host", "Email host is missing"],
  ["port", "Email port is missing"],
  ["username", "Email username is missing"],
  ["password", "Email password is missing"],
  ["sender_name", "Email sender name is missing"],
  ["sender_email", "Email sender email is missing"],
] as const;

export const emailConfigUpdate = z
  .strictObject({
    type: z.enum(["shared", "standard"]),
    host: z.string().optional().meta({ example: "smtp.example.com" }),
    port: z.number().int("must be an integer").min(0, "must be between 0 and 65535").max(65535, "must be between 0 and 65535")
      .optional().meta({ example: 587 }),
    username: z.string().optional().meta({ example: "mailer" }),
    password: z.string().max(70, "must be at most 70 characters").optional().meta({ example: "hunter2" }),
    sender_name: z.string().optional().meta({ example: "Example App" }),
    sender_email: z.string()
      .refine((v) => v === "" || emailFormat.safeParse(v).success, "must be a valid email")
      .optional().meta({ example: "noreply@example.com" }),
  })
  .superRefine((value, ctx) => {
    if (value.type !== "standard") return;
    for (const [key, message] of emailServerFields) {
      if (isMissing(value[key])) ctx.addIssue({ code: "custom", message, path: [key] });
    }
  }, { when: (payload) => isObject(payload.value) })
  .meta({ description: "Replaces the e-mail server. For `standard`, all six server fields are required." });
export type EmailConfigUpdate = z.infer<typeof emailConfigUpdate>;

export const oauthProviderUpdate = z
  .strictObject({
    id: oauthProviderIdSchema,
    type: oauthProviderConfigType,
    client_id: z.string().optional().meta({ example: "1234.apps.googleusercontent.com" }),
    client_secret: z.string().optional().meta({ example: "GOCSPX-secret" }),
    facebook_config_id: z.string().optional(),
    microsoft_tenant_id: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type !== "standard") return;
    if (isMissing(value.client_id)) ctx.addIssue({ code: "custom", message: "Client ID is missing", path: ["client_id"] });
    if (isMissing(value.client_secret)) ctx.addIssue({ code: "custom", message: "Client secret is missing", path: ["client_secret"] });
  }, { when: (payload) => isObject(payload.value) });
export type OAuthProviderUpdate = z.infer<typeof oauthProviderUpdate>;

export const trustedDomainUpdate = z.strictObject({
  domain: wildcardUrlPattern,
  handler_path: handlerPath,
});

const permissionRefList = z.array(z.strictObject({ id: permissionIdField }));

export const adminProjectConfigUpdate = z.strictObject({
  sign_up_enabled: z.boolean().optional(),
  credential_enabled: z.boolean().optional(),
  magic_link_enabled: z.boolean().optional(),
  passkey_enabled: z.boolean().optional(),
  client_team_creation_enabled: z.boolean().optional(),
  client_user_deletion_enabled: z.boolean().optional(),
  allow_localhost: z.boolean().optional(),
  allow_user_api_keys: z.boolean().optional(),
  allow_team_api_keys: z.boolean().optional(),
  create_team_on_sign_up: z.boolean().optional(),
  oauth_account_merge_strategy: oauthAccountMergeStrategy.optional(),
  email_theme: z.string().optional().meta({
    description: "Id of an existing e-mail theme; any other value is refused with the text `Invalid email theme`.",
    example: "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac",
  }),
  email_config: emailConfigUpdate.optional(),
  domains: z.array(trustedDomainUpdate).optional().meta({ description: "Replaces the whole trusted-domain list." }),
  oauth_providers: z.array(oauthProviderUpdate)
    .refine((list) => new Set(list.map((p) => p.id)).size === list.length, "must not list the same provider twice")
    .optional()
    .meta({ description: "Replaces all OAuth providers; each listed provider allows sign-in and connected accounts." }),
  team_creator_default_permissions: permissionRefList.optional().meta({ description: "Replaces the team creator's default permissions." }),
  team_member_default_permissions: permissionRefList.optional().meta({ description: "Replaces a team member's default permissions." }),
  user_default_permissions: permissionRefList.optional().meta({ description: "Replaces the project permissions new users get." }),
  branding: z.strictObject({
    primary_color: brandColor.nullable().optional(),
    dark_logo_url: brandLogoUrl.nullable().optional(),
  }).optional().meta({ description: "Each given field replaces its value; null goes back to the default." }),
});
export type AdminProjectConfigUpdate = z.infer<typeof adminProjectConfigUpdate>;
