/**
 * The webhook event sink: for every webhook event (contract/events.ts `webhookEvents`), one outbox row
 * of kind `webhook` per enabled endpoint of the project whose filter matches, written through the
 * caller's unit of work, with its delivery row (endpoint, message id, object for ordering).
 *
 * Most projects have no endpoint: the enabled endpoints come from a short-lived cache, so that an event
 * of such a project (a sign-in's session) builds no payload and runs no query.
 */
import { randomUUID } from "node:crypto";
import { webhookEvents } from "../../../contract/events.js";
import type { EnabledEndpoint } from "../../db/queries/webhooks.js";
import { insertBatchOf, type InsertBatch } from "../../db/insert-batch.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import type { EventName, EventSink, RecordedEvent } from "../events.js";
import { nextSequence } from "../sequence.js";
import { generateMessageId } from "./signing.js";

export const WEBHOOK_PAYLOAD_PURPOSE = "outbox-webhook";

export function isWebhookEvent(name: EventName): boolean {
  return Object.hasOwn(webhookEvents, name);
}

/** The object an event is about: deliveries of one object to one endpoint go out in the order they were recorded. */
export function objectKeyOf(name: string, payload: unknown): string {
  const resource = name.slice(0, name.lastIndexOf("."));
  const data = payload as Record<string, unknown>;
  if (typeof data.id === "string" && !("team_id" in data && "user_id" in data)) return `${resource}:${data.id}`;
  const parts = ["team_id", "user_id", "id"].filter((key) => typeof data[key] === "string").map((key) => data[key] as string);
  return `${resource}:${parts.join(":")}`;
}

export function createWebhookSink(deps: AppDeps): EventSink {
  const queries = deps.queries.webhooks;
  const matching = matchingEndpoints;

  return {
    wants(name, projectId) {
      if (!isWebhookEvent(name)) return false;
      const cached = queries.cachedEnabled(projectId);
      // Not cached: find out in `write`.
      return cached === undefined || matching(cached, name).length > 0;
    },

    async write(unit, event) {
      if (!isWebhookEvent(event.name)) return;
      let endpoints = queries.cachedEnabled(event.projectId);
      if (!endpoints) {
        // An insert batch records inserts only: the endpoints are looked up later, by the fan-out row's deliverer.
        const batch = insertBatchOf(unit);
        if (batch) return enqueueFanout(deps, batch, unit, event);
        endpoints = await queries.loadEnabled(event.projectId, unit);
      }
      const targets = matching(endpoints, event.name);
      if (targets.length === 0) return;
      await enqueueDeliveries(deps, unit, event, targets.map((e) => e.id), generateMessageId());
    },
  };
}

export function matchingEndpoints(endpoints: readonly EnabledEndpoint[], name: string) {
  return endpoints.filter((e) => e.eventTypes === null || e.eventTypes.includes(name));
}

/** What a `webhook_fanout` row carries (sealed): the event, and where it stands in the order of events. */
export interface FanoutPayload {
  type: EventName;
  data: unknown;
  sequence: string;
}

/**
 * Records, in an insert batch, a `webhook_fanout` row that is written only if the project has an enabled
 * endpoint when the batch is written: a project without endpoints gets no row, and no query runs before
 * the batch (queries/webhooks.ts `recordFanout`).
 */
function enqueueFanout(deps: AppDeps, batch: InsertBatch, unit: Db, event: RecordedEvent): void {
  const now = deps.clock.now();
  const payload: FanoutPayload = { type: event.name, data: event.payload, sequence: nextSequence(now) };
  deps.queries.webhooks.recordFanout(batch, {
    id: randomUUID(),
    projectId: event.projectId,
    summary: { event_type: event.name },
    payload: deps.secrets.encrypt(JSON.stringify(payload), WEBHOOK_PAYLOAD_PURPOSE),
    createdAt: now,
  });
  // Once written, the endpoints are read into the cache, so that the project's next events (most projects
  // have no endpoint) record no fan-out row at all; the runner is woken only when there is one to handle.
  // Waking it for every sign-in cost each one an empty outbox claim.
  deps.store.afterCommit(() => refreshEndpointsThenWake(deps, event.projectId), unit);
}

/** Projects whose enabled endpoints are being read after a batch (one read at a time per project). */
const refreshing = new WeakMap<AppDeps, Set<string>>();

function refreshEndpointsThenWake(deps: AppDeps, projectId: string): void {
  let inFlight = refreshing.get(deps);
  if (!inFlight) refreshing.set(deps, (inFlight = new Set()));
  if (inFlight.has(projectId)) return;
  inFlight.add(projectId);
  deps.queries.webhooks
    .loadEnabled(projectId)
    .then(
      (endpoints) => endpoints.length > 0 && deps.jobs.wake(),
      // Unknown: the fan-out row may be there; the runner finds out.
      () => deps.jobs.wake(),
    )
    .finally(() => inFlight.delete(projectId));
}

/** Writes one outbox row and one delivery row per endpoint through `unit`, and wakes the runner once they are committed. */
export async function enqueueDeliveries(
  deps: AppDeps,
  unit: Db,
  event: Pick<RecordedEvent, "name" | "payload" | "projectId">,
  endpointIds: string[],
  messageId: string,
  sequence?: string,
): Promise<string[]> {
  const now = deps.clock.now();
  const body = JSON.stringify({ type: event.name, data: event.payload });
  const sealed = deps.secrets.encrypt(body, WEBHOOK_PAYLOAD_PURPOSE);
  const objectKey = objectKeyOf(event.name, event.payload);
  const ids: string[] = [];
  for (const endpointId of endpointIds) {
    const id = randomUUID();
    ids.push(id);
    await deps.queries.outbox.insert(
      {
        id,
        projectId: event.projectId,
        kind: "webhook",
        summary: { endpoint_id: endpointId, event_type: event.name, message_id: messageId },
        payload: sealed,
        status: "pending",
        nextAttemptAt: now,
        createdAt: now,
      },
      unit,
    );
    await deps.queries.webhooks.insertDelivery(
      { id, projectId: event.projectId, endpointId, messageId, eventType: event.name, objectKey, sequence: sequence ?? nextSequence(now), createdAt: now },
      unit,
    );
  }
  deps.store.afterCommit(() => deps.jobs.wake(), unit);
  return ids;
}
