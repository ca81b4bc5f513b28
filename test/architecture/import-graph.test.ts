/** The cycle checker itself: each kind of import closes a loop, and a graph without one reports nothing. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildImportGraph, describeCycles, findCycles } from "./import-graph.js";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function repo(files: Record<string, string>): string {
  root = mkdtempSync(path.join(os.tmpdir(), "import-graph-"));
  const all = { "package.json": JSON.stringify({ workspaces: ["packages/*"] }), ...files };
  for (const [name, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe("import graph", () => {
  it.each([
    ["import type", `import type { B } from "./b.js";`],
    ["export type from", `export type { B } from "./b.js";`],
    ["dynamic import()", `export const load = () => import("./b.js");`],
    ["import() type", `export type B = import("./b.js").B;`],
    ["a folder's index", `import { b } from "./b-dir";`],
  ])("finds a loop closed by %s", (_kind, importOfB) => {
    const dir = repo({
      "src/a.ts": `${importOfB}\nexport type A = 1;`,
      "src/b.ts": `import type { A } from "./a.js";\nexport type B = A;\nexport const b = 1;`,
      "src/b-dir/index.ts": `import type { A } from "../a.js";\nexport const b: A = 1;`,
    });
    const cycles = findCycles(buildImportGraph(dir, ["src"]));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.files).toHaveLength(2);
    expect(cycles[0]!.example[0]).toBe(cycles[0]!.example.at(-1));
  });

  it("follows workspace packages to their exported source and files outside the scanned folders", () => {
    const dir = repo({
      "packages/lib/package.json": JSON.stringify({ name: "@x/lib", exports: { ".": { types: "./src/index.ts", default: "./src/index.ts" } } }),
      "packages/lib/src/index.ts": `export { shared } from "../../../shared/util.js";`,
      "shared/util.tsx": `import { app } from "../app/main.js";\nexport const shared = app;`,
      "app/main.ts": `import { shared } from "@x/lib";\nexport const app = 1;\nvoid shared;`,
    });
    const cycles = findCycles(buildImportGraph(dir, ["app"]));
    expect(cycles.map((cycle) => cycle.files)).toEqual([["app/main.ts", "packages/lib/src/index.ts", "shared/util.tsx"]]);
    expect(describeCycles(cycles)).toContain("loop: app/main.ts\n     -> packages/lib/src/index.ts");
  });

  it("reports nothing for a chain, an import inside a string, or a package it cannot resolve", () => {
    const dir = repo({
      "src/a.ts": `import { b } from "./b.js";\nimport z from "zod";\nexport const a = b + String(z);`,
      "src/b.ts": "export const b = `import { a } from \"./a.js\"`;",
    });
    expect(findCycles(buildImportGraph(dir, ["src"]))).toEqual([]);
  });
});
