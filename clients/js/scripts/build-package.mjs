// Builds a client workspace (clients/js or clients/react) into its own dist/ as a publishable package:
// ESM bundles (esbuild; dependencies stay imports, shared modules split into chunks so classes exist once),
// type declarations (tsc), and a package.json whose `exports` name the built files. The workspace's own
// package.json keeps exporting the TypeScript sources, so the monorepo (Vite, vitest, tsc) never needs a build.
//
// Usage: node clients/js/scripts/build-package.mjs <package dir>   (run from anywhere)
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = resolve(process.argv[2] ?? ".");
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
const dist = join(packageDir, "dist");

/** Entry points: each `exports` key whose source is a .ts/.tsx file. */
const entries = Object.entries(manifest.exports).map(([key, value]) => {
  const source = typeof value === "string" ? value : (value.source ?? value.import);
  return { key, source, name: key === "." ? "index" : key.replace(/^\.\//, "") };
});

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const result = await build({
  absWorkingDir: packageDir,
  metafile: true,
  entryPoints: Object.fromEntries(entries.map((e) => [e.name, e.source])),
  outdir: dist,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  packages: "external",
  jsx: "automatic",
  loader: { ".css": "css" },
  sourcemap: true,
  logLevel: "warning",
  legalComments: "none",
});

// Declarations: tsc over the package's sources (tests excluded), emitted under dist/types mirroring the
// repository layout, so the relative import of the generated API types keeps working.
const typesDir = join(dist, "types");
const buildConfig = join(dist, "tsconfig.build.json");
const siblings = manifest.name === "@latchkey/react" ? { "@latchkey/js": "js" } : {};
const paths = {};
for (const [name, folder] of Object.entries(siblings)) {
  const sibling = JSON.parse(readFileSync(join(packageDir, "..", folder, "dist", "package.json"), "utf8"));
  for (const [key, value] of Object.entries(sibling.exports)) {
    const specifier = key === "." ? name : `${name}/${key.slice(2)}`;
    paths[specifier] = [relative(dist, join(packageDir, "..", folder, "dist", value.types))];
  }
}
writeFileSync(buildConfig, JSON.stringify({
  extends: relative(dist, join(packageDir, "tsconfig.json")),
  compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, rootDir: relative(dist, repoRoot), outDir: "types", skipLibCheck: true, paths },
  include: [relative(dist, join(packageDir, "src"))],
  exclude: ["../src/**/*.test.ts", "../src/**/*.test.tsx", "../src/**/*.test-support.ts", "../src/test-support/**"],
}, null, 2));
execFileSync(join(repoRoot, "node_modules/.bin/tsc"), ["-p", buildConfig], { stdio: "inherit" });
rmSync(buildConfig);
// tsc does not copy .d.ts inputs: bring the generated API types along.
const generatedDir = join(typesDir, "generated");
if (existsSync(join(repoRoot, "generated"))) {
  mkdirSync(generatedDir, { recursive: true });
  for (const file of readdirSync(join(repoRoot, "generated"))) if (file.endsWith(".d.ts")) copyFileSync(join(repoRoot, "generated", file), join(generatedDir, file));
}

// The packages the bundles import, with the versions installed here (a dependency the workspace's
// package.json does not list yet still ends up in the published one).
const imported = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const item of output.imports) {
    if (!item.external) continue;
    const parts = item.path.split("/");
    imported.add(item.path.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
  }
}
const peers = manifest.peerDependencies ?? {};
const dependencies = {};
for (const name of [...imported].sort()) {
  if (name in peers || name.startsWith("node:")) continue;
  const declared = manifest.dependencies?.[name];
  const installed = JSON.parse(readFileSync(join(repoRoot, "node_modules", name, "package.json"), "utf8")).version;
  dependencies[name] = declared ?? installed;
}

const packageTypes = relative(repoRoot, join(packageDir, "src"));
const exportsMap = Object.fromEntries(entries.map((e) => [e.key, {
  types: `./types/${packageTypes}/${e.source.replace(/^\.\/src\//, "").replace(/\.tsx?$/, ".d.ts")}`,
  import: `./${e.name}.js`,
}]));
const published = {
  name: manifest.name,
  version: manifest.version,
  description: manifest.description,
  type: "module",
  sideEffects: manifest.name === "@latchkey/react",
  exports: exportsMap,
  ...(Object.keys(dependencies).length > 0 && { dependencies }),
  ...(manifest.peerDependencies && { peerDependencies: manifest.peerDependencies }),
  license: manifest.license ?? "MIT",
};
writeFileSync(join(dist, "package.json"), JSON.stringify(published, null, 2) + "\n");
if (existsSync(join(packageDir, "README.md"))) copyFileSync(join(packageDir, "README.md"), join(dist, "README.md"));
console.log(`built ${manifest.name} into ${relative(repoRoot, dist)}`);
