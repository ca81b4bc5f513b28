/**
 * The README starts where a new user starts (issue 36 item 7): the two commands, what Latchkey is and
 * where to read on, all within the first 40 lines; and every relative link of the README and docs/ leads
 * to a file that exists (the README's sections moved to docs/).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

describe("README.md", () => {
  it("fits the commands, what it is and the links to every guide in its first 40 lines", () => {
    const firstScreen = read("README.md").split("\n").slice(0, 40).join("\n");
    expect(firstScreen).toContain("npm install && npm start");
    expect(firstScreen).toContain("npm test");
    expect(firstScreen).toContain("self-hostable authentication");
    for (const guide of readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md"))) expect(firstScreen, guide).toContain(`](docs/${guide})`);
    expect(firstScreen).toContain("/api/v1/docs");
  });

  it.each(["README.md", ...readdirSync(join(root, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)])("%s links only to files that exist", (file) => {
    const targets = [...read(file).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^(https?:|mailto:|#)/.test(t));
    const missing = targets.filter((t) => !existsSync(join(root, dirname(file), t.split("#")[0]!)));
    expect(missing).toEqual([]);
  });
});
