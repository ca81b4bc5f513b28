/** Reading an endpoint's delivery log, and sending a delivery again. */
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { recordEvent, type EventActor } from "../events.js";
import { getEndpointOrThrow } from "./endpoints.js";
import { enqueueDeliveries, WEBHOOK_PAYLOAD_PURPOSE } from "./sink.js";
import type { EventName } from "../events.js";

export type DeliveryStatus = "pending" | "sent" | "failed" | "undeliverable";

export async function listDeliveries(deps: AppDeps, projectId: string, endpointId: string, options: { status?: DeliveryStatus; limit?: number }) {
  await getEndpointOrThrow(deps, projectId, endpointId);
  const rows = await deps.queries.webhooks.listDeliveries(projectId, endpointId, { status: options.status, limit: options.limit ?? 50 });
  const attempts = await deps.queries.webhooks.listAttempts(projectId, rows.map((r) => r.delivery.id));
  return rows.map((row) => ({ ...row, attempts: attempts.filter((a) => a.deliveryId === row.delivery.id) }));
}

export type DeliveryWithLog = Awaited<ReturnType<typeof listDeliveries>>[number];

/**
 * Queues the delivery's payload again as a new delivery to the same endpoint, with the same message id
 * (receivers that already handled it can tell) and a fresh signature at sending time.
 */
export async function redeliver(deps: AppDeps, projectId: string, endpointId: string, deliveryId: string, actor: EventActor): Promise<DeliveryWithLog> {
  await getEndpointOrThrow(deps, projectId, endpointId);
  const delivery = await deps.queries.webhooks.findDelivery(projectId, deliveryId);
  const original = delivery && delivery.endpointId === endpointId ? await deps.queries.outbox.get(projectId, deliveryId) : undefined;
  if (!delivery || !original) throw statusError("webhookDeliveryNotFound");
  const { type, data } = JSON.parse(deps.secrets.decrypt(original.payload, WEBHOOK_PAYLOAD_PURPOSE)) as { type: EventName; data: never };
  const newId = await deps.store.transaction(async (tx) => {
    const [id] = await enqueueDeliveries(deps, tx, { name: type, payload: data, projectId }, [endpointId], delivery.messageId);
    await recordEvent(deps, tx, "webhook.redelivered", { endpoint_id: endpointId, delivery_id: deliveryId, new_delivery_id: id! }, { projectId, actor });
    return id!;
  });
  const [state, created] = await Promise.all([deps.queries.outbox.get(projectId, newId), deps.queries.webhooks.findDelivery(projectId, newId)]);
  return { delivery: created!, state: state!, attempts: [] };
}
