/**
 * Webhooks, built in: endpoints per project, their deliveries and the Svix-compatible token. Events are
 * delivered as `{type, data}` (contract/events.ts, `webhookEvents`) and signed the Standard Webhooks
 * way, with the same signature under `svix-*` headers.
 */
import { z } from "zod";
import { webhookEventNames } from "./events.js";
import { listOf, millis, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const tags = ["Webhooks"];

export const webhookEventType = z.enum(webhookEventNames).meta({ description: "A webhook event type.", example: "user.created" });

export const webhookUrl = z
  .string()
  .max(2000, "must be at most 2000 characters")
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "must be an http or https URL")
  .meta({ description: "Where deliveries are POSTed (http or https).", example: "https://api.example.com/webhooks/latchkey" });

/** An endpoint as listed and read: never its secret. */
export const webhookEndpoint = z
  .object({
    id: uuid,
    url: z.string(),
    description: z.string(),
    event_types: z.array(webhookEventType).nullable().meta({ description: "The event types delivered; null: all of them." }),
    enabled: z.boolean(),
    created_at_millis: millis,
    updated_at_millis: millis,
  })
  .meta({ id: "WebhookEndpoint" });

export const webhookEndpointWithSecret = webhookEndpoint
  .extend({ secret: z.string().meta({ description: "The signing secret (`whsec_…`).", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }) })
  .meta({ id: "WebhookEndpointWithSecret" });

export const webhookAttempt = z
  .object({
    attempted_at_millis: millis,
    response_status: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null when none came." }),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
  })
  .meta({ id: "WebhookAttempt" });

export const webhookDelivery = z
  .object({
    id: uuid,
    endpoint_id: uuid,
    message_id: z.string(),
    event_type: z.string(),
    status: z.enum(["pending", "sent", "failed", "undeliverable"]),
    attempts: z.number().int(),
    next_attempt_at_millis: millis.nullable(),
    last_error: z.string().nullable(),
    created_at_millis: millis,
    attempt_log: z.array(webhookAttempt),
  })
  .meta({ id: "WebhookDelivery" });

const endpointParams = z.strictObject({ endpoint_id: uuid });

const endpointFields = {
  url: webhookUrl,
  description: z.string().max(1000, "must be at most 1000 characters"),
  event_types: z.array(webhookEventType).max(100).nullable(),
  enabled: z.boolean(),
};

export const createWebhookSvixToken = defineProcedure({
  method: "POST",
  path: "/webhooks/svix-token",
  access: "admin",
  summary: "A token for the dashboard's webhook pages (Stack's Svix App-Portal token, served by this server itself)",
  tags,
  successStatus: 201,
  errors: [],
  body: z.object({}),
  output: z.object({ token: z.string() }),
});

export const listWebhookEndpoints = defineProcedure({
  method: "GET",
  path: "/internal/webhooks/endpoints",
  access: "admin",
  summary: "List the project's webhook endpoints",
  tags,
  successStatus: 200,
  errors: [],
  output: listOf(webhookEndpoint),
});

export const createWebhookEndpoint = defineProcedure({
  method: "POST",
  path: "/internal/webhooks/endpoints",
  access: "admin",
  summary: "Add a webhook endpoint; the answer carries its signing secret",
  tags,
  successStatus: 201,
  errors: ["webhookTargetRefused"],
  body: z.strictObject({ url: endpointFields.url, description: endpointFields.description.optional(), event_types: endpointFields.event_types.optional(), enabled: endpointFields.enabled.optional() }),
  output: webhookEndpointWithSecret,
});

export const getWebhookEndpoint = defineProcedure({
  method: "GET",
  path: "/internal/webhooks/endpoints/{endpoint_id}",
  access: "admin",
  summary: "Read one webhook endpoint",
  tags,
  successStatus: 200,
  errors: ["webhookEndpointNotFound"],
  params: endpointParams,
  output: webhookEndpoint,
});

export const getWebhookEndpointSecret = defineProcedure({
  method: "GET",
  path: "/internal/webhooks/endpoints/{endpoint_id}/secret",
  access: "admin",
  summary: "Read a webhook endpoint's signing secret",
  tags,
  successStatus: 200,
  errors: ["webhookEndpointNotFound"],
  params: endpointParams,
  output: z.object({ secret: z.string() }),
});

export const updateWebhookEndpoint = defineProcedure({
  method: "PATCH",
  path: "/internal/webhooks/endpoints/{endpoint_id}",
  access: "admin",
  summary: "Change a webhook endpoint's URL, description, event filter or whether it is enabled",
  tags,
  successStatus: 200,
  errors: ["webhookEndpointNotFound", "webhookTargetRefused"],
  params: endpointParams,
  body: z.strictObject({
    url: endpointFields.url.optional(),
    description: endpointFields.description.optional(),
    event_types: endpointFields.event_types.optional(),
    enabled: endpointFields.enabled.optional(),
  }),
  output: webhookEndpoint,
});

export const deleteWebhookEndpoint = defineProcedure({
  method: "DELETE",
  path: "/internal/webhooks/endpoints/{endpoint_id}",
  access: "admin",
  summary: "Delete a webhook endpoint and its delivery log; pending deliveries are dropped",
  tags,
  successStatus: 200,
  errors: ["webhookEndpointNotFound"],
  params: endpointParams,
  output: z.object({ success: z.literal(true) }),
});

export const rotateWebhookEndpointSecret = defineProcedure({
  method: "POST",
  path: "/internal/webhooks/endpoints/{endpoint_id}/rotate-secret",
  access: "admin",
  summary: "Replace an endpoint's signing secret; the previous one keeps signing alongside it for 24 hours",
  tags,
  successStatus: 200,
  errors: ["webhookEndpointNotFound"],
  params: endpointParams,
  body: z.object({}),
  output: z.object({ secret: z.string() }),
});

export const listWebhookDeliveries = defineProcedure({
  method: "GET",
  path: "/internal/webhooks/endpoints/{endpoint_id}/deliveries",
  access: "admin",
  summary: "An endpoint's deliveries, newest first, with every attempt's response status",
  tags,
  successStatus: 200,
  errors: ["webhookEndpointNotFound"],
  params: endpointParams,
  query: z.strictObject({
    status: z.enum(["pending", "sent", "failed", "undeliverable"]).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  }),
  output: listOf(webhookDelivery),
});

export const redeliverWebhook = defineProcedure({
  method: "POST",
  path: "/internal/webhooks/endpoints/{endpoint_id}/deliveries/{delivery_id}/redeliver",
  access: "admin",
  summary: "Send a delivery again (same message id, fresh signature) as a new delivery",
  tags,
  successStatus: 201,
  errors: ["webhookEndpointNotFound", "webhookDeliveryNotFound"],
  params: z.strictObject({ endpoint_id: uuid, delivery_id: uuid }),
  body: z.object({}),
  output: webhookDelivery,
});

/** This file's procedures, registered in contract/index.ts. */
export const webhookProcedures = {
  createWebhookSvixToken,
  listWebhookEndpoints,
  createWebhookEndpoint,
  getWebhookEndpoint,
  getWebhookEndpointSecret,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookEndpointSecret,
  listWebhookDeliveries,
  redeliverWebhook,
} as const;
