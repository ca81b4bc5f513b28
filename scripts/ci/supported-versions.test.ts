/**
 * The Node.js versions we name agree everywhere (issue 39): the README's line, `engines` of the root and
 * of each published package (a package without its own inherits the root's when built), the version CI
 * runs the whole suite on, and the further versions it runs the version-sensitive tests on, whose list
 * names only files that exist, and the target of the bundles we build for Node.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const rootEngines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
const readmeLine = read("README.md").split("\n\n").find((paragraph) => paragraph.startsWith("Node.js "))?.replace(/\n/g, " ") ?? "";

describe("supported Node.js versions", () => {
  it("the README names the root's engines floor, the primary version and the further tested ones", () => {
    const floor = /^>=(\d+\.\d+)$/.exec(rootEngines)?.[1];
    expect(floor, rootEngines).toBeDefined();
    expect(readmeLine).toContain(`Node.js ${floor} or later`);
    expect(readmeLine).toContain("Tested on Node 24, the primary version");
    expect(readmeLine).toContain("Node 26 and 22");
  });

  it("each published package names no other engines than the root's", () => {
    for (const dir of JSON.parse(read("scripts/packages/publishable.json")) as string[]) {
      const engines = (JSON.parse(read(`${dir}/package.json`)) as { engines?: { node?: string } }).engines;
      expect(engines?.node ?? rootEngines, dir).toBe(rootEngines);
    }
  });

  it("the server, CLI and e-mail sandbox bundles target the engines floor", () => {
    const floor = /^>=(\d+\.\d+)$/.exec(rootEngines)?.[1];
    for (const script of ["scripts/build-server.mjs", "scripts/build-email-runtime.mjs"]) {
      const targets = [...read(script).matchAll(/target: "node([\d.]+)"/g)].map((match) => match[1]);
      expect(targets.length, script).toBeGreaterThan(0);
      expect(new Set(targets), script).toEqual(new Set([floor]));
    }
  });

  it("CI runs the whole suite on Node 24 and the version-sensitive tests on 26 and 22", () => {
    expect(read(".ci/run")).toMatch(/node-from-registry\.sh 24\)/);
    expect(read(".ci/run")).toMatch(/scripts\/ci\/other-node-versions\.sh 26 22\b/);
  });

  it("the version-sensitive test list names files that exist", () => {
    const files = read("scripts/ci/other-node-versions.tests").split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("#"));
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(files.filter((file) => !existsSync(join(root, file)))).toEqual([]);
  });
});
