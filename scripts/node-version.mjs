// The Node.js versions Latchkey runs on are package.json's `engines` (">=major.minor"). `npm start` and the
// `latchkey` command check it first, so an older Node stops with one line that names both versions
// instead of failing later on an API it lacks (npm itself only warns about `engines`).
import { readFileSync } from "node:fs";

/** True when `version` ("22.12.0" or "v22.12.0") meets `range`, which must be ">=major[.minor[.patch]]". */
export function meetsEngines(version, range) {
  const floor = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(range.trim());
  if (!floor) throw new Error(`engines range ${JSON.stringify(range)} is not of the form >=major.minor`);
  const parts = (text) => text.replace(/^v/, "").split(/[.-]/).slice(0, 3).map(Number);
  const [have, need] = [parts(version), parts(floor[1])];
  for (let i = 0; i < 3; i += 1) {
    const difference = (have[i] ?? 0) - (need[i] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}

/** Exits with status 78 (a configuration error) when this Node does not meet the repository's engines. */
export function requireSupportedNode(command) {
  const range = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node;
  if (meetsEngines(process.versions.node, range)) return;
  process.stderr.write(`${command}: Latchkey needs Node.js ${range} (package.json engines); this is Node.js ${process.versions.node}\n`);
  process.exit(78);
}
