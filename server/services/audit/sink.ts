/**
 * The audit sink: appends one row per audited event through the caller's unit of work, with its
 * write-time seal (a keyed hash over its content, computed in memory: no extra query), and, when that
 * unit is a transaction, seals the project's pending rows into its hash chain there and then (chain.ts);
 * rows appended elsewhere (an insert batch, a single statement on a hot path) are sealed by the next
 * transaction that records an audited event, or before the log is read or verified. Sealing refuses a
 * row without a valid write-time seal, so a row inserted behind the server's back never joins the chain.
 *
 * Audited: every event caused with admin access, and the security events whoever caused them (the
 * audit-only events of contract/events.ts, user deletion, permission grants and revocations, API key
 * creation and revocation, impersonation sessions). A client's own sign-in records nothing here.
 */
import { randomUUID } from "node:crypto";
import { auditOnlyEvents } from "../../../contract/events.js";
import { insertBatchOf } from "../../db/insert-batch.js";
import type { AppDeps } from "../../deps.js";
import type { EventActor, EventName, EventSink } from "../events.js";
import { nextSequence } from "../sequence.js";
import { objectKeyOf } from "../webhooks/sink.js";
import { rowMac, sealPending } from "./chain.js";

const alwaysAudited = new Set<EventName>([
  ...(Object.keys(auditOnlyEvents) as EventName[]),
  "user.deleted",
  "team_permission.created",
  "team_permission.deleted",
  "project_permission.created",
  "project_permission.deleted",
  "api_key.created",
  "api_key.revoked",
]);

export function isAudited(name: EventName, actor: EventActor | null): boolean {
  if (alwaysAudited.has(name)) return true;
  if (actor?.accessType === "admin") return true;
  // Sessions a server or admin creates may be impersonations (decided on the payload in `write`).
  return name === "session.created" && actor !== null && actor.accessType !== "client";
}

/** The payload as it reads back from the database (sealing checks the write-time seal on the row read back). */
const asStored = (payload: unknown): unknown => JSON.parse(JSON.stringify(payload ?? null));

export function createAuditSink(deps: AppDeps): EventSink {
  return {
    wants: (name, _projectId, actor) => isAudited(name, actor),
    async write(unit, event) {
      if (!isAudited(event.name, event.actor)) return;
      if (event.name === "session.created" && event.actor?.accessType !== "admin" && !(event.payload as { is_impersonation: boolean }).is_impersonation) return;
      const content = {
        id: randomUUID(),
        projectId: event.projectId,
        sequence: nextSequence(event.occurredAt),
        event: event.name,
        actorType: event.actor?.accessType ?? null,
        actorUserId: event.actor?.userId ?? null,
        objectKey: objectKeyOf(event.name, event.payload),
        payload: event.payload,
        occurredAt: event.occurredAt,
      };
      await deps.queries.audit.append({ ...content, seq: null, prevHash: null, hash: null, rowMac: rowMac(deps, { ...content, payload: asStored(content.payload) }) }, unit);
      // In a transaction (neither an insert batch nor the root db): seal now, as part of it.
      if (unit !== deps.store.db && !insertBatchOf(unit)) await sealPending(deps, event.projectId, unit);
    },
  };
}
