/**
 * The repository's import graph and its cycles (issue 34): what `madge --circular` reports, type imports included.
 *
 * Every .ts/.tsx/.mts file under the given folders is parsed with the TypeScript compiler; each `import`,
 * `import type`, `export ... from`, `import x = require()`, dynamic `import()` and `import("...")` type is an edge.
 * Relative specifiers resolve as TypeScript does (`./a.js` -> `./a.ts`/`./a.tsx`, a folder -> its index), and the
 * workspace packages (`@latchkey/js`, `@latchkey/react/...`) resolve to the source files their package.json
 * exports name. A file reached this way outside the folders (generated/, test/support/) joins the graph, so a
 * cycle through it is still found. Anything else (node_modules, CSS, JSON) is a leaf and cannot close a cycle.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIPPED_DIRS = new Set(["node_modules", "dist", "build", ".next", "coverage"]);

export interface ImportGraph {
  /** Repository-relative file -> the repository-relative files it imports. */
  readonly edges: ReadonlyMap<string, ReadonlySet<string>>;
}

export interface Cycle {
  /** The files of one strongly connected component, sorted. */
  readonly files: readonly string[];
  /** One shortest loop through the component, first file repeated at the end: `a -> b -> a`. */
  readonly example: readonly string[];
}

/** Builds the import graph of every source file under `roots` (repository-relative folders). */
export function buildImportGraph(repoRoot: string, roots: readonly string[]): ImportGraph {
  const packages = workspaceEntries(repoRoot);
  const edges = new Map<string, Set<string>>();
  const pending = roots.flatMap((root) => sourceFiles(path.join(repoRoot, root)));
  while (pending.length > 0) {
    const file = pending.pop()!;
    const key = path.relative(repoRoot, file);
    if (edges.has(key)) continue;
    const targets = new Set<string>();
    edges.set(key, targets);
    for (const specifier of importSpecifiers(file)) {
      for (const target of resolve(file, specifier, packages)) {
        targets.add(path.relative(repoRoot, target));
        pending.push(target);
      }
    }
  }
  return { edges };
}

/** Every strongly connected component with more than one file (or a file importing itself), Tarjan's algorithm. */
export function findCycles(graph: ImportGraph): Cycle[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  // Iterative, so a long import chain cannot overflow the call stack.
  for (const start of graph.edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; targets: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next);
      next++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: (graph.edges.get(node) ?? new Set<string>()).values() });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const step = frame.targets.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfImport = component.length === 1 && graph.edges.get(frame.node)?.has(frame.node);
      if (component.length > 1 || selfImport) components.push(component.sort());
    }
  }
  return components
    .map((files) => ({ files, example: shortestLoop(graph, files) }))
    .sort((a, b) => b.files.length - a.files.length || a.files[0]!.localeCompare(b.files[0]!));
}

/** The cycles, written for a person: size, one loop through them, then every file. */
export function describeCycles(cycles: readonly Cycle[]): string {
  return cycles
    .map((cycle, i) =>
      [
        `cycle ${i + 1}: ${cycle.files.length} file(s)`,
        `  loop: ${cycle.example.join("\n     -> ")}`,
        "  files:",
        ...cycle.files.map((file) => `    ${file}`),
      ].join("\n"),
    )
    .join("\n\n");
}

function shortestLoop(graph: ImportGraph, files: readonly string[]): string[] {
  const members = new Set(files);
  const start = files[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const target of graph.edges.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const loop = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith(".")) found.push(...sourceFiles(path.join(dir, entry.name)));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      found.push(path.join(dir, entry.name));
    }
  }
  return found;
}

function importSpecifiers(file: string): string[] {
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, kind);
  const specifiers: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) specifiers.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) literal(node.moduleReference.expression);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) literal(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** Workspace package name (and subpath) -> the source files its package.json exports name. */
function workspaceEntries(repoRoot: string): Map<string, string[]> {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { workspaces: string[] };
  const entries = new Map<string, string[]>();
  const dirs = manifest.workspaces.flatMap((pattern) =>
    !pattern.endsWith("/*")
      ? [pattern]
      : existsSync(path.join(repoRoot, pattern.slice(0, -2)))
        ? readdirSync(path.join(repoRoot, pattern.slice(0, -2))).map((name) => path.join(pattern.slice(0, -2), name))
        : [],
  );
  for (const dir of dirs) {
    const file = path.join(repoRoot, dir, "package.json");
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, "utf8")) as { name: string; exports?: unknown };
    const exportMap: Record<string, unknown> =
      typeof pkg.exports === "object" && pkg.exports !== null && Object.keys(pkg.exports).every((key) => key.startsWith("."))
        ? (pkg.exports as Record<string, unknown>)
        : { ".": pkg.exports };
    for (const [subpath, target] of Object.entries(exportMap)) {
      const name = subpath === "." ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
      // Every condition counts ("react-server" may name another file than "import"): each is a possible edge.
      const files = [...new Set(conditionTargets(target))].map((t) => path.join(repoRoot, dir, t)).filter((t) => SOURCE.test(t));
      entries.set(name, files);
    }
  }
  return entries;
}

function conditionTargets(target: unknown): string[] {
  if (typeof target === "string") return [target];
  if (typeof target === "object" && target !== null) return Object.values(target).flatMap(conditionTargets);
  return [];
}

function resolve(from: string, specifier: string, packages: ReadonlyMap<string, readonly string[]>): string[] {
  if (!specifier.startsWith(".")) return [...(packages.get(specifier) ?? [])];
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, "");
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.d.ts`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  const found = candidates.find((candidate) => SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile());
  return found ? [found] : [];
}
