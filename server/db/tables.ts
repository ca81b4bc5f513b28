/**
 * Every table, written once for both dialects. Each table holding project data carries
 * `project_id`, and every query filters by it.
 */
import { sql } from "drizzle-orm";
import type { TableBuilders } from "./builders.js";

export type ConfigOverride = Record<string, unknown>;

export function defineTables(b: TableBuilders) {
  const projects = b.table("projects", {
    id: b.text("id").primaryKey(),
    displayName: b.text("display_name").notNull(),
    description: b.text("description").notNull().default(""),
    logoUrl: b.text("logo_url"),
    fullLogoUrl: b.text("full_logo_url"),
    isProductionMode: b.boolean("is_production_mode").notNull().default(false),
    ownerTeamId: b.text("owner_team_id"),
    /** The environment-level config override (dot-path keys); rendered over the defaults on read. */
    configOverride: b.json("config_override").$type<ConfigOverride>().notNull(),
    createdAt: b.time("created_at").notNull(),
    updatedAt: b.time("updated_at").notNull(),
  });

  /** Internal API key sets: a project's publishable, secret and admin keys, stored as SHA-256 hashes. */
  const apiKeySets = b.table(
    "api_key_sets",
    {
      id: b.text("id").primaryKey(),
      projectId: b
        .text("project_id")
        .notNull()
        .references(() => projects.id, { onDelete: "cascade" }),
      description: b.text("description").notNull(),
      createdAt: b.time("created_at").notNull(),
      expiresAt: b.time("expires_at").notNull(),
      revokedAt: b.time("revoked_at"),
      publishableClientKeyHash: b.text("publishable_client_key_hash"),
      publishableClientKeyLastFour: b.text("publishable_client_key_last_four"),
      secretServerKeyHash: b.text("secret_server_key_hash"),
      secretServerKeyLastFour: b.text("secret_server_key_last_four"),
      superSecretAdminKeyHash: b.text("super_secret_admin_key_hash"),
      superSecretAdminKeyLastFour: b.text("super_secret_admin_key_last_four"),
    },
    (t) => [
      b.index("api_key_sets_project_idx").on(t.projectId, t.createdAt),
      b.uniqueIndex("api_key_sets_publishable_hash_idx").on(t.publishableClientKeyHash),
      b.uniqueIndex("api_key_sets_secret_hash_idx").on(t.secretServerKeyHash),
      b.uniqueIndex("api_key_sets_admin_hash_idx").on(t.superSecretAdminKeyHash),
    ],
  );

  const projectId = () =>
    b
      .text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" });

  const users = b.table(
    "users",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      displayName: b.text("display_name"),
      profileImageUrl: b.text("profile_image_url"),
      clientMetadata: b.json("client_metadata"),
      clientReadOnlyMetadata: b.json("client_read_only_metadata"),
      serverMetadata: b.json("server_metadata"),
      isAnonymous: b.boolean("is_anonymous").notNull().default(false),
      /** argon2id PHC string (or an imported bcrypt hash); null when the user has no password. */
      passwordHash: b.text("password_hash"),
      otpAuthEnabled: b.boolean("otp_auth_enabled").notNull().default(false),
      /** TOTP secret, encrypted with the server key. */
      totpSecret: b.text("totp_secret"),
      /** The last TOTP time step accepted, so a code cannot be used twice. */
      totpLastUsedStep: b.bigint("totp_last_used_step"),
      selectedTeamId: b.text("selected_team_id"),
      signedUpAt: b.time("signed_up_at").notNull(),
      lastActiveAt: b.time("last_active_at").notNull(),
    },
    (t) => [b.index("users_project_signed_up_idx").on(t.projectId, t.signedUpAt, t.id)],
  );

  const userId = () =>
    b
      .text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" });

  /** E-mail addresses of users. An address is used for sign-in by at most one user of a project. */
  const contactChannels = b.table(
    "contact_channels",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      userId: userId(),
      type: b.text("type", { enum: ["email"] }).notNull(),
      /** Trimmed and lowercased. */
      value: b.text("value").notNull(),
      isVerified: b.boolean("is_verified").notNull().default(false),
      isPrimary: b.boolean("is_primary").notNull().default(false),
      usedForAuth: b.boolean("used_for_auth").notNull().default(false),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [
      b.uniqueIndex("contact_channels_auth_value_idx").on(t.projectId, t.type, t.value).where(sql`${t.usedForAuth}`),
      b.uniqueIndex("contact_channels_user_value_idx").on(t.userId, t.type, t.value),
      b.uniqueIndex("contact_channels_user_primary_idx").on(t.userId, t.type).where(sql`${t.isPrimary}`),
      b.index("contact_channels_project_value_idx").on(t.projectId, t.value),
      // A user's channels in order: without it SQLite picks the project index and scans every channel.
      b.index("contact_channels_user_created_idx").on(t.userId, t.createdAt),
    ],
  );

  /** A session is one refresh token (stored as its hash); access tokens name it in `refresh_token_id`. */
  const sessions = b.table(
    "sessions",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      userId: userId(),
      refreshTokenHash: b.text("refresh_token_hash").notNull(),
      isImpersonation: b.boolean("is_impersonation").notNull().default(false),
      createdAt: b.time("created_at").notNull(),
      expiresAt: b.time("expires_at").notNull(),
      lastUsedAt: b.time("last_used_at").notNull(),
    },
    (t) => [
      b.uniqueIndex("sessions_refresh_token_idx").on(t.refreshTokenHash),
      b.index("sessions_user_idx").on(t.userId, t.createdAt),
    ],
  );

  /** Per-project ES256 key pairs for access tokens; the private key is encrypted with the server key. */
  const signingKeys = b.table(
    "signing_keys",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      publicJwk: b.json("public_jwk").$type<Record<string, string>>().notNull(),
      privateKey: b.text("private_key").notNull(),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [b.index("signing_keys_project_idx").on(t.projectId, t.createdAt)],
  );

  /**
   * Single-use codes sent to people (e-mail verification, password reset, magic links, invitations,
   * MFA attempts, CLI logins). Only hashes are stored. `nonceHash` groups the codes whose short
   * one-time part is guessed against the same long nonce, so failed guesses count against it.
   */
  const verificationCodes = b.table(
    "verification_codes",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      purpose: b.text("purpose").notNull(),
      codeHash: b.text("code_hash").notNull(),
      nonceHash: b.text("nonce_hash"),
      userId: b.text("user_id").references(() => users.id, { onDelete: "cascade" }),
      /** The team a code is about (invitations); the code goes with the team. */
      teamId: b.text("team_id").references(() => teams.id, { onDelete: "cascade" }),
      data: b.json("data").$type<Record<string, unknown>>().notNull(),
      attempts: b.integer("attempts").notNull().default(0),
      createdAt: b.time("created_at").notNull(),
      expiresAt: b.time("expires_at").notNull(),
      usedAt: b.time("used_at"),
    },
    (t) => [
      b.uniqueIndex("verification_codes_code_idx").on(t.codeHash),
      b.index("verification_codes_nonce_idx").on(t.nonceHash),
      b.index("verification_codes_expiry_idx").on(t.expiresAt),
      b.index("verification_codes_team_idx").on(t.teamId, t.purpose),
    ],
  );

  const teams = b.table(
    "teams",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      displayName: b.text("display_name").notNull(),
      profileImageUrl: b.text("profile_image_url"),
      clientMetadata: b.json("client_metadata"),
      clientReadOnlyMetadata: b.json("client_read_only_metadata"),
      serverMetadata: b.json("server_metadata"),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [b.index("teams_project_idx").on(t.projectId, t.createdAt)],
  );

  const teamMembers = b.table(
    "team_members",
    {
      projectId: projectId(),
      teamId: b
        .text("team_id")
        .notNull()
        .references(() => teams.id, { onDelete: "cascade" }),
      userId: userId(),
      /** Per-team profile; null falls back to the user's own. */
      displayName: b.text("display_name"),
      profileImageUrl: b.text("profile_image_url"),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [b.primaryKey({ columns: [t.teamId, t.userId] }), b.index("team_members_user_idx").on(t.userId)],
  );

  /** Team permissions granted directly to a member; they go with the membership. */
  const teamPermissions = b.table(
    "team_permissions",
    {
      projectId: projectId(),
      teamId: b.text("team_id").notNull(),
      userId: b.text("user_id").notNull(),
      permissionId: b.text("permission_id").notNull(),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [
      b.primaryKey({ columns: [t.teamId, t.userId, t.permissionId] }),
      b.foreignKey({ columns: [t.teamId, t.userId], foreignColumns: [teamMembers.teamId, teamMembers.userId] }).onDelete("cascade"),
      b.index("team_permissions_project_idx").on(t.projectId, t.permissionId),
    ],
  );

  /** Project permissions granted directly to a user. */
  const projectPermissions = b.table(
    "project_permissions",
    {
      projectId: projectId(),
      userId: userId(),
      permissionId: b.text("permission_id").notNull(),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [b.primaryKey({ columns: [t.userId, t.permissionId] }), b.index("project_permissions_project_idx").on(t.projectId, t.permissionId)],
  );

  /** API keys that users and teams create for their own API consumers; only hashes are kept. */
  const apiKeys = b.table(
    "api_keys",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      type: b.text("type", { enum: ["user", "team"] }).notNull(),
      userId: b.text("user_id").references(() => users.id, { onDelete: "cascade" }),
      teamId: b.text("team_id").references(() => teams.id, { onDelete: "cascade" }),
      description: b.text("description").notNull(),
      isPublic: b.boolean("is_public").notNull().default(false),
      valueHash: b.text("value_hash").notNull(),
      lastFour: b.text("last_four").notNull(),
      createdAt: b.time("created_at").notNull(),
      expiresAt: b.time("expires_at"),
      revokedAt: b.time("revoked_at"),
    },
    (t) => [
      b.uniqueIndex("api_keys_value_idx").on(t.valueHash),
      b.index("api_keys_user_idx").on(t.projectId, t.userId),
      b.index("api_keys_team_idx").on(t.projectId, t.teamId),
    ],
  );

  /** WebAuthn credentials (passkeys). */
  const passkeys = b.table(
    "passkeys",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      userId: userId(),
      /** base64url credential id, as the authenticator reports it. */
      credentialId: b.text("credential_id").notNull(),
      /** base64url COSE public key. */
      publicKey: b.text("public_key").notNull(),
      counter: b.bigint("counter").notNull().default(0),
      transports: b.json("transports").$type<string[]>().notNull(),
      createdAt: b.time("created_at").notNull(),
      lastUsedAt: b.time("last_used_at"),
    },
    (t) => [b.uniqueIndex("passkeys_credential_idx").on(t.projectId, t.credentialId), b.index("passkeys_user_idx").on(t.userId)],
  );

  /** Single-use recovery codes that stand in for a TOTP code (hashes only). */
  const mfaRecoveryCodes = b.table(
    "mfa_recovery_codes",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      userId: userId(),
      codeHash: b.text("code_hash").notNull(),
      createdAt: b.time("created_at").notNull(),
      usedAt: b.time("used_at"),
    },
    (t) => [b.uniqueIndex("mfa_recovery_codes_hash_idx").on(t.userId, t.codeHash)],
  );

  /**
   * CLI logins: a terminal polls with the polling code while a browser completes the login code with a
   * refresh token. Codes are stored as hashes; the refresh token, until it is collected, encrypted.
   */
  const cliLogins = b.table(
    "cli_logins",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      pollingCodeHash: b.text("polling_code_hash").notNull(),
      loginCodeHash: b.text("login_code_hash").notNull(),
      refreshToken: b.text("refresh_token"),
      status: b.text("status", { enum: ["waiting", "completed", "used"] }).notNull(),
      createdAt: b.time("created_at").notNull(),
      expiresAt: b.time("expires_at").notNull(),
    },
    (t) => [b.uniqueIndex("cli_logins_polling_idx").on(t.pollingCodeHash), b.uniqueIndex("cli_logins_login_idx").on(t.loginCodeHash)],
  );

  /**
   * Changes to the quantity of an item (payments.items in the config) a customer holds. The quantity is
   * the sum of `delta` over the rows that have not expired, read by the customer index; grants of
   * purchases will be added to the same sum. `customer_id` names every kind of customer; user and team
   * customers also fill `user_id` / `team_id`, so that their changes go with them.
   */
  const itemQuantityChanges = b.table(
    "item_quantity_changes",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      customerType: b.text("customer_type", { enum: ["user", "team", "custom"] }).notNull(),
      customerId: b.text("customer_id").notNull(),
      userId: b.text("user_id").references(() => users.id, { onDelete: "cascade" }),
      teamId: b.text("team_id").references(() => teams.id, { onDelete: "cascade" }),
      itemId: b.text("item_id").notNull(),
      delta: b.bigint("delta").notNull(),
      description: b.text("description"),
      createdAt: b.time("created_at").notNull(),
      /** From this instant on the change no longer counts; null: never. */
      expiresAt: b.time("expires_at"),
    },
    (t) => [
      b.index("item_quantity_changes_customer_idx").on(t.projectId, t.customerType, t.customerId, t.itemId),
      b.index("item_quantity_changes_user_idx").on(t.userId),
      b.index("item_quantity_changes_team_idx").on(t.teamId),
    ],
  );

  /** Fixed-window counters for rate limits and lockouts, shared by every server process. */
  const rateLimits = b.table("rate_limits", {
    key: b.text("key").primaryKey(),
    /** Epoch milliseconds, so the window arithmetic in the upsert is plain numbers on both dialects. */
    windowStartMs: b.bigint("window_start_ms").notNull(),
    count: b.integer("count").notNull(),
  });

  /**
   * Side effects written in the same transaction as the change that causes them (e-mails, later
   * webhooks) and delivered after commit by the job runner. The payload is encrypted; `summary` holds
   * what admins may see (recipients, subject).
   */
  const outbox = b.table(
    "outbox",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      kind: b.text("kind", { enum: ["email", "webhook"] }).notNull(),
      summary: b.json("summary").$type<Record<string, unknown>>().notNull(),
      payload: b.text("payload").notNull(),
      status: b.text("status", { enum: ["pending", "sent", "failed", "undeliverable"] }).notNull(),
      attempts: b.integer("attempts").notNull().default(0),
      nextAttemptAt: b.time("next_attempt_at").notNull(),
      lockedUntil: b.time("locked_until"),
      lastError: b.text("last_error"),
      createdAt: b.time("created_at").notNull(),
      doneAt: b.time("done_at"),
    },
    (t) => [
      b.index("outbox_due_idx").on(t.status, t.nextAttemptAt),
      b.index("outbox_project_idx").on(t.projectId, t.kind, t.createdAt),
    ],
  );

  return {
    projects,
    apiKeySets,
    users,
    contactChannels,
    sessions,
    signingKeys,
    verificationCodes,
    teams,
    teamMembers,
    teamPermissions,
    projectPermissions,
    apiKeys,
    passkeys,
    mfaRecoveryCodes,
    cliLogins,
    itemQuantityChanges,
    rateLimits,
    outbox,
  };
}

export type Tables = ReturnType<typeof defineTables>;
