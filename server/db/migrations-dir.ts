import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Finds `drizzle/<dialect>` by walking up from this module (works from sources and from dist/). */
export function migrationsDir(dialect: "sqlite" | "pg"): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, "drizzle", dialect);
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    dir = dirname(dir);
  }
  throw new Error(`Migrations for ${dialect} not found (expected a drizzle/${dialect} folder above the server code)`);
}
