/**
 * The event seam: sinks write through the caller's unit of work (so a rollback discards their rows),
 * in the order events were recorded; payloads are checked under validation; with no sink, recording
 * touches nothing. Then over HTTP: user creation, update and deletion record their events with the
 * server view as payload.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTestStore, testDialects } from "../../test/support/databases.js";
import { createTestInstance, testDeps } from "../../test/support/instance.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { manualClock } from "./clock.js";
import { EventPayloadError, recordEvent, registerEventSink, type EventSink, type RecordedEvent } from "./events.js";
import { createProject } from "./projects.js";

/** A stand-in for the webhook sink: one outbox row per event, written through the unit it is given. */
function outboxSink(deps: AppDeps, seen: { unit: Db; event: RecordedEvent }[] = []): EventSink {
  return {
    async write(unit, event) {
      seen.push({ unit, event });
      const now = deps.clock.now();
      await deps.queries.outbox.insert(
        {
          id: randomUUID(),
          projectId: event.projectId,
          kind: "webhook",
          summary: { event: event.name },
          payload: JSON.stringify({ type: event.name, data: event.payload }),
          status: "pending",
          nextAttemptAt: now,
          createdAt: now,
        },
        unit,
      );
    },
  };
}

/** A db that fails on any use: recording without sinks must not touch it. */
const untouchable = new Proxy({} as Db, {
  get(_target, key) {
    throw new Error(`the unit of work was used (.${String(key)})`);
  },
});

const webhookRows = async (deps: AppDeps, projectId: string) => (await deps.queries.outbox.listForProject(projectId, "webhook")).map((row) => row.summary);

