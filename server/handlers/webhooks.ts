import type * as c from "../../contract/webhooks.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { listDeliveries, redeliver } from "../services/webhooks/deliveries.js";
import { createEndpoint, deleteEndpoint, endpointSecret, getEndpointOrThrow, rotateEndpointSecret, updateEndpoint } from "../services/webhooks/endpoints.js";
import { issuePortalToken } from "../services/webhooks/portal-token.js";
import { deliveryToJson, endpointToJson } from "../views/webhooks.js";
import { actorOf } from "./actor.js";

const createWebhookSvixToken: Handler<typeof c.createWebhookSvixToken> = async (ctx) => ({ token: issuePortalToken(ctx.deps, ctx.auth.project.id) });

const listWebhookEndpoints: Handler<typeof c.listWebhookEndpoints> = async (ctx) => {
  const rows = await ctx.deps.queries.webhooks.listEndpoints(ctx.auth.project.id);
  return { items: rows.map(endpointToJson), is_paginated: false };
};

const createWebhookEndpoint: Handler<typeof c.createWebhookEndpoint> = async (ctx, { body }) => {
  const { row, secret } = await createEndpoint(
    ctx.deps,
    ctx.auth.project.id,
    { url: body.url, description: body.description, eventTypes: body.event_types, enabled: body.enabled },
    actorOf(ctx.auth),
  );
  return { ...endpointToJson(row), secret };
};

const getWebhookEndpoint: Handler<typeof c.getWebhookEndpoint> = async (ctx, { params }) =>
  endpointToJson(await getEndpointOrThrow(ctx.deps, ctx.auth.project.id, params.endpoint_id));

const getWebhookEndpointSecret: Handler<typeof c.getWebhookEndpointSecret> = async (ctx, { params }) => ({
  secret: endpointSecret(ctx.deps, await getEndpointOrThrow(ctx.deps, ctx.auth.project.id, params.endpoint_id)),
});

const updateWebhookEndpoint: Handler<typeof c.updateWebhookEndpoint> = async (ctx, { params, body }) =>
  endpointToJson(
    await updateEndpoint(
      ctx.deps,
      ctx.auth.project.id,
      params.endpoint_id,
      { url: body.url, description: body.description, eventTypes: body.event_types, enabled: body.enabled },
      actorOf(ctx.auth),
    ),
  );

const deleteWebhookEndpoint: Handler<typeof c.deleteWebhookEndpoint> = async (ctx, { params }) => {
  await deleteEndpoint(ctx.deps, ctx.auth.project.id, params.endpoint_id, actorOf(ctx.auth));
  return { success: true };
};

const rotateWebhookEndpointSecret: Handler<typeof c.rotateWebhookEndpointSecret> = async (ctx, { params }) => ({
  secret: await rotateEndpointSecret(ctx.deps, ctx.auth.project.id, params.endpoint_id, actorOf(ctx.auth)),
});

const listWebhookDeliveries: Handler<typeof c.listWebhookDeliveries> = async (ctx, { params, query }) => {
  const rows = await listDeliveries(ctx.deps, ctx.auth.project.id, params.endpoint_id, { status: query.status, limit: query.limit });
  return { items: rows.map(deliveryToJson), is_paginated: false };
};

const redeliverWebhook: Handler<typeof c.redeliverWebhook> = async (ctx, { params }) =>
  deliveryToJson(await redeliver(ctx.deps, ctx.auth.project.id, params.endpoint_id, params.delivery_id, actorOf(ctx.auth)));

export const webhookHandlers = {
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
} satisfies HandlerMap<typeof c.webhookProcedures>;
