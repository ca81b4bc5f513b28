/**
 * Every module of the dashboard and the hosted pages is reached from its app's entry (issue 34: the dashboard's
 * one route table, dashboard/src/shell/project-sections.ts, is checked by this test). A page left out of the route
 * table, or a component nothing imports any more, is dead code that still looks maintained; the test names it.
 * Dynamic `import()`s count, so lazily loaded pages and languages are reached through the table that loads them.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildImportGraph } from "./import-graph.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");

function sourceFilesUnder(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

function reachableFrom(entry: string, roots: string[]): Set<string> {
  const { edges } = buildImportGraph(repoRoot, roots);
  const seen = new Set([entry]);
  const queue = [entry];
  for (let i = 0; i < queue.length; i++) {
    for (const next of edges.get(queue[i]!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe.each([
  { app: "dashboard", folder: "dashboard/src", entry: "dashboard/src/main.tsx" },
  { app: "hosted pages", folder: "clients/hosted/src", entry: "clients/hosted/src/main.tsx" },
])("$app", ({ folder, entry }) => {
  it("has no module its entry does not reach", () => {
    const reached = reachableFrom(entry, [folder]);
    const unreached = sourceFilesUnder(folder).filter((file) => !reached.has(file));
    expect(unreached, `not imported from ${entry}, directly or through others (a page missing from its route table?)`).toEqual([]);
  });
});
