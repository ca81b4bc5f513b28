import { asc, eq, sql } from "drizzle-orm";
import * as drizzleUtils from "drizzle-orm/utils";
import { describe, expect, it } from "vitest";
import { createTestStore, testDialects } from "../../test/support/databases.js";
import { primaryEmailOf, userRecordColumns } from "./queries/users.js";
import { compileRowMapper } from "./row-mapper.js";
import type { Store } from "./store.js";

const at = (n: number) => new Date(1_760_000_000_000 + n);

async function seed(s: Store) {
  const { projects, users, contactChannels, teams } = s.t;
  await s.db.insert(projects).values({ id: "p", displayName: "P", configOverride: {}, createdAt: at(0), updatedAt: at(0) });
  await s.db.insert(teams).values({ id: "t1", projectId: "p", displayName: "Team", serverMetadata: { tier: 2 }, createdAt: at(1) });
  const user = (id: string, extra: Record<string, unknown> = {}) => ({ id, projectId: "p", signedUpAt: at(2), lastActiveAt: at(3), ...extra });
  await s.db.insert(users).values([
    user("u1", { displayName: "Ada", clientMetadata: { a: [1, { b: null }] }, isAnonymous: true, selectedTeamId: "t1" }),
    user("u2"),
    user("u3", { selectedTeamId: "gone" }),
  ]);
  await s.db.insert(contactChannels).values([
    { id: "c1", projectId: "p", userId: "u1", type: "email", value: "ada@example.com", isPrimary: true, isVerified: true, usedForAuth: true, createdAt: at(4) },
    { id: "c3", projectId: "p", userId: "u3", type: "email", value: "not-primary@example.com", isPrimary: false, createdAt: at(5) },
  ]);
}

describe.each(testDialects)("compiled row mapping on %s", (dialect) => {
  it("gives prepared selects exactly drizzle's rows: joined objects, NULL joins, JSON, dates and booleans", async () => {
    await using s = await createTestStore(dialect);
    await seed(s);
    const { users, contactChannels, teams } = s.t;
    const columns = { ...userRecordColumns(s.t), shout: sql<string>`upper(${users.id})`, teamName: teams.displayName };
    const build = (db: Store["db"]) =>
      db
        .select(columns)
        .from(users)
        .leftJoin(contactChannels, primaryEmailOf(s.t))
        .leftJoin(teams, eq(teams.id, users.selectedTeamId))
        .where(eq(users.projectId, sql.placeholder("projectId")))
        .orderBy(asc(users.id));
    const byDrizzle = await build(s.db).prepare("mapping_by_drizzle").execute({ projectId: "p" });
    const compiled = await s.prepare("mapping_compiled", build).execute({ projectId: "p" });

    expect(compiled).toEqual(byDrizzle);
    expect(compiled.map((r) => [r.user.id, r.primaryEmail?.value ?? null, r.selectedTeam?.id ?? null, r.teamName])).toEqual([
      ["u1", "ada@example.com", "t1", "Team"],
      ["u2", null, null, null],
      ["u3", null, null, null],
    ]);
    expect(compiled[0]!.user.signedUpAt).toEqual(at(2));
    expect(compiled[0]!.user.isAnonymous).toBe(true);
    expect(compiled[0]!.selectedTeam?.serverMetadata).toEqual({ tier: 2 });
    expect(compiled[0]!.hasPasskey).toBe(false);
    expect(compiled[1]!.shout).toBe("U2");
  });
});

type SelectedFields = Parameters<typeof compileRowMapper>[0];
/** drizzle's own mapper (exported at run time, not in its type declarations). */
const { mapResultRow } = drizzleUtils as unknown as { mapResultRow(fields: SelectedFields, row: unknown[], joins: Record<string, boolean>): unknown };

describe("compiled row mapping rules", () => {
  it("nulls a joined object only as drizzle does: first column NULL and all columns from that one table", async () => {
    await using s = await createTestStore("sqlite");
    const { users, teams } = s.t;
    const query = s.db
      .select({ id: users.id, team: { id: teams.id, name: teams.displayName }, mixed: { teamId: teams.id, userId: users.id }, onlySql: { one: sql<number>`1` } })
      .from(users)
      .leftJoin(teams, eq(teams.id, users.selectedTeamId));
    const prepared = query.prepare("mapping_rules") as unknown as { fields: SelectedFields; joinsNotNullableMap: Record<string, boolean> };
    const map = compileRowMapper(prepared.fields, prepared.joinsNotNullableMap)!;
    const rows: unknown[][] = [
      ["u1", "t1", "Team", "t1", "u1", 1],
      ["u2", null, null, null, "u2", 1],
      // drizzle looks at the first column only: a later non-NULL one does not keep the object.
      ["u3", null, "stray", null, "u3", null],
    ];
    for (const row of rows) expect(map(row)).toEqual(mapResultRow(prepared.fields, row, prepared.joinsNotNullableMap));
    expect(map(rows[1]!)).toEqual({ id: "u2", team: null, mixed: { teamId: null, userId: "u2" }, onlySql: { one: 1 } });
  });

  it("keeps any key of a selection as it is, quotes and backslashes included", async () => {
    await using s = await createTestStore("sqlite");
    const { users, teams } = s.t;
    const query = s.db.select({ 'we"ird\\key': users.id, "": { "a'b": teams.id } }).from(users).leftJoin(teams, eq(teams.id, users.selectedTeamId));
    const prepared = query.prepare("mapping_keys") as unknown as { fields: SelectedFields; joinsNotNullableMap: Record<string, boolean> };
    const map = compileRowMapper(prepared.fields, prepared.joinsNotNullableMap)!;
    for (const row of [["u1", "t1"], ["u2", null]]) expect(map(row)).toEqual(mapResultRow(prepared.fields, row, prepared.joinsNotNullableMap));
    expect(map(["u1", "t1"])).toEqual({ 'we"ird\\key': "u1", "": { "a'b": "t1" } });
  });
});

