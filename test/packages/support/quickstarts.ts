import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./packed.js";

/**
 * The quickstarts: the code block right after `<!-- quickstart:<name> -->` in docs/QUICKSTARTS.md (the
 * README links there and carries the Node one). The tests run exactly that text; `quickstartsIn` lets a
 * test check that the root and each package README carry the same.
 */
export const QUICKSTARTS_DOC = "docs/QUICKSTARTS.md";

export function quickstart(name: string, readme = QUICKSTARTS_DOC): string {
  const found = quickstartsIn(readme).get(name);
  if (found === undefined) throw new Error(`${readme} has no <!-- quickstart:${name} --> block`);
  return found;
}

/** Every quickstart block of a Markdown file (path from the repository root), by name. */
export function quickstartsIn(readme: string): Map<string, string> {
  const text = readFileSync(join(repoRoot, readme), "utf8");
  const blocks = new Map<string, string>();
  for (const match of text.matchAll(/<!-- quickstart:([\w-]+) -->\s*```[\w-]*\n([\s\S]*?)```/g)) blocks.set(match[1]!, match[2]!);
  return blocks;
}
