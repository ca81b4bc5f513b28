/** API keys that users and teams create for their own API consumers. */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";
import type { TeamTables } from "./teams.js";
import type { UserTables } from "./users.js";

export function defineApiKeyTables(b: TableBuilders, { projects, users, teams }: ProjectTables & UserTables & TeamTables) {
  /** Only hashes of the keys are kept. */
  const apiKeys = b.table(
    "api_keys",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
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

  return { apiKeys };
}
