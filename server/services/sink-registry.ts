/**
 * The types of the event seam (events.ts records, sinks write) and the list of one server's sinks, on
 * `deps.events`. Apart from events.ts because AppDeps (deps.ts) holds the list: this file imports no deps.
 */
import type { AccessType } from "../../contract/procedure.js";
import type { EventName, EventPayload } from "../../contract/events.js";
import type { Db } from "../db/store.js";

/** Who caused the change: the request's access level and its signed-in user, if any. */
export interface EventActor {
  accessType: AccessType;
  userId: string | null;
}

export interface RecordedEvent<N extends EventName = EventName> {
  name: N;
  payload: EventPayload<N>;
  projectId: string;
  actor: EventActor | null;
  occurredAt: Date;
}

/**
 * Receives every recorded event inside the unit of work that changed the data: `unit` is the
 * transaction's `tx`, an insert batch's db (record inserts only: `preparedInsert`), or, for the few
 * single-statement mutations on hot paths (a sign-in's session), the store's root db. Write through
 * `unit` and nothing else, so that the rows share the change's fate.
 */
export interface EventSink {
  /**
   * Whether this sink writes anything for such an event, answered from memory (no query). When no
   * sink wants an event (and validation is off), its payload is never built.
   */
  wants?(name: EventName, projectId: string, actor: EventActor | null): boolean;
  write(unit: Db, event: RecordedEvent): Promise<void>;
}

/** The sinks of one server (on `deps.events`). */
export interface EventSinks {
  readonly sinks: readonly EventSink[];
  /** Adds a sink; the returned function removes it again. */
  register(sink: EventSink): () => void;
}

export function createEventSinks(): EventSinks {
  let sinks: readonly EventSink[] = [];
  return {
    get sinks() {
      return sinks;
    },
    register(sink) {
      // Copied on write: a unit of work delivering an event keeps the list it started with.
      sinks = [...sinks, sink];
      return () => {
        sinks = sinks.filter((s) => s !== sink);
      };
    },
  };
}
