// Builds every publishable package (publishable.json: the one list of them, in build order; each a
// clients/<name> workspace) and packs its dist/ with `npm pack`, as npm would publish it. Also checks the release rules: one version for all packages, and each @latchkey/*
// dependency naming exactly that version.
//
// Usage: node scripts/packages/pack.mjs [--if-missing] <destination dir>
// Writes <destination>/packed.json (package name -> tarball path) and prints it; with --if-missing, a
// destination that already has packed.json is left as it is (the tests' cache, keyed on the sources).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The packages published to npm, in build order (a package's @latchkey/* dependencies first): publishable.json. */
export const publishable = JSON.parse(readFileSync(join(repoRoot, "scripts/packages/publishable.json"), "utf8"));

/** The workspace manifests of the publishable packages, checked against the one-version rule. */
export function releaseManifests() {
  const manifests = publishable.map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(repoRoot, dir, "package.json"), "utf8")) }));
  const versions = new Set(manifests.map((m) => m.manifest.version));
  if (versions.size !== 1) throw new Error(`the publishable packages must share one version; found ${[...versions].join(", ")}`);
  const [version] = versions;
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`version ${version} is not semver`);
  for (const { manifest } of manifests) {
    for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
      if (name.startsWith("@latchkey/") && range !== version) throw new Error(`${manifest.name} depends on ${name}@${range}, not the release version ${version}`);
    }
  }
  return { version, manifests };
}

/** Builds (in list order) and packs each package into `destination`; answers name -> tarball path. */
export function buildAndPack(destination) {
  releaseManifests();
  mkdirSync(destination, { recursive: true });
  const tarballs = {};
  for (const dir of publishable) {
    execFileSync(process.execPath, [join(repoRoot, "clients/js/scripts/build-package.mjs"), join(repoRoot, dir)], { stdio: ["ignore", "ignore", "inherit"] });
    const output = execFileSync("npm", ["pack", "--json", "--pack-destination", destination], { cwd: join(repoRoot, dir, "dist"), encoding: "utf8" });
    const [packed] = JSON.parse(output);
    tarballs[packed.name] = join(destination, packed.filename);
  }
  writeFileSync(join(destination, "packed.json"), JSON.stringify(tarballs, null, 2) + "\n");
  return tarballs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const ifMissing = args.includes("--if-missing");
  const destination = resolve(args.find((arg) => !arg.startsWith("--")) ?? join(repoRoot, "dist/packages"));
  if (!(ifMissing && existsSync(join(destination, "packed.json")))) buildAndPack(destination);
  console.log(readFileSync(join(destination, "packed.json"), "utf8"));
}
