/**
 * Issue 18, finding 9: the SQLite database was created world-readable (0644) in a 0755 data directory.
 * The data directory, the database, its WAL and shared-memory files and the server secret are owner-only.
 */
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "../../../server/db/sqlite-store.js";
import { loadServerSecret } from "../../../server/services/server-secret.js";
import { testDialects } from "../../support/databases.js";

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

const roots: string[] = [];
function freshRoot() {
  const root = mkdtempSync(join(tmpdir(), "latchkey-modes-"));
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe.each(testDialects)("files of the data directory on %s", (dialect) => {
  it("creates the data directory 0700 and the server secret 0600", () => {
    const dataDir = join(freshRoot(), "data", "nested");
    loadServerSecret(undefined, dataDir);
    expect(modeOf(dataDir)).toBe("700");
    expect(modeOf(join(dataDir, "server-secret"))).toBe("600");
  });

  it("narrows an existing world-readable server secret to 0600", () => {
    const dataDir = freshRoot();
    const file = join(dataDir, "server-secret");
    writeFileSync(file, Buffer.alloc(32, 1).toString("base64"));
    chmodSync(file, 0o644);
    loadServerSecret(undefined, dataDir);
    expect(modeOf(file)).toBe("600");
  });

  it.runIf(dialect === "sqlite")("creates the SQLite database, its WAL and shared memory 0600 in a 0700 directory", async () => {
    const dataDir = join(freshRoot(), "data");
    const path = join(dataDir, "latchkey.db");
    const store = openSqliteStore(path);
    try {
      await store.db.select().from(store.t.projects);
      expect([modeOf(dataDir), modeOf(path), modeOf(`${path}-wal`), modeOf(`${path}-shm`)]).toEqual(["700", "600", "600", "600"]);
    } finally {
      await store.close();
    }
  });

  it.runIf(dialect === "sqlite")("narrows an existing world-readable SQLite database to 0600", async () => {
    const path = join(freshRoot(), "latchkey.db");
    await openSqliteStore(path).close();
    chmodSync(path, 0o644);
    const store = openSqliteStore(path);
    try {
      expect(modeOf(path)).toBe("600");
    } finally {
      await store.close();
    }
  });
});
