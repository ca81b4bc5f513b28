/** Users and what only they hold: contact channels, passkeys, MFA recovery codes. */
import { sql } from "drizzle-orm";
import type { TableBuilders } from "../builders.js";
import { projectIdColumn, userIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";

export function defineUserTables(b: TableBuilders, { projects }: ProjectTables) {
  const projectId = () => projectIdColumn(b, projects);

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
    (t) => [
      b.index("users_project_signed_up_idx").on(t.projectId, t.signedUpAt, t.id),
      // For the metrics: the most recently active users; counts of users and sign-ups per day, and of
      // users with a password or one-time codes, each read from an index alone (without or with
      // anonymous users).
      b.index("users_project_last_active_idx").on(t.projectId, t.lastActiveAt),
      b.index("users_project_anonymous_signed_up_idx").on(t.projectId, t.isAnonymous, t.signedUpAt),
      b.index("users_project_password_idx").on(t.projectId, t.isAnonymous).where(sql`${t.passwordHash} is not null`),
      b.index("users_project_otp_idx").on(t.projectId, t.isAnonymous).where(sql`${t.otpAuthEnabled}`),
    ],
  );

  const userId = () => userIdColumn(b, users);

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
      /**
       * True when the address was added to an account that already existed (a contact channel created, or its
       * address changed, after the account was made): its verification link then completes only in that
       * account's signed-in session, so a click by the address's owner cannot hand it to someone else's account.
       */
      addedToAccount: b.boolean("added_to_account").notNull().default(false),
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
   * The days (UTC, `YYYY-MM-DD`) on which a user was active (signed up, signed in, refreshed a token):
   * one row per user and day, written at most once a minute per user, read by the metrics' daily
   * active users.
   */
  const userActivityDays = b.table(
    "user_activity_days",
    {
      projectId: projectId(),
      userId: userId(),
      day: b.text("day").notNull(),
      /** Whether the user was anonymous then (so that the metrics leave them out without a join). */
      isAnonymous: b.boolean("is_anonymous").notNull().default(false),
    },
    (t) => [b.primaryKey({ columns: [t.userId, t.day] }), b.index("user_activity_days_project_day_idx").on(t.projectId, t.day, t.isAnonymous)],
  );

  return { users, contactChannels, passkeys, mfaRecoveryCodes, userActivityDays };
}

export type UserTables = ReturnType<typeof defineUserTables>;
