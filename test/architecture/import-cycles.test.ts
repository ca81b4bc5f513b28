/**
 * No import cycle anywhere (issue 34): each folder's files form a graph without loops, type imports included,
 * as `madge --circular` would report. A cycle is printed with one loop through it and all of its files.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildImportGraph, describeCycles, findCycles } from "./import-graph.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");

describe("import cycles", () => {
  it("server/ and contract/ have none", () => {
    const cycles = findCycles(buildImportGraph(repoRoot, ["server", "contract"]));
    expect(describeCycles(cycles), `${cycles.length} import cycle(s)`).toBe("");
  });

  // Five cycles remain there (locale files and their message catalogues in clients/react and clients/hosted,
  // the React provider and its hooks, the SDK's server user and team objects); once they are broken,
  // "clients" and "dashboard" join the roots above.
  it.todo("clients/ and dashboard/ have none");
});
