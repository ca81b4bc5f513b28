// Builds every publishable package (publishable.mjs) and packs its dist/ with `npm pack`, as npm would
// publish it. Also checks the release rules: one version for all packages, and each @latchkey/*
// dependency naming exactly that version.
//
// Usage: node scripts/packages/pack.mjs <destination dir>   (prints a JSON map: package name -> tarball path)
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { publishable } from "./publishable.mjs";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

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
  return tarballs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const destination = resolve(process.argv[2] ?? join(repoRoot, "dist/packages"));
  console.log(JSON.stringify(buildAndPack(destination), null, 2));
}
