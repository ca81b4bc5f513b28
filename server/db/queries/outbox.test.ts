import { describe, expect, it } from "vitest";
import { createTestStore, testDialects } from "../../../test/support/databases.js";
import type { Store } from "../store.js";
import { outboxQueries, type NewOutboxRow } from "./outbox.js";

const t0 = new Date(1_760_000_000_000);
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

async function withProjects(store: Store, ...ids: string[]) {
  for (const id of ids) {
    await store.db.insert(store.t.projects).values({ id, displayName: id, configOverride: {}, createdAt: t0, updatedAt: t0 });
  }
}

function row(id: string, extra: Partial<NewOutboxRow> = {}): NewOutboxRow {
  return {
    id,
    projectId: "p1",
    kind: "email",
    summary: { to: ["a@example.test"], subject: id },
    payload: "v1.sealed",
    status: "pending",
    nextAttemptAt: t0,
    createdAt: t0,
    ...extra,
  };
}

describe.each(testDialects)("outbox queries on %s", (dialect) => {
  it("claims only due, pending, unleased rows, oldest first, up to the limit", async () => {
    await using s = await createTestStore(dialect);
    await withProjects(s, "p1");
    const q = outboxQueries(s);
    await q.insert(row("later", { nextAttemptAt: at(10) }));
    await q.insert(row("second", { nextAttemptAt: at(-5) }));
    await q.insert(row("first", { nextAttemptAt: at(-10) }));
    await q.insert(row("third", { nextAttemptAt: at(-1) }));
    await q.insert(row("done", { status: "sent", nextAttemptAt: at(-20) }));
    await q.insert(row("leased", { nextAttemptAt: at(-30), lockedUntil: at(30) }));

    const claimed = await q.claimDue(t0, at(60), 2);
    expect(claimed.map((r) => r.id)).toEqual(["first", "second"]);
    expect(claimed.every((r) => r.lockedUntil?.getTime() === at(60).getTime())).toBe(true);
    expect((await q.claimDue(t0, at(60), 10)).map((r) => r.id)).toEqual(["third"]);
    expect(await q.claimDue(t0, at(60), 10)).toEqual([]);

    // Expired leases are claimed again; so are rows once they fall due.
    expect((await q.claimDue(at(61), at(120), 10)).map((r) => r.id).sort()).toEqual(["first", "later", "leased", "second", "third"]);
  });

  it("hands each row to exactly one of many concurrent claimers", async () => {
    await using s = await createTestStore(dialect);
    await withProjects(s, "p1");
    const q = outboxQueries(s);
    for (let i = 0; i < 20; i++) await q.insert(row(`r${String(i).padStart(2, "0")}`, { nextAttemptAt: at(-i) }));

    const batches = await Promise.all(Array.from({ length: 6 }, () => q.claimDue(t0, at(60), 5)));
    const ids = batches.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const rest = await q.claimDue(t0, at(60), 100);
    expect([...ids, ...rest.map((r) => r.id)].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `r${String(i).padStart(2, "0")}`));
  });

  it("records outcomes and releases the lease", async () => {
    await using s = await createTestStore(dialect);
    await withProjects(s, "p1");
    const q = outboxQueries(s);
    for (const id of ["a", "a2", "b", "c", "d", "d2", "e"]) await q.insert(row(id));
    await q.claimDue(t0, at(60), 10);

    expect((await q.markSent(["a", "a2", "gone"], at(1))).sort()).toEqual(["a", "a2"]);
    await q.scheduleRetry("b", 1, at(5), "ECONNECTION: refused");
    await q.markFailed("c", at(1), "gave up", 10);
    expect((await q.markUndeliverable(["d", "d2"], at(1), "No e-mail server")).sort()).toEqual(["d", "d2"]);

    for (const id of ["a", "a2"]) expect(await q.get("p1", id)).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, doneAt: at(1) });
    expect(await q.get("p1", "b")).toMatchObject({ status: "pending", attempts: 1, nextAttemptAt: at(5), lockedUntil: null, lastError: "ECONNECTION: refused" });
    expect(await q.get("p1", "c")).toMatchObject({ status: "failed", attempts: 10, lastError: "gave up", doneAt: at(1) });
    for (const id of ["d", "d2"]) expect(await q.get("p1", id)).toMatchObject({ status: "undeliverable", attempts: 0, lastError: "No e-mail server" });
    // The row given no outcome keeps its lease until it lapses.
    expect((await q.claimDue(at(5), at(65), 10)).map((r) => r.id)).toEqual(["b"]);
    expect((await q.claimDue(at(61), at(120), 10)).map((r) => r.id)).toEqual(["e"]);
  });

  it("marks batches larger than one statement takes, and the leases they held are gone", async () => {
    await using s = await createTestStore(dialect);
    await withProjects(s, "p1");
    const q = outboxQueries(s);
    const ids = Array.from({ length: 37 }, (_, i) => `m${String(i).padStart(2, "0")}`);
    for (const id of ids) await q.insert(row(id));
    expect((await q.claimDue(t0, at(60), 40)).map((r) => r.id)).toEqual(ids);

    const [sent, undeliverable] = [ids.slice(0, 20), ids.slice(20)];
    expect((await q.markSent([...sent, "gone"], at(2))).sort()).toEqual(sent);
    expect((await q.markUndeliverable(undeliverable, at(3), "No e-mail server")).sort()).toEqual(undeliverable);
    for (const id of sent) expect(await q.get("p1", id)).toMatchObject({ status: "sent", attempts: 1, doneAt: at(2), lockedUntil: null });
    for (const id of undeliverable) expect(await q.get("p1", id)).toMatchObject({ status: "undeliverable", doneAt: at(3), lockedUntil: null, lastError: "No e-mail server" });
    expect(await q.claimDue(at(120), at(180), 40)).toEqual([]);
  });

  it("lists and reads rows of one project only, newest first", async () => {
    await using s = await createTestStore(dialect);
    await withProjects(s, "p1", "p2");
    const q = outboxQueries(s);
    await q.insert(row("old", { createdAt: at(1) }));
    await q.insert(row("new", { createdAt: at(2) }));
    await q.insert(row("hook", { kind: "webhook", createdAt: at(3) }));
    await q.insert(row("other", { projectId: "p2", createdAt: at(4) }));

    expect((await q.listForProject("p1", "email")).map((r) => r.id)).toEqual(["new", "old"]);
    expect((await q.listForProject("p1", "email", 1)).map((r) => r.id)).toEqual(["new"]);
    expect((await q.listForProject("p1", "webhook")).map((r) => r.id)).toEqual(["hook"]);
    expect(await q.get("p1", "other")).toBeUndefined();
    expect((await q.get("p2", "other"))?.summary).toEqual({ to: ["a@example.test"], subject: "other" });
  });

  it("loses a project's rows with the project", async () => {
    await using s = await createTestStore(dialect);
    await withProjects(s, "p1");
    const q = outboxQueries(s);
    await q.insert(row("a"));
    await s.db.delete(s.t.projects);
    expect(await q.claimDue(t0, at(60), 10)).toEqual([]);
  });
});
