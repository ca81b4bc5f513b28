/**
 * E-mail drafts: TSX e-mails an admin writes once and sends (send-email's `draft_id`). Templates and
 * themes live in the project's configuration; drafts are content, so they are rows.
 */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";

export function defineEmailDraftTables(b: TableBuilders, { projects }: ProjectTables) {
  const emailDrafts = b.table(
    "email_drafts",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      displayName: b.text("display_name").notNull(),
      /** A template module (exports `EmailTemplate`), as the admin wrote it. */
      tsxSource: b.text("tsx_source").notNull(),
      /** The theme it renders in; null: the project's selected theme (unless `noTheme`). */
      themeId: b.text("theme_id"),
      /** `theme_id: false` on the wire: rendered without a theme. */
      noTheme: b.boolean("no_theme").notNull().default(false),
      /** Set when send-email sent the draft. */
      sentAt: b.time("sent_at"),
      createdAt: b.time("created_at").notNull(),
      updatedAt: b.time("updated_at").notNull(),
    },
    (t) => [b.index("email_drafts_project_idx").on(t.projectId, t.createdAt)],
  );
  return { emailDrafts };
}
