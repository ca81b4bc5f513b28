/** Columns that tie a row to its owner, written once for every domain's tables. */
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { TableBuilders } from "../builders.js";

/** `project_id`, deleted with its project: every table that holds project data carries one. */
export function projectIdColumn(b: TableBuilders, projects: { id: AnyPgColumn }) {
  return b
    .text("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" });
}

/** `user_id`, deleted with its user. */
export function userIdColumn(b: TableBuilders, users: { id: AnyPgColumn }) {
  return b
    .text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
}
