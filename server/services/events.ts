/**
 * The event seam: every service mutation records its event (contract/events.ts) in its own unit of
 * work, and the registered sinks (the audit log, the webhook outbox) write their rows through that
 * same unit. A rollback then discards the sinks' rows with the change; a commit keeps both.
 *
 * With no sink registered, recording costs a call and a branch: no query, no payload built (payloads
 * may be given as functions, run only when someone reads them). With response validation on (tests),
 * every payload is built and checked against its schema, sinks or not.
 */
import { events, type EventName, type EventPayload } from "../../contract/events.js";
import type { Db } from "../db/store.js";
import { undeclaredKeys } from "../validation/undeclared-keys.js";
import type { AppDeps } from "../deps.js";
import type { EventActor, EventSink, RecordedEvent } from "./sink-registry.js";

export type { EventName, EventPayload };
export type { EventActor, EventSink, EventSinks, RecordedEvent } from "./sink-registry.js";

/** Adds a sink to this server's events; returns the function that removes it. */
export function registerEventSink(deps: AppDeps, sink: EventSink): () => void {
  return deps.events.register(sink);
}

export interface RecordOptions {
  projectId: string;
  actor?: EventActor | null;
}

/** A payload, or a function building it (run only when a sink or the validation reads it). */
export type PayloadSource<N extends EventName> = EventPayload<N> | (() => EventPayload<N> | Promise<EventPayload<N>>);

/** A payload that does not match its event's schema (a bug: only thrown with response validation on). */
export class EventPayloadError extends Error {
  override readonly name = "EventPayloadError";
}

const recorded: Promise<void> = Promise.resolve();

/**
 * Whether recorded events are read at all (a sink is registered, or validation is on). For payloads
 * that must be read before the change destroys what they name (a deleted user's teams).
 */
export function eventsAreRead(deps: AppDeps): boolean {
  return deps.events.sinks.length > 0 || deps.config.validateResponses;
}

/**
 * Records an event in `unit`, the unit of work of the change (see EventSink). Call it inside that
 * unit, after the change's own writes, and await it: sinks write as part of it.
 */
export function recordEvent<N extends EventName>(deps: AppDeps, unit: Db, name: N, payload: PayloadSource<N>, options: RecordOptions): Promise<void> {
  if (!eventsAreRead(deps)) return recorded;
  const actor = options.actor ?? null;
  const sinks = deps.events.sinks.filter((sink) => !sink.wants || sink.wants(name, options.projectId, actor));
  if (sinks.length === 0 && !deps.config.validateResponses) return recorded;
  return deliver(deps, unit, name, payload, options, sinks);
}

async function deliver<N extends EventName>(deps: AppDeps, unit: Db, name: N, source: PayloadSource<N>, options: RecordOptions, sinks: readonly EventSink[]): Promise<void> {
  const payload = typeof source === "function" ? await source() : source;
  if (deps.config.validateResponses) checkPayload(name, payload);
  if (sinks.length === 0) return;
  const event: RecordedEvent<N> = { name, payload, projectId: options.projectId, actor: options.actor ?? null, occurredAt: deps.clock.now() };
  for (const sink of sinks) await sink.write(unit, event as RecordedEvent);
}

function checkPayload(name: EventName, payload: unknown): void {
  const result = events[name].safeParse(payload);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "(payload)"}: ${issue.message}`).join("; ");
    throw new EventPayloadError(`The payload of ${name} does not match its schema: ${problems}`);
  }
  // Parsing drops keys the schema does not declare, but sinks get the payload as given: refuse them,
  // so that no field (a token, a hash) slips into an audit row or a webhook unnoticed.
  const undeclared = undeclaredKeys(events[name], payload);
  if (undeclared.length > 0) throw new EventPayloadError(`The payload of ${name} has fields its schema does not declare: ${undeclared.join(", ")}`);
}
