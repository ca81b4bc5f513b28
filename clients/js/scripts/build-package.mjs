// Builds a client workspace (any clients/<name> listed in scripts/packages/publishable.json) into its own
// dist/, exactly what npm publishes from there:
// - ESM bundles (esbuild; dependencies stay imports, shared modules split into chunks so classes exist once);
// - a CommonJS build under cjs/ for `require` (one bundle holding every entry, so module state such as
//   the object decorators @latchkey/react registers exists once; each entry file re-exports its part);
// - type declarations (tsc) under types/, mirroring the repository so the generated API types travel
//   inside the package, and a copy under cjs/types/ that TypeScript reads as CommonJS (cjs/package.json);
//   a top-level `types` and `typesVersions` for `moduleResolution: node`;
// - style.css: every stylesheet the sources import, bundled, exported as `<name>/style.css`;
// - a package.json whose `exports` name all of the above, the README and the shared CHANGELOG.
// An export condition other than import/types/default (e.g. `react-server`) becomes an entry of its own;
// the subpaths listed in `unpublishedExports` (for the repository's own apps) are left out.
// The workspace's own package.json keeps exporting the TypeScript sources, so the monorepo (Vite, vitest,
// tsc) never needs a build.
//
// Usage: node clients/js/scripts/build-package.mjs <package dir>   (run from anywhere)
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { stripComments } from "./strip-comments.mjs";

const packageDir = resolve(process.argv[2] ?? ".");
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
const dist = join(packageDir, "dist");
const sourceCondition = (value) => (typeof value === "string" ? value : (value.import ?? value.default));

