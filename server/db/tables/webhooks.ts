/**
 * Webhooks: a project's endpoints, one delivery per (event, endpoint) and the log of its attempts. The
 * delivery itself (payload, status, retries) is an outbox row of kind `webhook` with the same id; the
 * rows here add what the outbox does not know: which endpoint, which object (for ordering) and every
 * attempt's answer.
 */
import type { TableBuilders } from "../builders.js";
import { projectIdColumn } from "./columns.js";
import type { ProjectTables } from "./projects.js";

export function defineWebhookTables(b: TableBuilders, { projects }: ProjectTables) {
  const webhookEndpoints = b.table(
    "webhook_endpoints",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      url: b.text("url").notNull(),
      description: b.text("description").notNull().default(""),
      /** Event types delivered; null: every event type. */
      eventTypes: b.json("event_types").$type<string[] | null>(),
      enabled: b.boolean("enabled").notNull().default(true),
      /** The signing secret (`whsec_…`), sealed with the server secret. */
      secretSealed: b.text("secret_sealed").notNull(),
      /** After a rotation, the previous secret still signs (alongside the new one) until it expires. */
      previousSecretSealed: b.text("previous_secret_sealed"),
      previousSecretExpiresAt: b.time("previous_secret_expires_at"),
      createdAt: b.time("created_at").notNull(),
      updatedAt: b.time("updated_at").notNull(),
    },
    (t) => [b.index("webhook_endpoints_project_idx").on(t.projectId, t.createdAt)],
  );

  const webhookDeliveries = b.table(
    "webhook_deliveries",
    {
      /** The id of the outbox row that carries the payload and the delivery state. */
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      /**
       * No foreign key on purpose: deliveries are written in other changes' units of work, which must not
       * fail because an endpoint was deleted meanwhile (its deliveries are deleted with it, and a delivery
       * whose endpoint is gone is marked undeliverable).
       */
      endpointId: b.text("endpoint_id").notNull(),
      /** The message id (`svix-id` / `webhook-id`): one per event, the same for every endpoint and attempt. */
      messageId: b.text("message_id").notNull(),
      eventType: b.text("event_type").notNull(),
      /** The object the event is about (`user:<id>`); deliveries of one object to one endpoint go out in order. */
      objectKey: b.text("object_key").notNull(),
      /** Orders deliveries recorded by this server (time, then a counter). */
      sequence: b.text("sequence").notNull(),
      createdAt: b.time("created_at").notNull(),
    },
    (t) => [
      b.index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
      b.index("webhook_deliveries_object_idx").on(t.endpointId, t.objectKey, t.sequence),
    ],
  );

  const webhookAttempts = b.table(
    "webhook_attempts",
    {
      id: b.text("id").primaryKey(),
      projectId: projectIdColumn(b, projects),
      deliveryId: b
        .text("delivery_id")
        .notNull()
        .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
      attemptedAt: b.time("attempted_at").notNull(),
      /** The receiver's HTTP status; null when no answer came (refused, timed out, blocked). */
      responseStatus: b.integer("response_status"),
      error: b.text("error"),
      durationMs: b.integer("duration_ms").notNull(),
    },
    (t) => [b.index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
  );

  return { webhookEndpoints, webhookDeliveries, webhookAttempts };
}
