/**
 * The quickstarts the Connect page shows: read at build time from docs/QUICKSTARTS.md, the same text the
 * README links to and test/packages runs, so the page never shows code that drifted from the tested one.
 */
import type { AppFramework } from "../../../contract/app-env.js";
import markdown from "../../../docs/QUICKSTARTS.md?raw";

export interface QuickstartCode {
  /** The file it goes in (`stack.ts`, `src/main.tsx`), when its first line names one. */
  file: string | null;
  language: string;
  code: string;
}

export interface Quickstart {
  install: string | null;
  blocks: QuickstartCode[];
}

/** The heading each framework's section starts with. */
const headings: Record<AppFramework, string> = {
  next: "Next.js",
  "react-vite": "React with Vite",
  node: "Node",
  "stack-sdk": "Stack's SDK",
  curl: "Plain HTTP",
};

/** The framework's install command and code blocks, as docs/QUICKSTARTS.md has them. */
export function quickstartOf(framework: AppFramework, text: string = markdown): Quickstart {
  const sections = text.split(/\n## /).slice(1);
  const section = sections.find((s) => s.startsWith(headings[framework])) ?? "";
  const install = /npm install [@\w./-]+(?: [@\w./-]+)*/.exec(section.replace(/\s+/g, " "))?.[0] ?? null;
  const blocks: QuickstartCode[] = [];
  for (const [, language = "", code = ""] of section.matchAll(/```([\w-]*)\n([\s\S]*?)```/g)) {
    if (code.trim().startsWith("npm install")) continue;
    const file = /^\/\/ (\S+)\n/.exec(code)?.[1] ?? null;
    blocks.push({ file, language, code: file ? code.slice(code.indexOf("\n") + 1) : code });
  }
  return { install, blocks };
}
