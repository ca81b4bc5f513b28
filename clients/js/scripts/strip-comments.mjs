// An esbuild plugin for the package build: loads each TypeScript source with its comments blanked out
// (replaced by spaces, line breaks kept, so every position and the sourcemaps stay exact). esbuild keeps
// the doc comments of class members and object properties in unminified output; in a published package
// they only add bytes (about a quarter of @latchkey/js's gzipped bundle), since editors read the docs from
// the shipped declarations. Comments that tools act on (pure annotations, bundler hints, licences) stay.
import { readFile } from "node:fs/promises";
import ts from "typescript";

const kept = /[@#]__(PURE|NO_SIDE_EFFECTS)__|webpackIgnore|@vite-ignore|@license|@preserve|^\/[*/]!/;

/** The source with its comments blanked (`fileName` picks TS or TSX parsing). */
export function blankComments(text, fileName) {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const ranges = new Map();
  // JSX text is not code: "// x" inside <p>...</p> is shown, not a comment.
  const jsxText = [];
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.JsxText) {
      jsxText.push([node.pos, node.end]);
      return;
    }
    for (const range of [...(ts.getLeadingCommentRanges(text, node.pos) ?? []), ...(ts.getTrailingCommentRanges(text, node.end) ?? [])]) {
      ranges.set(range.pos, range.end);
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  // Index by UTF-16 code unit, as TypeScript's positions are.
  const units = text.split("");
  for (const [start, end] of ranges) {
    if (jsxText.some(([from, to]) => start >= from && start < to)) continue;
    if (kept.test(text.slice(start, end))) continue;
    for (let i = start; i < end; i++) if (units[i] !== "\n" && units[i] !== "\r") units[i] = " ";
  }
  return units.join("");
}

/** The plugin: every .ts/.tsx file the build reads from the repository goes through `blankComments`. */
export const stripComments = {
  name: "strip-comments",
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes("node_modules")) return undefined;
      const text = await readFile(args.path, "utf8");
      return { contents: blankComments(text, args.path), loader: args.path.endsWith(".tsx") ? "tsx" : "ts" };
    });
  },
};
