import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestStore, testDialects } from "../../test/support/databases.js";
import type { Store } from "./store.js";
import { TransactionMisuseError } from "./transaction-guard.js";

function projectRow(id: string, extra: Partial<{ description: string; isProductionMode: boolean }> = {}) {
  const now = new Date(1_760_000_000_123);
  return {
    id,
    displayName: `Project ${id}`,
    configOverride: { "auth.allowSignUp": false, "domains.trustedDomains": { a: { baseUrl: "https://a.example" } } },
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
}

async function descriptionOf(store: Store, id: string) {
  const [row] = await store.db.select().from(store.t.projects).where(eq(store.t.projects.id, id));
  return row?.description;
}

describe.each(testDialects)("storage on %s", (dialect) => {
  it("returns what LIMIT allows, with integer limits written into the SQL on SQLite", async () => {
    await using s = await createTestStore(dialect);
    for (const id of ["l1", "l2", "l3"]) await s.db.insert(s.t.projects).values(projectRow(id));
    const query = s.db.select({ id: s.t.projects.id }).from(s.t.projects).orderBy(s.t.projects.id).limit(2);
    expect((await query).map((r) => r.id)).toEqual(["l1", "l2"]);
    const { sql, params } = query.toSQL();
    if (dialect === "sqlite") {
      expect(sql).toMatch(/ limit 2$/);
      expect(params).toEqual([]);
    }
  });

  it("round-trips dates, booleans and JSON with the same JavaScript types", async () => {
    await using s = await createTestStore(dialect);
    await s.db.insert(s.t.projects).values(projectRow("p1", { isProductionMode: true }));
    const [row] = await s.db.select().from(s.t.projects).where(eq(s.t.projects.id, "p1"));
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.createdAt.getTime()).toBe(1_760_000_000_123);
    expect(row?.isProductionMode).toBe(true);
    expect(row?.description).toBe("");
    expect(row?.configOverride).toEqual(projectRow("p1").configOverride);
  });

  it("commits a transaction and rolls back one that throws", async () => {
    await using s = await createTestStore(dialect);
    await s.transaction(async (tx) => {
      await tx.insert(s.t.projects).values(projectRow("kept"));
    });
    await expect(
      s.transaction(async (tx) => {
        await tx.insert(s.t.projects).values(projectRow("dropped"));
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const ids = (await s.db.select({ id: s.t.projects.id }).from(s.t.projects)).map((r) => r.id);
    expect(ids).toEqual(["kept"]);
  });

  it("turns a nested transaction into a savepoint", async () => {
    await using s = await createTestStore(dialect);
    await s.transaction(async (tx) => {
      await tx.insert(s.t.projects).values(projectRow("outer"));
      await expect(
        s.transaction(async (inner) => {
          await inner.insert(s.t.projects).values(projectRow("inner"));
          throw new Error("inner failed");
        }, tx),
      ).rejects.toThrow("inner failed");
    });
    const ids = (await s.db.select({ id: s.t.projects.id }).from(s.t.projects)).map((r) => r.id);
    expect(ids).toEqual(["outer"]);
  });

  it("runs a prepared statement on the root db or inside a transaction, which sees its uncommitted rows and rolls back its writes", async () => {
    await using s = await createTestStore(dialect);
    const insert = s.prepare("test_insert_project", (db) =>
      db.insert(s.t.projects).values({
        id: sql.placeholder("id"),
        displayName: sql.placeholder("displayName"),
        configOverride: sql.placeholder("configOverride"),
        createdAt: sql.placeholder("at"),
        updatedAt: sql.placeholder("at"),
      }),
    );
    const byId = s.prepare("test_project_by_id", (db) => db.select({ id: s.t.projects.id, createdAt: s.t.projects.createdAt }).from(s.t.projects).where(eq(s.t.projects.id, sql.placeholder("id"))));
    const at = new Date(1_760_000_000_123);
    const row = (id: string) => ({ id, displayName: id, configOverride: { a: 1 }, at });
    await insert.execute(row("root"));
    await s.transaction(async (tx) => {
      await insert.execute(row("committed"), tx);
      expect(await byId.execute({ id: "committed" }, tx)).toEqual([{ id: "committed", createdAt: at }]);
    });
    await expect(
      s.transaction(async (tx) => {
        await insert.execute(row("rolled-back"), tx);
        await s.transaction(async (inner) => insert.execute(row("nested"), inner), tx);
        expect((await byId.execute({ id: "nested" }, tx)).length).toBe(1);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    const ids = (await s.db.select({ id: s.t.projects.id }).from(s.t.projects).orderBy(s.t.projects.id)).map((r) => r.id);
    expect(ids).toEqual(["committed", "root"]);
    // Inside a transaction the root db is refused in checking mode, prepared or not.
    await s.transaction(async () => {
      await expect(byId.execute({ id: "root" })).rejects.toThrow(TransactionMisuseError);
    });
  });

  it("plans a genericPlan statement once on PostgreSQL, on connections of its own, and only outside transactions", async () => {
    await using s = await createTestStore(dialect);
    await s.db.insert(s.t.projects).values(projectRow("g1"));
    // On PostgreSQL the statement reports its connection's setting and how its own executions were
    // planned so far (pg_prepared_statements counts the plan before the executor runs).
    const mode = (genericPlan: boolean) => {
      const name = `test_plan_mode_${genericPlan}`;
      const setting =
        dialect === "postgres"
          ? sql<string>`current_setting('plan_cache_mode') || ' generic ' || (select generic_plans || ' custom ' || custom_plans from pg_prepared_statements where name = ${name})`
          : sql<null>`null`;
      return s.prepare(
        name,
        (db) => db.select({ id: s.t.projects.id, mode: setting }).from(s.t.projects).where(eq(s.t.projects.id, sql.placeholder("id"))),
        { genericPlan },
      );
    };
    const generic = mode(true);
    const usual = mode(false);
    if (dialect === "postgres") {
      // The counts are per connection; these are each statement's first execution.
      expect(await generic.execute({ id: "g1" })).toEqual([{ id: "g1", mode: "force_generic_plan generic 1 custom 0" }]);
      expect(await usual.execute({ id: "g1" })).toEqual([{ id: "g1", mode: "auto generic 0 custom 1" }]);
      await expect(s.transaction((tx) => generic.execute({ id: "g1" }, tx))).rejects.toThrow(/outside transactions only/);
    } else {
      // SQLite has no such setting (and no plan to keep): the statement runs like any other.
      expect(await generic.execute({ id: "g1" })).toEqual([{ id: "g1", mode: null }]);
    }
  });

  it("refuses, in checking mode, the root db, an unnamed nested transaction and afterCommit on the root db inside a transaction", async () => {
    await using s = await createTestStore(dialect);
    await s.transaction(async (tx) => {
      await tx.insert(s.t.projects).values(projectRow("outer"));
      await expect(s.db.select().from(s.t.projects)).rejects.toThrow(TransactionMisuseError);
      await expect(s.transaction(async () => "never")).rejects.toThrow(TransactionMisuseError);
      expect(() => s.afterCommit(() => {}, s.db)).toThrow(TransactionMisuseError);
    });
    const ids = (await s.db.select({ id: s.t.projects.id }).from(s.t.projects)).map((r) => r.id);
    expect(ids).toEqual(["outer"]);
  });

  it("keeps statements from outside a transaction out of it", async () => {
    await using s = await createTestStore(dialect);
    // Settled into a value at once: on a loaded machine the rollback can come before the insert below.
    const outcome = s
      .transaction(async (tx) => {
        await tx.insert(s.t.projects).values(projectRow("in-tx"));
        await new Promise((resolve) => setTimeout(resolve, 30));
        throw new Error("rolled back");
      })
      .then(
        () => "committed",
        (error: Error) => error.message,
      );
    // Issued while the transaction is open; it must survive the rollback.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await s.db.insert(s.t.projects).values(projectRow("outside"));
    expect(await outcome).toBe("rolled back");
    const ids = (await s.db.select({ id: s.t.projects.id }).from(s.t.projects)).map((r) => r.id);
    expect(ids).toEqual(["outside"]);
  });

  it("serialises concurrent read-modify-write transactions without losing an update", async () => {
    await using s = await createTestStore(dialect);
    await s.db.insert(s.t.projects).values(projectRow("counter", { description: "0" }));
    await Promise.all(
      Array.from({ length: 20 }, () =>
        s.transaction(async (tx) => {
          const [row] = await tx.select().from(s.t.projects).where(eq(s.t.projects.id, "counter"));
          await new Promise((resolve) => setTimeout(resolve, 1));
          await tx
            .update(s.t.projects)
            .set({ description: String(Number(row?.description) + 1) })
            .where(eq(s.t.projects.id, "counter"));
        }),
      ),
    );
    expect(await descriptionOf(s, "counter")).toBe("20");
  });

  it("runs afterCommit callbacks after the outermost commit, never after a rollback", async () => {
    await using s = await createTestStore(dialect);
    const seen: string[] = [];
    s.afterCommit(() => seen.push("outside"), s.db);
    await s.transaction(async (tx) => {
      s.afterCommit(() => seen.push("committed"), tx);
      await s.transaction(async (inner) => s.afterCommit(() => seen.push("nested"), inner), tx);
      expect(seen).toEqual(["outside"]);
    });
    await expect(
      s.transaction(async (tx) => {
        s.afterCommit(() => seen.push("rolled back"), tx);
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    expect(seen).toEqual(["outside", "committed", "nested"]);
  });

  it("enforces unique indexes and cascades project deletion", async () => {
    await using s = await createTestStore(dialect);
    await s.db.insert(s.t.projects).values(projectRow("p"));
    const keySet = (id: string) => ({
      id,
      projectId: "p",
      description: "k",
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 1000),
      secretServerKeyHash: "same-hash",
    });
    await s.db.insert(s.t.apiKeySets).values(keySet("k1"));
    await expect(s.db.insert(s.t.apiKeySets).values(keySet("k2"))).rejects.toThrow();
    await s.db.delete(s.t.projects).where(eq(s.t.projects.id, "p"));
    expect(await s.db.select().from(s.t.apiKeySets)).toEqual([]);
  });
});
