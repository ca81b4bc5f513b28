/**
 * Profile images given as base64 data URLs (users, teams, team member profiles), kept in the database
 * so every server process on the same database serves them; the owner's `profile_image_url` holds the
 * public URL the server serves the image at (services/profile-images/). An image goes with its user or
 * team, and is replaced when its owner's image changes.
 */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";
import type { TeamTables } from "./teams.js";
import type { UserTables } from "./users.js";

export function defineProfileImageTables(b: TableBuilders, { projects, users, teams }: ProjectTables & UserTables & TeamTables) {
  const profileImages = b.table(
    "profile_images",
    {
      /** The uuid in the image's URL. */
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      /** `user-profile-images`, `team-profile-images` or `team-member-profile-images` (the URL's folder). */
      folder: b.text("folder").notNull(),
      /** The user whose image it is (also for member profiles); null for a team's own image. */
      userId: b.text("user_id").references(() => users.id, { onDelete: "cascade" }),
      /** The team whose image it is (also for member profiles); null for a user's own image. */
      teamId: b.text("team_id").references(() => teams.id, { onDelete: "cascade" }),
      contentType: b.text("content_type").notNull(),
      /** The image's bytes, base64 (both dialects store text the same way). */
      data: b.text("data").notNull(),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [b.index("profile_images_user_idx").on(t.userId), b.index("profile_images_team_idx").on(t.teamId)],
  );
  return { profileImages };
}
