/** Projects and their internal API key sets. */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";

export type ConfigOverride = Record<string, unknown>;

export function defineProjectTables(b: TableBuilders) {
  const projects = b.table("projects", {
    id: b.text("id").primaryKey(),
    displayName: b.text("display_name").notNull(),
    description: b.text("description").notNull().default(""),
    logoUrl: b.text("logo_url"),
    fullLogoUrl: b.text("full_logo_url"),
    isProductionMode: b.boolean("is_production_mode").notNull().default(false),
    ownerTeamId: b.text("owner_team_id"),
    /** The internal-project user who created it from the dashboard (counted by the per-user quota); null for others. */
    creatorUserId: b.text("creator_user_id"),
    /** The environment-level config override (dot-path keys); rendered over the defaults on read. */
    configOverride: b.json("config_override").$type<ConfigOverride>().notNull(),
    /**
     * Changes with every signing-key rotation: processes keep the project's signing keys in memory
     * while the (cached) project row they read on every request carries the same value.
     */
    signingKeysVersion: b.text("signing_keys_version").notNull().default(""),
    createdAt: b.time("created_at").notNull(),
    updatedAt: b.time("updated_at").notNull(),
  });

  /** Internal API key sets: a project's publishable, secret and admin keys, stored as SHA-256 hashes. */
  const apiKeySets = b.table(
    "api_key_sets",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
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

  return { projects, apiKeySets };
}

export type ProjectTables = ReturnType<typeof defineProjectTables>;
