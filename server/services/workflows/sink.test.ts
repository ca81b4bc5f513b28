/**
 * The workflow sink when the project's cache entry has expired by the time a sign-up records its event
 * (the request read the project, then hashed the password for longer than the cache's two seconds). The
 * sink used to read the project on the root db inside the sign-up's unit of work: a TransactionMisuseError
 * in checking mode (tests answered the sign-up with a 500 now and then), and on SQLite in production a
 * read that waits for the very transaction it is part of.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../test/support/databases.js";
import { createTestInstance } from "../../../test/support/instance.js";
import { createWorkflowSink } from "./sink.js";

describe.each(testDialects)("the workflow sink with an expired project cache on %s", (dialect) => {
  it("records a sign-up inside a transaction and inside an insert batch without reading on the root db", async () => {
    await using lk = await createTestInstance(dialect);
    const project = await lk.createProject();
    const sink = createWorkflowSink(lk.deps);
    const event = (id: string) => ({ name: "user.created" as const, projectId: project.id, actor: null, occurredAt: lk.clock.now(), payload: { id, is_anonymous: false } as never });

    await lk.deps.queries.projects.find(project.id);
    lk.clock.advance(10_000);
    expect(lk.deps.queries.projects.cached(project.id)).toBeUndefined();
    await lk.deps.store.transaction((tx) => sink.write(tx, event("in-a-transaction")));

    lk.clock.advance(10_000);
    expect(lk.deps.queries.projects.cached(project.id)).toBeUndefined();
    await lk.deps.store.insertBatch((unit) => sink.write(unit, event("in-a-batch")));

    // The project runs no workflow: nothing was queued either way.
    expect(await lk.deps.queries.outbox.listForProject(project.id, "workflow")).toEqual([]);
  });
});
