import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Finds a file or folder of the repository (e.g. `openapi.json`, `drizzle/pg/meta/_journal.json`) by
 * walking up from this module, so it works from the sources and from the bundle in dist/.
 */
export function findProjectFile(relativePath: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, relativePath);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`${relativePath} not found above the server code`);
}
