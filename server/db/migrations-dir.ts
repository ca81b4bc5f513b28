import { dirname } from "node:path";
import { findProjectFile } from "../project-files.js";

/** The drizzle-kit migrations folder of a dialect. */
export function migrationsDir(dialect: "sqlite" | "pg"): string {
  return dirname(dirname(findProjectFile(`drizzle/${dialect}/meta/_journal.json`)));
}
