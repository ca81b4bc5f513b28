/**
 * Shows what adding a resource end to end touches (docs/ARCHITECTURE.md, issue 34): in a throwaway worktree of
 * HEAD it adds a small "example notes" resource (contract, handler, table and migration, queries, isolation entry,
 * dashboard page), checks that the build and the tests accept it, then takes its entry out of each shared list in
 * turn and checks that the compiler or a test refuses the result, naming the list. Nothing in this checkout
 * changes.
 *
 *   npx tsx scripts/architecture/example-resource.ts        (about 10 minutes: one typecheck per list)
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { exampleFiles } from "./example-resource-files.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const tree = path.join(mkdtempSync(path.join(tmpdir(), "latchkey-example-resource-")), "repo");

interface SharedList {
  file: string;
  /** Where the entry goes: inserted before the first match. */
  before: RegExp;
  entry: string;
  /** An import the entry needs, added after the file's last import. */
  imports?: string;
  /** The check that must refuse the tree when the entry is missing. */
  check: Check;
}

type Check = { kind: "typecheck"; project: string } | { kind: "test"; file: string; name?: string };

const lists: SharedList[] = [
  {
    file: "contract/index.ts",
    before: /\n\} as const;/,
    entry: "\n  ...exampleNoteProcedures,",
    imports: 'import { exampleNoteProcedures } from "./example-notes.js";',
    check: { kind: "test", file: "contract/index.test.ts" },
  },
  {
    file: "server/handlers/index.ts",
    before: /\n\} satisfies HandlerMap<Contract>;/,
    entry: "\n  ...exampleNoteHandlers,",
    imports: 'import { exampleNoteHandlers } from "./example-notes.js";',
    check: { kind: "typecheck", project: "tsconfig.json" },
  },
  {
    file: "server/db/tables.ts",
    before: /\n {2}\};\n\}\n\nexport type Tables/,
    entry: "\n    ...defineExampleNoteTables(b, projects),",
    imports: 'import { defineExampleNoteTables } from "./tables/example-notes.js";',
    check: { kind: "typecheck", project: "tsconfig.json" },
  },
  {
    file: "server/db/queries/index.ts",
    before: /\n {2}\};\n\}\n\nexport type Queries/,
    entry: "\n    exampleNotes: exampleNoteQueries(store),",
    imports: 'import { exampleNoteQueries } from "./example-notes.js";',
    check: { kind: "typecheck", project: "tsconfig.json" },
  },
  {
    file: "test/security/isolation-routes-round-2.ts",
    before: /\n\};\s*$/,
    entry: '\n  "GET /internal/example-notes": { notPerUser: NO_IDS, requests: () => [{ label: "list notes" }] },',
    check: { kind: "test", file: "test/security/isolation.test.ts", name: "has a reviewed entry for every route" },
  },
  {
    file: "dashboard/src/shell/project-sections.ts",
    before: /\n\];\s*$/,
    entry: '\n  { path: "example-notes", label: "Example notes", icon: ScrollText, load: () => import("../pages/ExampleNotes.js") },',
    check: { kind: "test", file: "test/architecture/reachable-modules.test.ts" },
  },
];

const log = (line: string) => process.stdout.write(`${line}\n`);

function sh(command: string, args: string[], options: { quiet?: boolean } = {}): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { cwd: tree, encoding: "utf8", env: { ...process.env, CI: "true" }, maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (!options.quiet && result.status !== 0) log(output.slice(-4000));
  return { ok: result.status === 0, output };
}

function runCheck(check: Check): { ok: boolean; output: string } {
  if (check.kind === "typecheck") return sh("npx", ["tsc", "--noEmit", "-p", check.project], { quiet: true });
  return sh("npx", ["vitest", "run", check.file, ...(check.name ? ["-t", check.name] : [])], { quiet: true });
}

function addEntry(list: SharedList): void {
  const file = path.join(tree, list.file);
  let text = readFileSync(file, "utf8");
  if (!list.before.test(text)) throw new Error(`${list.file}: the place for the entry (${list.before}) was not found`);
  text = text.replace(list.before, (match) => `${list.entry}${match}`);
  if (list.imports) {
    const lastImport = [...text.matchAll(/^import .*;$/gm)].at(-1);
    if (!lastImport) throw new Error(`${list.file}: no import to add one after`);
    const at = lastImport.index + lastImport[0].length;
    text = `${text.slice(0, at)}\n${list.imports}${text.slice(at)}`;
  }
  writeFileSync(file, text);
}

function removeEntry(list: SharedList): void {
  const file = path.join(tree, list.file);
  writeFileSync(file, readFileSync(file, "utf8").replace(list.entry, ""));
}

function restore(list: SharedList, saved: string): void {
  writeFileSync(path.join(tree, list.file), saved);
}

function setUp(): void {
  log(`worktree of HEAD at ${tree}`);
  execFileSync("git", ["worktree", "add", "--detach", tree, "HEAD"], { cwd: repoRoot, stdio: "ignore" });
  for (const folder of [".", "clients/js", "clients/react", "clients/next", "clients/hosted", "dashboard"]) {
    const modules = path.join(repoRoot, folder, "node_modules");
    if (existsSync(modules)) symlinkSync(modules, path.join(tree, folder, "node_modules"));
  }
}

function tearDown(): void {
  spawnSync("git", ["worktree", "remove", "--force", tree], { cwd: repoRoot, stdio: "ignore" });
  rmSync(path.dirname(tree), { recursive: true, force: true });
}

async function main(): Promise<number> {
  setUp();
  try {
    for (const [file, text] of Object.entries(exampleFiles)) writeFileSync(path.join(tree, file), text);
    for (const list of lists) addEntry(list);
    log("the resource's own files: " + Object.keys(exampleFiles).join(", "));
    log("generating the API documents and types, and the table's migrations");
    if (!sh("npm", ["run", "gen"]).ok || !sh("npm", ["run", "db:generate"]).ok) return 1;

    const checks = [...new Map(lists.map((list) => [JSON.stringify(list.check), list.check])).values()];
    checks.push({ kind: "typecheck", project: "dashboard/tsconfig.json" }, { kind: "test", file: "test/architecture/migrations-current.test.ts" });
    for (const check of checks) {
      const result = runCheck(check);
      log(`${result.ok ? "accepted" : "REFUSED "}  with every entry: ${describe(check)}`);
      if (!result.ok) {
        log(result.output.slice(-4000));
        return 1;
      }
    }

    let failures = 0;
    for (const list of lists) {
      const saved = readFileSync(path.join(tree, list.file), "utf8");
      removeEntry(list);
      if (list.file.startsWith("contract/")) sh("npm", ["run", "gen"], { quiet: true });
      const result = runCheck(list.check);
      restore(list, saved);
      if (list.file.startsWith("contract/")) sh("npm", ["run", "gen"], { quiet: true });
      log(`${result.ok ? "MISSED " : "refused"}  without its entry in ${list.file}: ${describe(list.check)}`);
      if (result.ok) failures++;
    }
    log(failures === 0 ? `each of the ${lists.length} shared lists is checked` : `${failures} list(s) went unchecked`);
    return failures === 0 ? 0 : 1;
  } finally {
    tearDown();
  }
}

function describe(check: Check): string {
  return check.kind === "typecheck" ? `tsc -p ${check.project}` : `vitest ${check.file}${check.name ? ` -t "${check.name}"` : ""}`;
}

process.exitCode = await main();
