/**
 * The project as an identity provider (issue 40): OAuth clients of other apps, the codes, consents and
 * refresh tokens issued to them, and the project's settings. Client secrets, codes and refresh tokens
 * are kept as hashes only.
 */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn, userIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";
import type { UserTables } from "./users.js";

export type OAuthGrantType = "authorization_code" | "refresh_token" | "client_credentials";

export function defineIdentityProviderTables(b: TableBuilders, { projects, users }: ProjectTables & UserTables) {
  const projectId = () => projectIdColumn(b, projects);

  /** A relying party: registered by an admin, by dynamic registration, or known by its metadata document's URL. */
  const oauthClients = b.table(
    "oauth_clients",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      clientId: b.text("client_id").notNull(),
      name: b.text("name").notNull(),
      logoUrl: b.text("logo_url"),
      type: b.text("type", { enum: ["confidential", "public"] }).notNull(),
      secretHash: b.text("secret_hash"),
      secretLastFour: b.text("secret_last_four"),
      redirectUris: b.json("redirect_uris").$type<string[]>().notNull(),
      allowedScopes: b.json("allowed_scopes").$type<string[]>().notNull(),
      grantTypes: b.json("grant_types").$type<OAuthGrantType[]>().notNull(),
      registeredBy: b.text("registered_by", { enum: ["admin", "dynamic_registration", "metadata_document"] }).notNull(),
      createdAt: b.time("created_at").notNull(),
      updatedAt: b.time("updated_at").notNull(),
    },
    (t) => [b.uniqueIndex("oauth_clients_client_id_idx").on(t.projectId, t.clientId)],
  );

  /** One-time authorization codes (about a minute), bound to their client, redirect URI and PKCE challenge. */
  const oauthAuthorizationCodes = b.table(
    "oauth_authorization_codes",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      clientRowId: b.text("client_row_id").notNull().references(() => oauthClients.id, { onDelete: "cascade" }),
      userId: userIdColumn(b, users),
      codeHash: b.text("code_hash").notNull(),
      redirectUri: b.text("redirect_uri").notNull(),
      codeChallenge: b.text("code_challenge").notNull(),
      nonce: b.text("nonce"),
      scopes: b.json("scopes").$type<string[]>().notNull(),
      resource: b.text("resource"),
      authTime: b.time("auth_time").notNull(),
      createdAt: b.time("created_at").notNull(),
      expiresAt: b.time("expires_at").notNull(),
      usedAt: b.time("used_at"),
      /** The grant its tokens belong to once redeemed (a replayed code revokes it). */
      grantId: b.text("grant_id").notNull(),
      /**
       * When the grant was revoked (a replayed code or refresh token, or RFC 7009 revocation): its access
       * tokens, which carry the grant id, are inactive from then on at introspection and userinfo.
       */
      grantRevokedAt: b.time("grant_revoked_at"),
      /** The consent the grant was made under: withdrawing it (or consenting anew) leaves the grant behind. */
      consentId: b.text("consent_id"),
    },
    (t) => [
      b.uniqueIndex("oauth_codes_hash_idx").on(t.codeHash),
      b.index("oauth_codes_expiry_idx").on(t.projectId, t.expiresAt),
      b.index("oauth_codes_grant_idx").on(t.projectId, t.grantId),
    ],
  );

  /** A user's consent to a client for a set of scopes (the consent page is skipped for a covered request). */
  const oauthConsents = b.table(
    "oauth_consents",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      clientRowId: b.text("client_row_id").notNull().references(() => oauthClients.id, { onDelete: "cascade" }),
      userId: userIdColumn(b, users),
      scopes: b.json("scopes").$type<string[]>().notNull(),
      createdAt: b.time("created_at").notNull(),
      updatedAt: b.time("updated_at").notNull(),
    },
    (t) => [b.uniqueIndex("oauth_consents_user_client_idx").on(t.projectId, t.userId, t.clientRowId)],
  );

  /**
   * Refresh tokens issued to clients. Each use replaces the token by a new one of the same grant; a used
   * token presented again revokes every token of its grant (reuse detection).
   */
  const oauthRefreshTokens = b.table(
    "oauth_refresh_tokens",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      clientRowId: b.text("client_row_id").notNull().references(() => oauthClients.id, { onDelete: "cascade" }),
      userId: userIdColumn(b, users),
      grantId: b.text("grant_id").notNull(),
      tokenHash: b.text("token_hash").notNull(),
      scopes: b.json("scopes").$type<string[]>().notNull(),
      resource: b.text("resource"),
      authTime: b.time("auth_time").notNull(),
      createdAt: b.time("created_at").notNull(),
      expiresAt: b.time("expires_at").notNull(),
      usedAt: b.time("used_at"),
      revokedAt: b.time("revoked_at"),
    },
    (t) => [
      b.uniqueIndex("oauth_refresh_tokens_hash_idx").on(t.tokenHash),
      b.index("oauth_refresh_tokens_grant_idx").on(t.projectId, t.grantId),
      b.index("oauth_refresh_tokens_user_idx").on(t.projectId, t.userId, t.clientRowId),
    ],
  );

  /** Per project: whether clients may register themselves, and the project's own scopes. */
  const identityProviderSettings = b.table("identity_provider_settings", {
    projectId: b
      .text("project_id")
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    dynamicRegistrationEnabled: b.boolean("dynamic_registration_enabled").notNull().default(false),
    metadataDocumentsEnabled: b.boolean("metadata_documents_enabled").notNull().default(false),
    scopes: b.json("scopes").$type<{ scope: string; description: string; permission_id: string }[]>().notNull(),
    updatedAt: b.time("updated_at").notNull(),
  });

  return { oauthClients, oauthAuthorizationCodes, oauthConsents, oauthRefreshTokens, identityProviderSettings };
}
