/**
 * The generated migrations hold every table of server/db/tables.ts (issue 34: a shared list the build checks).
 * drizzle-kit generates against a copy of each dialect's migrations folder; a table, column or index changed
 * without `npm run db:generate` would make it write a new migration, and the test names it. The stores apply
 * only the committed migrations, so a forgotten one would otherwise show up as "no such table" at run time.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, "../..");
const drizzleKit = path.join(repoRoot, "node_modules/.bin/drizzle-kit");
const work = mkdtempSync(path.join(tmpdir(), "latchkey-migrations-"));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each([
  { folder: "sqlite", dialect: "sqlite", schema: "./server/db/drizzle-kit.sqlite.cts" },
  { folder: "pg", dialect: "postgresql", schema: "./server/db/drizzle-kit.pg.cts" },
])("drizzle/$folder", ({ folder, dialect, schema }) => {
  it("is current with the tables (drizzle-kit generate finds nothing to add)", async () => {
    const copy = path.join(work, folder);
    cpSync(path.join(repoRoot, "drizzle", folder), copy, { recursive: true });
    const before = readdirSync(copy).sort();
    // drizzle-kit resolves --out against the working directory.
    const { stdout } = await run(drizzleKit, ["generate", "--dialect", dialect, "--schema", schema, "--out", path.relative(repoRoot, copy)], { cwd: repoRoot });
    const added = readdirSync(copy).filter((file) => !before.includes(file));
    expect(added, `tables changed without a migration; run npm run db:generate\n${stdout}`).toEqual([]);
    expect(stdout).toContain("No schema changes");
  }, 60_000);
});
