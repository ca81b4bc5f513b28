import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestStore, testDialects } from "../../test/support/databases.js";
import { isUniqueViolation } from "./errors.js";
import { joinInserts, type RecordedInsert } from "./insert-batch.js";
import { preparedInsert } from "./prepared-insert.js";
import type { Store } from "./store.js";

const at = new Date(1_760_000_000_123);

function inserts(s: Store) {
  return {
    project: preparedInsert<typeof s.t.projects.$inferSelect>(s, s.t.projects, { returning: true }),
    user: preparedInsert<typeof s.t.users.$inferSelect>(s, s.t.users, { returning: true }),
    channel: preparedInsert(s, s.t.contactChannels, { returning: false }),
  };
}

const project = (id: string) => ({ id, displayName: `Project ${id}`, configOverride: { "auth.allowSignUp": false }, createdAt: at, updatedAt: at });
const user = (id: string, projectId: string) => ({ id, projectId, displayName: null, clientMetadata: { b: 1, a: [1, "x"] }, signedUpAt: at, lastActiveAt: at });
const channel = (id: string, projectId: string, userId: string, value: string) => ({ id, projectId, userId, type: "email" as const, value, usedForAuth: true, createdAt: at });

async function projectIds(s: Store) {
  return (await s.db.select({ id: s.t.projects.id }).from(s.t.projects)).map((r) => r.id).sort();
}

describe.each(testDialects)("insert batches on %s", (dialect) => {
  it("writes every recorded row and hands back each returned row as the database stores it", async () => {
    await using s = await createTestStore(dialect);
    const insert = inserts(s);
    const returned = await s.insertBatch(async (batch) => {
      const [p] = await insert.project(project("p1"), batch);
      const [u] = await insert.user(user("u1", "p1"), batch);
      await insert.channel(channel("c1", "p1", "u1", "a@example.com"), batch);
      return { p, u };
    });
    const [storedProject] = await s.db.select().from(s.t.projects).where(eq(s.t.projects.id, "p1"));
    const [storedUser] = await s.db.select().from(s.t.users).where(eq(s.t.users.id, "u1"));
    // Defaults (description, is_production_mode, is_anonymous, ...) filled in as the database did.
    expect(returned.p).toEqual(storedProject);
    expect(returned.u).toEqual(storedUser);
    expect(returned.u?.isAnonymous).toBe(false);
    expect(returned.u?.totpLastUsedStep).toBeNull();
    const channels = await s.db.select().from(s.t.contactChannels);
    expect(channels.map((c) => [c.id, c.userId, c.value, c.isPrimary])).toEqual([["c1", "u1", "a@example.com", false]]);
  });

  it("writes nothing when one insert fails, and the failure comes from insertBatch", async () => {
    await using s = await createTestStore(dialect);
    const insert = inserts(s);
    const error = await s
      .insertBatch(async (batch) => {
        await insert.project(project("p2"), batch);
        await insert.user(user("u2", "p2"), batch);
        await insert.user(user("u3", "p2"), batch);
        await insert.channel(channel("c2", "p2", "u2", "same@example.com"), batch);
        // A second sign-in e-mail with the same address: the unique index refuses it.
        await insert.channel(channel("c3", "p2", "u3", "same@example.com"), batch);
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(await projectIds(s)).toEqual([]);
    expect(await s.db.select().from(s.t.users)).toEqual([]);
  });

  it("refuses anything but prepared inserts on its db and then writes nothing", async () => {
    await using s = await createTestStore(dialect);
    const insert = inserts(s);
    await expect(
      s.insertBatch(async (batch) => {
        await insert.project(project("p3"), batch);
        await batch.select().from(s.t.projects);
      }),
    ).rejects.toThrow(/records prepared inserts only \(tried to use \.select\)/);
    expect(await projectIds(s)).toEqual([]);
  });

  it("refuses to start inside a transaction, and an insert recorded after the unit returned", async () => {
    await using s = await createTestStore(dialect);
    const insert = inserts(s);
    // Its writes would not roll back with the transaction (PostgreSQL) or would wait for it (SQLite).
    await expect(s.transaction(() => s.insertBatch(async (batch) => insert.project(project("p5"), batch)))).rejects.toThrow(/insertBatch/);
    let late: Promise<unknown> | undefined;
    await s.insertBatch(async (batch) => {
      await insert.project(project("p6"), batch);
      late = new Promise((resolve) => setTimeout(resolve, 5)).then(() => insert.project(project("p7"), batch));
      // Handled from the start: on a slow database the batch is still being written when it rejects.
      late.catch(() => {});
    });
    await expect(late).rejects.toThrow(/recorded after the unit of work returned/);
    expect(await projectIds(s)).toEqual(["p6"]);
  });

  it("runs afterCommit callbacks once the rows are written, never when writing fails", async () => {
    await using s = await createTestStore(dialect);
    const insert = inserts(s);
    const seen: string[] = [];
    await s.insertBatch(async (batch) => {
      await insert.project(project("p4"), batch);
      s.afterCommit(async () => seen.push(`written: ${(await projectIds(s)).join(",")}`), batch);
      expect(seen).toEqual([]);
    });
    await expect(
      s.insertBatch(async (batch) => {
        await insert.project(project("p4"), batch);
        s.afterCommit(() => seen.push("duplicate"), batch);
      }),
    ).rejects.toSatisfy(isUniqueViolation);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual(["written: p4"]);
  });
});

describe("joinInserts", () => {
  const part = (text: string, values: unknown[]): RecordedInsert => ({ run: async () => [], statement: () => ({ text, values }) });

  it("puts all but the last insert in a WITH clause and renumbers their parameters", () => {
    const joined = joinInserts([
      part('insert into "a" ("x", "y") values ($1, $2)', [1, 2]),
      part('insert into "b" ("x") values ($1) on conflict do nothing', [3]),
      part('insert into "c" ("x", "y", "z") values ($1, null, $2) returning "x"', [4, 5]),
    ]);
    expect(joined.text).toBe(
      'with w0 as (insert into "a" ("x", "y") values ($1, $2)), w1 as (insert into "b" ("x") values ($3) on conflict do nothing) ' +
        'insert into "c" ("x", "y", "z") values ($4, null, $5) returning "x"',
    );
    expect(joined.values).toEqual([1, 2, 3, 4, 5]);
  });

  it("renumbers two-digit parameters without touching their digits", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `$${i + 1}`).join(", ");
    const joined = joinInserts([part(`insert into "a" values (${ten})`, Array.from({ length: 10 }, (_, i) => i)), part(`insert into "b" values (${ten})`, [])]);
    expect(joined.text).toBe(`with w0 as (insert into "a" values (${ten})) insert into "b" values (${Array.from({ length: 10 }, (_, i) => `$${i + 11}`).join(", ")})`);
  });

  it("leaves a single insert as it is", () => {
    expect(joinInserts([part('insert into "a" ("x") values ($1)', [1])])).toEqual({ text: 'insert into "a" ("x") values ($1)', values: [1] });
  });
});
