/**
 * The per-session and per-refresh-token record caches: they must never serve what another connection
 * (another process) or this one changed. SQLite reuses a record while its change marker stands still;
 * PostgreSQL while a narrow query reports the same row versions.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../test/support/databases.js";
import { openStore } from "../open-store.js";
import type { Dialect, Store } from "../store.js";
import { userQueries } from "./users.js";

const opened: Store[] = [];
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two connections to one database, as two processes would have. */
async function twoConnections(dialect: Dialect): Promise<[Store, Store]> {
  let location: Parameters<typeof openStore>[0]["location"];
  if (dialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "latchkey-users-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    location = { dialect, path: join(dir, "db.sqlite") };
  } else {
    const database: TestDatabase = await createTestDatabase(dialect);
    cleanups.push(async () => {
      await database[Symbol.asyncDispose]();
    });
    location = { dialect, url: database.url };
  }
  const a = await openStore({ location, poolSize: 2, checkTransactions: true });
  const b = await openStore({ location, poolSize: 2, checkTransactions: true });
  opened.push(a, b);
  return [a, b];
}

const now = new Date(1_800_000_000_000);
/**
 * Each lookup stands for a new request, which the server reads in a later turn of the event loop than
 * any commit that finished before it arrived (SQLite reads other connections' commits once per turn).
 */
const nextRequest = () => new Promise((resolve) => setImmediate(resolve));
const session = { id: "s", projectId: "p", userId: "u", refreshTokenHash: "h", createdAt: now, expiresAt: new Date(now.getTime() + 60_000), lastUsedAt: now };

/** Two connections to a database with one user and session; lookups go through the first, each as a new request. */
async function seeded(dialect: Dialect) {
  const [a, b] = await twoConnections(dialect);
  const t = a.t;
  await a.db.insert(t.projects).values({ id: "p", displayName: "P", configOverride: {}, createdAt: now, updatedAt: now });
  await a.db.insert(t.users).values({ id: "u", projectId: "p", displayName: "first", signedUpAt: now, lastActiveAt: now });
  await a.db.insert(t.sessions).values(session);
  const users = userQueries(a);
  return {
    a,
    b,
    t,
    users,
    async findBySession() {
      await nextRequest();
      return users.findBySession("p", "u", "s", now);
    },
    async findByRefreshToken() {
      await nextRequest();
      return users.findByRefreshTokenHash("p", "h", now);
    },
  };
}

describe.each(testDialects)("session lookups on %s", (dialect) => {
  it("reuse a record only while nothing behind it changed, whoever changed it", async () => {
    const { a, b, t, users, findBySession: find } = await seeded(dialect);

    const first = await find();
    expect(first?.user.displayName).toBe("first");
    expect((await find())?.user).toBe(first?.user); // nothing changed: the same (frozen) row
    expect(Object.isFrozen(first!.user)).toBe(true);

    await b.db.update(t.users).set({ displayName: "from b" }).where(eq(t.users.id, "u"));
    expect((await find())?.user.displayName).toBe("from b");

    await a.db.update(t.users).set({ displayName: "from a" }).where(eq(t.users.id, "u"));
    expect((await find())?.user.displayName).toBe("from a");

    await b.db.delete(t.sessions).where(eq(t.sessions.id, "s"));
    expect(await find()).toBeUndefined();

    await a.db.insert(t.sessions).values(session);
    expect((await find())?.user.displayName).toBe("from a");
    expect(await users.findBySession("p", "u", "s", new Date(now.getTime() + 60_000))).toBeUndefined(); // expired
    expect(await users.findBySession("p", "other-user", "s", now)).toBeUndefined(); // not this user's session
  });

  it("see another connection change the primary e-mail, the selected team and the passkeys", async () => {
    const { b, t, findBySession: find } = await seeded(dialect);
    expect(await find()).toMatchObject({ primaryEmail: null, selectedTeam: null, hasPasskey: false });

    const channel = { projectId: "p", userId: "u", type: "email" as const, isPrimary: true, createdAt: now };
    await b.db.insert(t.contactChannels).values({ ...channel, id: "c1", value: "one@example.com" });
    expect((await find())?.primaryEmail?.value).toBe("one@example.com");
    await b.db.update(t.contactChannels).set({ isVerified: true }).where(eq(t.contactChannels.id, "c1"));
    expect((await find())?.primaryEmail?.isVerified).toBe(true);
    // Another channel becomes primary in one transaction.
    await b.transaction(async (tx) => {
      await tx.update(t.contactChannels).set({ isPrimary: false }).where(eq(t.contactChannels.id, "c1"));
      await tx.insert(t.contactChannels).values({ ...channel, id: "c2", value: "two@example.com" });
    });
    expect((await find())?.primaryEmail?.value).toBe("two@example.com");

    await b.db.insert(t.teams).values({ id: "team", projectId: "p", displayName: "Team", createdAt: now });
    await b.db.update(t.users).set({ selectedTeamId: "team" }).where(eq(t.users.id, "u"));
    expect((await find())?.selectedTeam?.displayName).toBe("Team");
    await b.db.update(t.teams).set({ displayName: "Renamed team" }).where(eq(t.teams.id, "team"));
    expect((await find())?.selectedTeam?.displayName).toBe("Renamed team");

    await b.db.insert(t.passkeys).values({ id: "pk", projectId: "p", userId: "u", credentialId: "cred", publicKey: "key", transports: [], createdAt: now });
    expect((await find())?.hasPasskey).toBe(true);
    await b.db.delete(t.passkeys).where(eq(t.passkeys.id, "pk"));
    expect((await find())?.hasPasskey).toBe(false);
  });

  it("see a refresh token's session end and its user change through another connection", async () => {
    const { b, t, users, findByRefreshToken: find } = await seeded(dialect);

    const first = await find();
    expect(first).toMatchObject({ user: { displayName: "first" }, session: { id: "s", lastUsedAt: now } });
    expect(first).not.toHaveProperty("version");
    expect(await users.findByRefreshTokenHash("other-project", "h", now)).toBeUndefined();
    await b.db.update(t.users).set({ displayName: "renamed" }).where(eq(t.users.id, "u"));
    expect((await find())?.user.displayName).toBe("renamed");
    const later = new Date(now.getTime() + 1000);
    await b.db.update(t.sessions).set({ lastUsedAt: later }).where(eq(t.sessions.id, "s"));
    expect((await find())?.session.lastUsedAt).toEqual(later);
    await b.db.delete(t.sessions).where(eq(t.sessions.id, "s"));
    expect(await find()).toBeUndefined();
  });
});
