/** The server's own machinery, shared by every process: rate-limit counters and the job outbox. */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";

export function defineInfrastructureTables(b: TableBuilders, { projects }: ProjectTables) {
  /** Fixed-window counters for rate limits and lockouts. */
  const rateLimits = b.table("rate_limits", {
    key: b.text("key").primaryKey(),
    /** Epoch milliseconds, so the window arithmetic in the upsert is plain numbers on both dialects. */
    windowStartMs: b.bigint("window_start_ms").notNull(),
    count: b.integer("count").notNull(),
  });

  /**
   * Side effects written in the same transaction as the change that causes them (e-mails, later
   * webhooks) and delivered after commit by the job runner (server/services/jobs), which hands each row
   * to the deliverer registered for its `kind` (`webhook_fanout`: an event recorded where the project's
   * webhook endpoints could not be read, turned into `webhook` rows by its deliverer; `workflow`: an event
   * that the project's enabled workflows run on, services/workflows). The payload is encrypted; `summary` holds what admins
   * may see (recipients, subject).
   */
  const outbox = b.table(
    "outbox",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      kind: b.text("kind", { enum: ["email", "webhook", "webhook_fanout", "workflow"] }).notNull(),
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

  return { rateLimits, outbox };
}
