/**
 * The Next.js quickstart of docs/QUICKSTARTS.md and of clients/next/README.md is examples/nextjs's own code:
 * each of its code blocks that starts with `// <path>` is that file of the example, verbatim (the file
 * test/packages/next.test.ts builds and drives), and together they hold at most 10 lines of code.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./support/packed.js";

/** The code blocks of the Markdown file's Next.js section that name an example file: path -> code after that line. */
function quickstartFiles(readme: string): Map<string, string> {
  const text = readFileSync(join(repoRoot, readme), "utf8");
  const start = text.search(/^##+ (Quickstart: )?Next\.js|^## Quickstart$/m);
  expect(start, `${readme} has a Next.js quickstart`).toBeGreaterThanOrEqual(0);
  const section = text.slice(start).split(/\n##+ /)[0]!;
  const files = new Map<string, string>();
  for (const [, body] of section.matchAll(/```tsx?\n([\s\S]*?)```/g)) {
    const [first, ...rest] = body!.split("\n");
    const path = /^\/\/ (\S+)$/.exec(first ?? "")?.[1];
    if (path) files.set(path, rest.join("\n"));
  }
  return files;
}

describe.each(["docs/QUICKSTARTS.md", "clients/next/README.md"])("the Next.js quickstart of %s", (readme) => {
  it("is examples/nextjs's stack.ts, root layout and handler page, verbatim, in at most 10 lines of code", () => {
    const files = quickstartFiles(readme);
    expect([...files.keys()].sort()).toEqual(["app/handler/[...stack]/page.tsx", "app/layout.tsx", "stack.ts"]);
    let lines = 0;
    for (const [path, code] of files) {
      expect(code, path).toBe(readFileSync(join(repoRoot, "examples", "nextjs", path), "utf8"));
      lines += code.split("\n").filter((line) => line.trim() !== "").length;
    }
    expect(lines).toBeLessThanOrEqual(10);
  });
});
