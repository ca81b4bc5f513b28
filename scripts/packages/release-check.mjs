// `npm run release:check`: builds and packs every publishable package, then runs `npm publish --dry-run`
// in each built dist/ (what a release publishes). Never publishes: the registry publish is a manual step,
// `npm publish` in each clients/<name>/dist in publishable.json's order, after this passes.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buildAndPack, publishable, releaseManifests, repoRoot } from "./pack.mjs";

const { version } = releaseManifests();
const changelog = readFileSync(join(repoRoot, "clients/CHANGELOG.md"), "utf8");
if (!changelog.includes(`## ${version}`)) throw new Error(`clients/CHANGELOG.md has no "## ${version}" section`);
const tarballs = buildAndPack(join(repoRoot, "dist/packages"));
for (const dir of publishable) {
  const dist = join(repoRoot, dir, "dist");
  const manifest = JSON.parse(readFileSync(join(dist, "package.json"), "utf8"));
  if (manifest.private) throw new Error(`${dir}/dist/package.json is private`);
  for (const file of ["README.md", "CHANGELOG.md"]) if (!existsSync(join(dist, file))) throw new Error(`${dir}/dist has no ${file}`);
  execFileSync("npm", ["publish", "--dry-run", "--tag", "latest"], { cwd: dist, stdio: "inherit" });
}
console.log(`release check passed for version ${version}:\n${Object.values(tarballs).join("\n")}`);
