/** Teams, their members, and the permissions granted to members and to users. */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn, userIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";
import type { UserTables } from "./users.js";

export function defineTeamTables(b: TableBuilders, { projects, users }: ProjectTables & UserTables) {
  const projectId = () => projectIdColumn(b, projects);
  const userId = () => userIdColumn(b, users);

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

  return { teams, teamMembers, teamPermissions, projectPermissions };
}

export type TeamTables = ReturnType<typeof defineTeamTables>;
