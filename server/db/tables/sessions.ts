/**
 * Signing in and staying signed in: sessions (refresh tokens), the keys that sign access tokens,
 * single-use verification codes and CLI logins.
 */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn, userIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";
import type { TeamTables } from "./teams.js";
import type { UserTables } from "./users.js";

export function defineSessionTables(b: TableBuilders, { projects, users, teams }: ProjectTables & UserTables & TeamTables) {
  const projectId = () => projectIdColumn(b, projects);
  const userId = () => userIdColumn(b, users);

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
      /** The User-Agent the session was started with (cut to 512 characters); shown in session lists. */
      userAgent: b.text("user_agent"),
      /** The client's address when the session was started; written by that insert only, never on refresh. */
      ipAddress: b.text("ip_address"),
    },
    (t) => [
      b.uniqueIndex("sessions_refresh_token_idx").on(t.refreshTokenHash),
      b.index("sessions_user_idx").on(t.userId, t.createdAt),
    ],
  );

  /**
   * Per-project ES256 key pairs for access tokens; the private key is encrypted with the server key.
   * A rotation sets `retired_at` on the signing key it replaces (published until its tokens expired).
   */
  const signingKeys = b.table(
    "signing_keys",
    {
      id: b.text("id").primaryKey(),
      projectId: projectId(),
      publicJwk: b.json("public_jwk").$type<Record<string, string>>().notNull(),
      privateKey: b.text("private_key").notNull(),
      createdAt: b.time("created_at").notNull(),
      retiredAt: b.time("retired_at"),
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

  return { sessions, signingKeys, verificationCodes, cliLogins };
}
