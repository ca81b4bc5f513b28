/**
 * The quickstarts of docs/QUICKSTARTS.md as text: each holds at most 10 lines of code; the React one is
 * examples/react-vite's entry module verbatim (the file test/packages/react-vite.test.ts builds from the
 * packed packages and drives in Chromium); and the root README and each package README carry its blocks unchanged.
 * The blocks themselves are run by node.test.ts (node), server-quickstarts.test.ts (stack-sdk, curl) and,
 * for Next.js, compared with examples/nextjs by next-quickstart.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/packed.js";
import { quickstart, quickstartsIn, QUICKSTARTS_DOC } from "./support/quickstarts.js";

const codeLines = (code: string) => code.split("\n").filter((line) => line.trim() !== "" && !/^\s*\/\/ \S+$/.test(line)).length;

describe("the quickstarts of docs/QUICKSTARTS.md", () => {
  it("are there, each in at most 10 lines of code", () => {
    const blocks = quickstartsIn(QUICKSTARTS_DOC);
    expect([...blocks.keys()].sort()).toEqual(["curl", "node", "react-vite", "stack-sdk"]);
    for (const [name, code] of blocks) expect(codeLines(code), name).toBeLessThanOrEqual(10);
  });

  it("React with Vite is examples/react-vite/src/main.tsx, verbatim", () => {
    const [first, ...rest] = quickstart("react-vite").split("\n");
    expect(first).toBe("// src/main.tsx");
    expect(rest.join("\n")).toBe(readFileSync(join(repoRoot, "examples/react-vite/src/main.tsx"), "utf8"));
    // The example's page loads that module as its entry once the build has its settings.
    expect(readFileSync(join(repoRoot, "examples/react-vite/src/index.tsx"), "utf8")).toContain('import("./main.js")');
  });
});

describe.each([
  { readme: "README.md", names: ["node"] },
  { readme: "clients/js/README.md", names: ["node", "stack-sdk"] },
  { readme: "clients/react/README.md", names: ["react-vite"] },
])("$readme", ({ readme, names }) => {
  it("carries the quickstarts ($names) of docs/QUICKSTARTS.md unchanged", () => {
    const blocks = quickstartsIn(readme);
    expect([...blocks.keys()].sort()).toEqual([...names].sort());
    for (const name of names) expect(blocks.get(name), name).toBe(quickstart(name));
  });
});
