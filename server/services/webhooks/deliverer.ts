/**
 * The `webhook` deliverer: POSTs one delivery (an outbox row of kind `webhook`) to its endpoint,
 * signed (signing.ts), and logs the attempt with the answer's status. A 2xx answer is a success;
 * anything else, or no answer, is retried with exponential backoff for more than a day (the schedule
 * below). A delivery waits while an earlier delivery of the same object to the same endpoint is still
 * pending, so that receivers see an object's events in order. Private targets are refused at every
 * attempt unless the server allows them (LATCHKEY_ALLOW_PRIVATE_OUTBOUND; checked after DNS, against the
 * address connected to).
 */
import { randomUUID } from "node:crypto";
import type { OutboxRow } from "../../db/queries/outbox.js";
import type { AppDeps } from "../../deps.js";
import type { Deliverer, Outcome, RetryPolicy } from "../jobs/deliverer.js";
import { OutboundTargetRefused, postOutbound } from "../net/outbound-http.js";
import { endpointSigningSecrets } from "./endpoints.js";
import { generateMessageId, signedHeaders } from "./signing.js";
import { enqueueDeliveries, matchingEndpoints, WEBHOOK_PAYLOAD_PURPOSE, type FanoutPayload } from "./sink.js";

/**
 * 5 s, 10 s, 20 s, … doubling up to 4 h between attempts; the 18th attempt comes about 26 h after the
 * first (webhookRetrySchedule gives the delays), then the delivery is marked failed.
 */
export const webhookRetryPolicy: RetryPolicy = { maxAttempts: 18, retryBaseMs: 5_000, retryMaxMs: 4 * 3_600_000 };

/** The delays between the attempts of one delivery under `policy`. */
export function webhookRetrySchedule(policy: RetryPolicy = webhookRetryPolicy): number[] {
  return Array.from({ length: policy.maxAttempts - 1 }, (_, attempt) => Math.min(policy.retryBaseMs * 2 ** attempt, policy.retryMaxMs));
}

/** How long a delivery waits before looking again when an earlier one of its object is being delivered right now. */
const ORDER_WAIT_MS = 1_000;
const TIMEOUT_MS = 15_000;

export const ENDPOINT_GONE = "The webhook endpoint was deleted";
export const ENDPOINT_DISABLED = "The webhook endpoint is disabled";

export function createWebhookDeliverer(deps: AppDeps): Deliverer {
  const queries = deps.queries.webhooks;

  return {
    retryPolicy: webhookRetryPolicy,
    async deliver(row: OutboxRow): Promise<Outcome> {
      const delivery = await queries.findDelivery(row.projectId, row.id);
      if (!delivery) return { status: "undeliverable", error: ENDPOINT_GONE };
      const endpoint = await queries.findEndpoint(row.projectId, delivery.endpointId);
      if (!endpoint) return { status: "undeliverable", error: ENDPOINT_GONE };
      if (!endpoint.enabled) return { status: "undeliverable", error: ENDPOINT_DISABLED };

      const earlier = (await queries.pendingFanoutBefore(row.projectId, delivery.createdAt)) ?? (await queries.pendingPredecessor(delivery));
      if (earlier) {
        const now = deps.clock.now().getTime();
        return { status: "deferred", until: new Date(Math.max(earlier.nextAttemptAt.getTime() + 1, now + ORDER_WAIT_MS)) };
      }

      const body = deps.secrets.decrypt(row.payload, WEBHOOK_PAYLOAD_PURPOSE);
      const sentAt = deps.clock.now();
      const headers = signedHeaders(delivery.messageId, sentAt, body, endpointSigningSecrets(deps, endpoint, sentAt));
      const started = performance.now();
      let status: number | null = null;
      let error: string | null = null;
      try {
        status = (await postOutbound(endpoint.url, headers, body, { allowPrivate: deps.config.allowPrivateOutbound, timeoutMs: TIMEOUT_MS })).status;
        if (status < 200 || status >= 300) error = `The endpoint answered ${status}`;
      } catch (e) {
        error = e instanceof OutboundTargetRefused ? `Refused: ${e.message}` : networkError(e);
      }
      await queries.insertAttempt({
        id: randomUUID(),
        projectId: row.projectId,
        deliveryId: delivery.id,
        attemptedAt: sentAt,
        responseStatus: status,
        error,
        durationMs: Math.round(performance.now() - started),
      });
      if (error === null) return { status: "sent" };
      // A refused target may become allowed (configuration, DNS): retried like any failure.
      return { status: "retry", error };
    },
  };
}

/** What went wrong on the network, without anything of the request (no URL query, no payload). */
function networkError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return `Could not reach the endpoint (${code})`;
  return "Could not reach the endpoint";
}

/**
 * The `webhook_fanout` deliverer: an event recorded where the endpoints could not be read (an insert
 * batch, with the cache cold) becomes its `webhook` rows here, keeping its place in the order of events.
 * The fan-out row is marked done in the same transaction, so it fans out once.
 */
export function createWebhookFanoutDeliverer(deps: AppDeps): Deliverer {
  return {
    async deliver(row: OutboxRow): Promise<Outcome> {
      const event = JSON.parse(deps.secrets.decrypt(row.payload, WEBHOOK_PAYLOAD_PURPOSE)) as FanoutPayload;
      const targets = matchingEndpoints(await deps.queries.webhooks.loadEnabled(row.projectId), event.type);
      await deps.store.transaction(async (tx) => {
        if (!(await deps.queries.webhooks.claimFanout(row.id, deps.clock.now(), tx))) return;
        if (targets.length === 0) return;
        const recorded = { name: event.type, payload: event.data as never, projectId: row.projectId };
        await enqueueDeliveries(deps, tx, recorded, targets.map((e) => e.id), generateMessageId(), event.sequence);
      });
      return { status: "sent" };
    },
  };
}
