/**
 * No import cycle anywhere (issue 34): each folder's files form a graph without loops, type imports included,
 * as `madge --circular` would report. A cycle is printed with one loop through it and all of its files.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildImportGraph, describeCycles, findCycles } from "./import-graph.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");

describe("import cycles", () => {
  it("server/, contract/, clients/ and dashboard/ have none", () => {
    const cycles = findCycles(buildImportGraph(repoRoot, ["server", "contract", "clients", "dashboard"]));
    expect(describeCycles(cycles), `${cycles.length} import cycle(s)`).toBe("");
  });
});
