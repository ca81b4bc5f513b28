/**
 * `npm start` and `latchkey` refuse a Node.js older than package.json's engines (issue 39) with one line
 * and exit 78, before they build or start anything; the check compares versions numerically.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { meetsEngines } from "../../scripts/node-version.mjs";

const root = join(import.meta.dirname, "..", "..");
const shim = mkdtempSync(join(tmpdir(), "latchkey-node-version-"));
afterAll(() => rmSync(shim, { recursive: true, force: true }));

describe("the Node.js version check", () => {
  it("compares major, minor and patch as numbers", () => {
    expect(meetsEngines("22.12.0", ">=22.12")).toBe(true);
    expect(meetsEngines("v22.9.0", ">=22.12")).toBe(false);
    expect(meetsEngines("22.11.9", ">=22.12")).toBe(false);
    expect(meetsEngines("24.0.0", ">=22.12")).toBe(true);
    expect(meetsEngines("100.0.0", ">=22.12")).toBe(true);
    expect(meetsEngines("20.19.5", ">=22.12")).toBe(false);
    expect(() => meetsEngines("24.0.0", "^22")).toThrow(/not of the form/);
  });

  it.each(["scripts/start.mjs", "scripts/latchkey.mjs"])("%s stops on an older Node before building or starting anything", (script) => {
    // This Node, reporting itself as 20.19.5 (process.versions is read-only, so a preloaded module
    // redefines it); the version check is the first thing each script does.
    const preload = join(shim, "old-node.cjs");
    writeFileSync(preload, `Object.defineProperty(process, "versions", { value: { ...process.versions, node: "20.19.5" } });\n`);
    const result = spawnSync(process.execPath, ["--require", preload, join(root, script), "--help"], { cwd: root, encoding: "utf8", timeout: 20_000 });
    expect(result.stderr).toMatch(/Latchkey needs Node\.js >=22\.12 \(package\.json engines\); this is Node\.js 20\.19\.5/);
    expect(result.stderr).not.toMatch(/building/);
    expect(result.status).toBe(78);
  });

  it("lets this Node through", () => {
    expect(execFileSync(process.execPath, ["--input-type=module", "-e", `import { requireSupportedNode } from ${JSON.stringify(join(root, "scripts/node-version.mjs"))}; requireSupportedNode("test"); console.log("ok");`], { encoding: "utf8" }).trim()).toBe("ok");
  });
});
