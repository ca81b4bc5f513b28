/** The per-session record cache on SQLite: it must never serve what another connection or this one changed. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../sqlite-store.js";
import type { Store } from "../store.js";
import { userQueries } from "./users.js";

const opened: Store[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Two connections to one database file, as two processes would have. */
function twoConnections(): [Store, Store] {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-users-"));
  dirs.push(dir);
  const a = openSqliteStore(join(dir, "db.sqlite"), true);
  const b = openSqliteStore(join(dir, "db.sqlite"), true);
  opened.push(a, b);
  return [a, b];
}

describe("findBySession on SQLite", () => {
  it("reuses a record only while nothing in the database changed, whoever changed it", async () => {
    const [a, b] = twoConnections();
    const t = a.t;
    const now = new Date(1_800_000_000_000);
    await a.db.insert(t.projects).values({ id: "p", displayName: "P", configOverride: {}, createdAt: now, updatedAt: now });
    await a.db.insert(t.users).values({ id: "u", projectId: "p", displayName: "first", signedUpAt: now, lastActiveAt: now });
    const session = { id: "s", projectId: "p", userId: "u", refreshTokenHash: "h", createdAt: now, expiresAt: new Date(now.getTime() + 60_000), lastUsedAt: now };
    await a.db.insert(t.sessions).values(session);
    const users = userQueries(a);
    const find = () => users.findBySession("p", "u", "s", now);

    const first = await find();
    expect(first?.user.displayName).toBe("first");
    expect((await find())?.user).toBe(first?.user); // unchanged database: the same (frozen) row, no query
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

  it("sees a refresh token's session end and its user change through another connection", async () => {
    const [a, b] = twoConnections();
    const t = a.t;
    const now = new Date(1_800_000_000_000);
    await a.db.insert(t.projects).values({ id: "p", displayName: "P", configOverride: {}, createdAt: now, updatedAt: now });
    await a.db.insert(t.users).values({ id: "u", projectId: "p", displayName: "first", signedUpAt: now, lastActiveAt: now });
    await a.db.insert(t.sessions).values({ id: "s", projectId: "p", userId: "u", refreshTokenHash: "h", createdAt: now, expiresAt: new Date(now.getTime() + 60_000), lastUsedAt: now });
    const users = userQueries(a);
    const find = () => users.findByRefreshTokenHash("p", "h", now);

    expect((await find())?.user.displayName).toBe("first");
    expect(await users.findByRefreshTokenHash("other-project", "h", now)).toBeUndefined();
    await b.db.update(t.users).set({ displayName: "renamed" }).where(eq(t.users.id, "u"));
    expect((await find())?.user.displayName).toBe("renamed");
    await b.db.delete(t.sessions).where(eq(t.sessions.id, "s"));
    expect(await find()).toBeUndefined();
  });
});
