/** Webhook endpoints and deliveries as the admin API shows them (never a secret, never a payload). */
import type { z } from "zod";
import type { webhookDelivery, webhookEndpoint } from "../../contract/webhooks.js";
import type { WebhookEndpointRow } from "../db/queries/webhooks.js";
import type { DeliveryWithLog } from "../services/webhooks/deliveries.js";

export function endpointToJson(row: WebhookEndpointRow): z.input<typeof webhookEndpoint> {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: (row.eventTypes ?? null) as z.input<typeof webhookEndpoint>["event_types"],
    enabled: row.enabled,
    created_at_millis: row.createdAt.getTime(),
    updated_at_millis: row.updatedAt.getTime(),
  };
}

export function deliveryToJson({ delivery, state, attempts }: DeliveryWithLog): z.input<typeof webhookDelivery> {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    message_id: delivery.messageId,
    event_type: delivery.eventType,
    status: state.status,
    attempts: state.attempts,
    next_attempt_at_millis: state.status === "pending" ? state.nextAttemptAt.getTime() : null,
    last_error: state.lastError,
    created_at_millis: delivery.createdAt.getTime(),
    attempt_log: attempts.map((a) => ({
      attempted_at_millis: a.attemptedAt.getTime(),
      response_status: a.responseStatus,
      error: a.error,
      duration_ms: a.durationMs,
    })),
  };
}