describe.each(testDialects)("events on %s", (dialect) => {
  it("has sinks write in the caller's transaction: a rollback discards their rows, a commit keeps them", async () => {
    await using store = await createTestStore(dialect);
    const deps = testDeps(store, manualClock(Date.UTC(2026, 0, 1)));
    const project = await createProject(deps, { displayName: "Events" });
    const seen: { unit: Db; event: RecordedEvent }[] = [];
    registerEventSink(deps, outboxSink(deps, seen));
    const teamId = randomUUID();

    const failure = new Error("the change failed after recording");
    await expect(
      deps.store.transaction(async (tx) => {
        await recordEvent(deps, tx, "team.deleted", { id: teamId }, { projectId: project.id });
        expect(seen.at(-1)?.unit).toBe(tx);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(seen).toHaveLength(1);
    expect(await webhookRows(deps, project.id)).toEqual([]);

    await deps.store.transaction(async (tx) => {
      await recordEvent(deps, tx, "team.deleted", { id: teamId }, { projectId: project.id, actor: { accessType: "server", userId: null } });
      expect(seen.at(-1)?.unit).toBe(tx);
    });
    expect(await webhookRows(deps, project.id)).toEqual([{ event: "team.deleted" }]);
    expect(seen[1]!.event).toEqual({
      name: "team.deleted",
      payload: { id: teamId },
      projectId: project.id,
      actor: { accessType: "server", userId: null },
      occurredAt: deps.clock.now(),
    });

    // An insert batch is a unit of work too: the sink's insert is written with the batch's.
    await deps.store.insertBatch(async (batch) => {
      await recordEvent(deps, batch, "team_membership.created", { team_id: teamId, user_id: randomUUID() }, { projectId: project.id });
    });
    expect(await webhookRows(deps, project.id)).toHaveLength(2);
  });

  it("delivers events to every sink in the order they were recorded, until a sink is removed", async () => {
    await using store = await createTestStore(dialect);
    const deps = testDeps(store, manualClock(Date.UTC(2026, 0, 1)));
    const log: string[] = [];
    const sink = (name: string): EventSink => ({
      async write(unit, event) {
        expect(unit).toBe(untouchable);
        log.push(`${name} ${event.name}`);
      },
    });
    registerEventSink(deps, sink("audit"));
    const removeWebhooks = registerEventSink(deps, sink("webhooks"));
    const userId = randomUUID();
    const options = { projectId: "internal" };
    await recordEvent(deps, untouchable, "session.created", { id: randomUUID(), user_id: userId, is_impersonation: false }, options);
    await recordEvent(deps, untouchable, "team_membership.deleted", { team_id: randomUUID(), user_id: userId }, options);
    removeWebhooks();
    await recordEvent(deps, untouchable, "user.deleted", { id: userId, teams: [] }, options);
    expect(log).toEqual([
      "audit session.created",
      "webhooks session.created",
      "audit team_membership.deleted",
      "webhooks team_membership.deleted",
      "audit user.deleted",
    ]);
  });

  it("throws on a payload that does not match its event under validation", async () => {
    await using store = await createTestStore(dialect);
    const deps = testDeps(store, manualClock(Date.UTC(2026, 0, 1)));
    const bad = { id: "not a uuid", teams: [] };
    await expect(recordEvent(deps, untouchable, "user.deleted", bad, { projectId: "internal" })).rejects.toThrow(EventPayloadError);
    await expect(recordEvent(deps, untouchable, "user.deleted", () => bad, { projectId: "internal" })).rejects.toThrow(/user\.deleted.*id/);
    // Fields the schema does not declare (which parsing would drop silently) are refused too.
    const withToken = { id: randomUUID(), user_id: randomUUID(), is_impersonation: false, refresh_token: "secret" };
    await expect(recordEvent(deps, untouchable, "session.created", withToken, { projectId: "internal" })).rejects.toThrow(/does not declare: \$\.refresh_token$/);
  });

  it("costs nothing without sinks and validation: no payload built, no database touched", async () => {
    await using store = await createTestStore(dialect);
    const deps = testDeps(store, manualClock(Date.UTC(2026, 0, 1)), { validateResponses: false });
    let built = 0;
    const payload = () => {
      built++;
      return { id: "not even valid", teams: [] };
    };
    const first = recordEvent(deps, untouchable, "user.deleted", payload, { projectId: "internal" });
    const second = recordEvent(deps, untouchable, "team.deleted", { id: "x" }, { projectId: "internal" });
    expect(first).toBe(second);
    await first;
    expect(built).toBe(0);
  });
});

describe.each(testDialects)("user events over HTTP on %s", (dialect) => {
  it("records user.created, user.updated and user.deleted with the server view of the user", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const events: RecordedEvent[] = [];
    registerEventSink(lk.deps, { write: async (_unit, event) => void events.push(event) });
    const server = (method: string, path: string, body?: unknown) => lk.call(method, path, { access: "server", project, body });
    const userEvents = () => events.filter((event) => event.name.startsWith("user."));
    const actor = { accessType: "server", userId: null };

    const created = await server("POST", "/users", { primary_email: "ada@example.com", display_name: "Ada", server_metadata: { plan: "pro" } });
    expect(created.status).toBe(201);
    expect(userEvents()).toEqual([{ name: "user.created", payload: created.body, projectId: project.id, actor, occurredAt: expect.any(Date) }]);
    expect(events.map((event) => event.name)).toEqual(["user.created", "contact_channel.created"]);

    const updated = await server("PATCH", `/users/${created.body.id}`, { display_name: "Ada Lovelace", client_metadata: { theme: "dark" } });
    expect(updated.status).toBe(200);
    expect(userEvents().slice(1)).toEqual([{ name: "user.updated", payload: updated.body, projectId: project.id, actor, occurredAt: expect.any(Date) }]);

    const team = await server("POST", "/teams", { display_name: "Engines", creator_user_id: created.body.id });
    expect(team.status).toBe(201);
    const deleted = await server("DELETE", `/users/${created.body.id}`);
    expect(deleted.status).toBe(200);
    expect(userEvents().slice(2)).toEqual([
      { name: "user.deleted", payload: { id: created.body.id, teams: [{ id: team.body.id }] }, projectId: project.id, actor, occurredAt: expect.any(Date) },
    ]);
  });
});
