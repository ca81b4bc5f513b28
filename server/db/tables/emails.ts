/**
 * E-mail sending: the sent log (one row per recipient and outbox row, written by the e-mail deliverer),
 * each user's notification preferences, and the local inbox of projects without a mail server.
 * Templates, themes and drafts live elsewhere.
 */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn, userIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";
import type { UserTables } from "./users.js";

/** What a sent-log row says about one recipient. `retrying`: the last attempt failed and another is due. */
export const sentEmailStatuses = ["sent", "failed", "retrying", "skipped"] as const;

/** Where a mail went, as the sent log shows it (never a password). */
export interface SenderConfigRecord {
  type: "shared" | "standard";
  host?: string;
  port?: number;
  username?: string;
  senderName?: string;
  senderEmail?: string;
}

export function defineEmailTables(b: TableBuilders, { projects, users }: ProjectTables & UserTables) {
  /**
   * The sent log. The id is derived from the outbox row and the recipient, so every attempt of a
   * delivery updates the same row. `user_id` is not a foreign key: the log outlives deleted users.
   */
  const sentEmails = b.table(
    "sent_emails",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      outboxId: b.text("outbox_id").notNull(),
      userId: b.text("user_id"),
      to: b.json("to").$type<string[]>().notNull(),
      subject: b.text("subject").notNull(),
      notificationCategory: b.text("notification_category"),
      status: b.text("status", { enum: sentEmailStatuses }).notNull(),
      error: b.json("error").$type<Record<string, unknown> | null>(),
      senderConfig: b.json("sender_config").$type<SenderConfigRecord>().notNull(),
      createdAt: b.time("created_at").notNull(),
      updatedAt: b.time("updated_at").notNull(),
    },
    (t) => [b.index("sent_emails_project_created_idx").on(t.projectId, t.createdAt), b.index("sent_emails_outbox_idx").on(t.outboxId)],
  );

  /** A user's choice per notification category; no row: the category's default. */
  const notificationPreferences = b.table(
    "notification_preferences",
    {
      projectId: projectIdColumn(b, projects),
      userId: userIdColumn(b, users),
      categoryId: b.text("category_id").notNull(),
      enabled: b.boolean("enabled").notNull(),
      updatedAt: b.time("updated_at").notNull(),
    },
    (t) => [b.primaryKey({ columns: [t.userId, t.categoryId] }), b.index("notification_preferences_project_idx").on(t.projectId, t.categoryId)],
  );

  /**
   * The local inbox: while a project has no mail server and is not in production mode, the mails it
   * could not send are kept here for its admins to read (services/email/local-inbox.ts; the newest
   * 500 per project, for 7 days). Bodies hold codes and links: sealed like the outbox's payloads.
   */
  const localInboxEmails = b.table(
    "local_inbox_emails",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      outboxId: b.text("outbox_id").notNull(),
      to: b.json("to").$type<string[]>().notNull(),
      subject: b.text("subject").notNull(),
      /** `{ html, text }`, sealed. */
      body: b.text("body").notNull(),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [b.index("local_inbox_emails_project_created_idx").on(t.projectId, t.createdAt)],
  );

  return { sentEmails, notificationPreferences, localInboxEmails };
}