// Subpaths for the repository's own apps only (the hosted pages' `@latchkey/react/ui`): not built, not published.
const unpublished = new Set(manifest.unpublishedExports ?? []);
/** Entry points: one per `exports` key of a TypeScript source, plus one per extra condition naming another source. */
const entries = Object.entries(manifest.exports).filter(([key, value]) => !unpublished.has(key) && /\.tsx?$/.test(sourceCondition(value))).flatMap(([key, value]) => {
  const name = key === "." ? "index" : key.replace(/^\.\//, "");
  const main = { key, condition: null, source: sourceCondition(value), name };
  const extras = typeof value === "string" ? [] : Object.entries(value)
    .filter(([condition, source]) => !["types", "import", "default"].includes(condition) && source !== main.source)
    .map(([condition, source]) => ({ key, condition, source, name: `${name}.${condition}` }));
  return [main, ...extras];
});

// One build of a package at a time (test files and the bench may build concurrently): a lock folder
// beside dist/, released on exit; a lock older than ten minutes is a crashed build's and is taken over.
const lock = join(packageDir, ".build-lock");
for (const started = Date.now(); ;) {
  try {
    mkdirSync(lock);
    break;
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
    if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
    if (Date.now() - started > 15 * 60_000) throw new Error(`${lock} is held for more than 15 minutes`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  }
}
process.on("exit", () => rmSync(lock, { recursive: true, force: true }));

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const shared = {
  absWorkingDir: packageDir,
  metafile: true,
  bundle: true,
  platform: "neutral",
  target: "es2022",
  packages: "external",
  jsx: "automatic",
  // Stylesheets are bundled apart into style.css (below); the scripts do not load them.
  loader: { ".css": "empty" },
  sourcemap: true,
  logLevel: "warning",
  legalComments: "none",
  // The docs ship in the declarations; the scripts go without comments (strip-comments.mjs).
  plugins: [stripComments],
};
const esm = await build({
  ...shared,
  entryPoints: Object.fromEntries(entries.map((e) => [e.name, e.source])),
  outdir: dist,
  splitting: true,
  format: "esm",
});

const cjsDir = join(dist, "cjs");
const cjs = await build({
  ...shared,
  stdin: { contents: entries.map((e, i) => `export * as entry${i} from ${JSON.stringify(e.source)};`).join("\n"), resolveDir: packageDir, sourcefile: "entries.js" },
  outfile: join(cjsDir, "bundle.js"),
  format: "cjs",
});
writeFileSync(join(cjsDir, "package.json"), JSON.stringify({ type: "commonjs" }) + "\n");
entries.forEach((e, i) => writeFileSync(join(cjsDir, `${e.name}.js`), `"use strict";\nmodule.exports = require("./bundle.js").entry${i};\n`));

// Declarations: tsc over the package's sources (tests excluded), emitted under dist/types mirroring the
// repository layout, so the relative import of the generated API types keeps working.
const typesDir = join(dist, "types");
const buildConfig = join(dist, "tsconfig.build.json");
const siblings = Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith("@latchkey/"));
const paths = {};
for (const name of siblings) {
  const siblingDist = join(packageDir, "..", name.slice("@latchkey/".length), "dist");
  const sibling = JSON.parse(readFileSync(join(siblingDist, "package.json"), "utf8"));
  for (const [key, value] of Object.entries(sibling.exports)) {
    if (typeof value !== "object" || !value.import?.types) continue;
    const specifier = key === "." ? name : `${name}/${key.slice(2)}`;
    paths[specifier] = [relative(dist, join(siblingDist, value.import.types))];
  }
}
writeFileSync(buildConfig, JSON.stringify({
  extends: relative(dist, join(packageDir, "tsconfig.json")),
  compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, rootDir: relative(dist, repoRoot), outDir: "types", skipLibCheck: true, types: [], paths },
  include: [relative(dist, join(packageDir, "src"))],
  exclude: ["../src/**/*.test.ts", "../src/**/*.test.tsx", "../src/**/*.test-support.ts", "../src/test-support/**"],
}, null, 2));
execFileSync(join(repoRoot, "node_modules/.bin/tsc"), ["-p", buildConfig], { stdio: "inherit" });
rmSync(buildConfig);
// tsc does not copy .d.ts inputs: bring along the generated API types the declarations import.
const generatedTypes = new Set();
for (const file of readdirSync(typesDir, { recursive: true })) {
  if (!file.endsWith(".d.ts")) continue;
  for (const match of readFileSync(join(typesDir, file), "utf8").matchAll(/generated\/(schema[\w.]*)\.js"/g)) generatedTypes.add(`${match[1]}.d.ts`);
}
for (const file of generatedTypes) {
  mkdirSync(join(typesDir, "generated"), { recursive: true });
  copyFileSync(join(repoRoot, "generated", file), join(typesDir, "generated", file));
}
// The same declarations, read as CommonJS by TypeScript (nearest package.json: cjs/package.json).
cpSync(typesDir, join(cjsDir, "types"), { recursive: true });

// style.css: the stylesheets the sources import, in the order esbuild met them, bundled into one file.
const stylesheets = Object.keys(esm.metafile.inputs).filter((input) => input.endsWith(".css"));
if (stylesheets.length > 0) {
  await build({
    absWorkingDir: packageDir,
    stdin: { contents: stylesheets.map((file) => `@import ${JSON.stringify(join(packageDir, file))};`).join("\n"), loader: "css", resolveDir: packageDir, sourcefile: "style.css" },
    bundle: true,
    outfile: join(dist, "style.css"),
    sourcemap: true,
    logLevel: "warning",
  });
}

// The packages the bundles import, with the versions installed here (a dependency the workspace's
// package.json does not list yet still ends up in the published one).
const imported = new Set();
for (const output of [...Object.values(esm.metafile.outputs), ...Object.values(cjs.metafile.outputs)]) {
  for (const item of output.imports) {
    if (!item.external) continue;
    const parts = item.path.split("/");
    imported.add(item.path.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
  }
}
const peers = manifest.peerDependencies ?? {};
const dependencies = {};
for (const name of [...imported].sort()) {
  // The package itself is imported by name where an entry must stay a separate module (@latchkey/next's
  // server entry imports its "use client" entry): not a dependency.
  if (name in peers || name.startsWith("node:") || name === manifest.name) continue;
  const declared = manifest.dependencies?.[name];
  const installed = JSON.parse(readFileSync(join(repoRoot, "node_modules", name, "package.json"), "utf8")).version;
  dependencies[name] = declared ?? installed;
}

const packageTypes = relative(repoRoot, join(packageDir, "src"));
const typesOf = (e) => `types/${packageTypes}/${e.source.replace(/^\.\/src\//, "").replace(/\.tsx?$/, ".d.ts")}`;
const targets = (e) => ({
  import: { types: `./${typesOf(e)}`, default: `./${e.name}.js` },
  require: { types: `./cjs/${typesOf(e)}`, default: `./cjs/${e.name}.js` },
});
const exportsMap = {};
for (const e of entries) {
  const target = (exportsMap[e.key] ??= {});
  if (e.condition === null) Object.assign(target, targets(e));
  else target[e.condition] = targets(e);
}
// Conditions are matched in order: the extra ones (react-server) before import/require.
for (const [key, target] of Object.entries(exportsMap)) {
  const { import: importTarget, require: requireTarget, ...extras } = target;
  exportsMap[key] = { ...extras, import: importTarget, require: requireTarget };
}
if (stylesheets.length > 0) exportsMap["./style.css"] = "./style.css";
exportsMap["./package.json"] = "./package.json";
const root = entries.find((e) => e.key === "." && e.condition === null);
const subpaths = entries.filter((e) => e.key !== "." && e.condition === null);
const published = {
  name: manifest.name,
  version: manifest.version,
  description: manifest.description,
  type: "module",
  sideEffects: manifest.sideEffects ?? true,
  ...(root && { main: `./cjs/${root.name}.js`, module: `./${root.name}.js`, types: `./${typesOf(root)}` }),
  // moduleResolution node (node10) reads no `exports`: subpaths' types through typesVersions.
  ...(subpaths.length > 0 && { typesVersions: { "*": Object.fromEntries(subpaths.map((e) => [e.key.slice(2), [`./${typesOf(e)}`]])) } }),
  exports: exportsMap,
  ...(Object.keys(dependencies).length > 0 && { dependencies }),
  ...(manifest.peerDependencies && { peerDependencies: manifest.peerDependencies }),
  ...(manifest.peerDependenciesMeta && { peerDependenciesMeta: manifest.peerDependenciesMeta }),
  // The Node.js versions the repository supports (its root package.json), unless the package names its own.
  engines: manifest.engines ?? JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).engines,
  license: manifest.license ?? "MIT",
};
writeFileSync(join(dist, "package.json"), JSON.stringify(published, null, 2) + "\n");
for (const [from, to] of [[join(packageDir, "README.md"), "README.md"], [join(packageDir, "..", "CHANGELOG.md"), "CHANGELOG.md"], [join(repoRoot, "LICENSE"), "LICENSE"]]) {
  if (existsSync(from)) copyFileSync(from, join(dist, to));
}
console.log(`built ${manifest.name} into ${relative(repoRoot, dist)}`);
