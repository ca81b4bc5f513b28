/**
 * A project's webhook endpoints: create, change, delete, rotate the signing secret. Secrets are sealed
 * with the server secret; after a rotation the previous secret keeps signing for a day (receivers
 * switch over without losing a delivery). Every change records its audit event.
 */
import { randomUUID } from "node:crypto";
import type { WebhookEndpointRow } from "../../db/queries/webhooks.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { recordEvent, type EventActor } from "../events.js";
import { outboundUrlRefusal } from "../net/outbound-http.js";
import { generateWebhookSecret } from "./signing.js";

export const SECRET_PURPOSE = "webhook-endpoint-secret";
/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

export interface EndpointInput {
  url: string;
  description?: string;
  eventTypes?: string[] | null;
  enabled?: boolean;
}

const endpointEvent = (row: WebhookEndpointRow) => ({ id: row.id, url: row.url, event_types: row.eventTypes ?? null, enabled: row.enabled });

/** Throws `webhookTargetRefused` for a URL deliveries would refuse (scheme, credentials, a host in a disallowed network). */
async function checkTarget(deps: AppDeps, url: string): Promise<void> {
  const refusal = await outboundUrlRefusal(url, deps.config.allowPrivateOutbound);
  if (refusal) throw statusError("webhookTargetRefused", { reason: refusal });
}

export async function getEndpointOrThrow(deps: AppDeps, projectId: string, id: string): Promise<WebhookEndpointRow> {
  const row = await deps.queries.webhooks.findEndpoint(projectId, id);
  if (!row) throw statusError("webhookEndpointNotFound");
  return row;
}

export async function createEndpoint(deps: AppDeps, projectId: string, input: EndpointInput, actor: EventActor): Promise<{ row: WebhookEndpointRow; secret: string }> {
  await checkTarget(deps, input.url);
  const secret = generateWebhookSecret();
  const now = deps.clock.now();
  const row = await deps.store.transaction(async (tx) => {
    const created = await deps.queries.webhooks.insertEndpoint(
      {
        id: randomUUID(),
        projectId,
        url: input.url,
        description: input.description ?? "",
        eventTypes: input.eventTypes ?? null,
        enabled: input.enabled ?? true,
        secretSealed: deps.secrets.encrypt(secret, SECRET_PURPOSE),
        previousSecretSealed: null,
        previousSecretExpiresAt: null,
        createdAt: now,
        updatedAt: now,
      },
      tx,
    );
    await recordEvent(deps, tx, "webhook_endpoint.created", () => endpointEvent(created), { projectId, actor });
    return created;
  });
  return { row, secret };
}

export async function updateEndpoint(deps: AppDeps, projectId: string, id: string, change: Partial<EndpointInput>, actor: EventActor): Promise<WebhookEndpointRow> {
  if (change.url !== undefined) await checkTarget(deps, change.url);
  return deps.store.transaction(async (tx) => {
    const patch: Partial<WebhookEndpointRow> = { updatedAt: deps.clock.now() };
    if (change.url !== undefined) patch.url = change.url;
    if (change.description !== undefined) patch.description = change.description;
    if (change.eventTypes !== undefined) patch.eventTypes = change.eventTypes;
    if (change.enabled !== undefined) patch.enabled = change.enabled;
    const updated = await deps.queries.webhooks.updateEndpoint(projectId, id, patch, tx);
    if (!updated) throw statusError("webhookEndpointNotFound");
    await recordEvent(deps, tx, "webhook_endpoint.updated", () => endpointEvent(updated), { projectId, actor });
    return updated;
  });
}

export async function deleteEndpoint(deps: AppDeps, projectId: string, id: string, actor: EventActor): Promise<void> {
  await deps.store.transaction(async (tx) => {
    if (!(await deps.queries.webhooks.deleteEndpoint(projectId, id, tx))) throw statusError("webhookEndpointNotFound");
    await recordEvent(deps, tx, "webhook_endpoint.deleted", { id }, { projectId, actor });
  });
}

/** A new signing secret; the current one becomes the previous one and keeps signing for ROTATION_OVERLAP_MS. */
export async function rotateEndpointSecret(deps: AppDeps, projectId: string, id: string, actor: EventActor): Promise<string> {
  const secret = generateWebhookSecret();
  await deps.store.transaction(async (tx) => {
    const current = await deps.queries.webhooks.findEndpoint(projectId, id, tx);
    if (!current) throw statusError("webhookEndpointNotFound");
    const now = deps.clock.now();
    await deps.queries.webhooks.updateEndpoint(
      projectId,
      id,
      {
        secretSealed: deps.secrets.encrypt(secret, SECRET_PURPOSE),
        previousSecretSealed: current.secretSealed,
        previousSecretExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS),
        updatedAt: now,
      },
      tx,
    );
    await recordEvent(deps, tx, "webhook_endpoint.secret_rotated", { id }, { projectId, actor });
  });
  return secret;
}

export function endpointSecret(deps: AppDeps, row: WebhookEndpointRow): string {
  return deps.secrets.decrypt(row.secretSealed, SECRET_PURPOSE);
}

/** The secrets that sign a delivery sent at `at`: the current one, and the previous one during its overlap. */
export function endpointSigningSecrets(deps: AppDeps, row: WebhookEndpointRow, at: Date): string[] {
  const secrets = [endpointSecret(deps, row)];
  if (row.previousSecretSealed && row.previousSecretExpiresAt && row.previousSecretExpiresAt > at) {
    secrets.push(deps.secrets.decrypt(row.previousSecretSealed, SECRET_PURPOSE));
  }
  return secrets;
}
