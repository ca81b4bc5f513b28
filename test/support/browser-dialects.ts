/**
 * The databases a browser test file runs on. A browser test drives pages; the server's behaviour on each
 * database is the HTTP suite's job, which runs every test on every database in `LATCHKEY_TEST_DIALECTS`. So
 * each browser file runs on one of those databases: the files, in path order, take them in turn, and every
 * database serves browser traffic in every run. `LATCHKEY_BROWSER_DIALECTS=all` runs each file on every one.
 * (Running every browser file on both databases doubled the longest part of CI for no page behaviour that
 * depends on the database.)
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Dialect } from "../../server/db/store.js";
import { testDialects } from "./databases.js";

const browserDir = path.resolve(import.meta.dirname, "../browser");

let browserFiles: string[] | undefined;

export function browserTestDialects(fileUrl: string): Dialect[] {
  if (process.env.LATCHKEY_BROWSER_DIALECTS === "all" || testDialects.length <= 1) return testDialects;
  browserFiles ??= readdirSync(browserDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
  const file = path.relative(browserDir, fileURLToPath(fileUrl)).split(path.sep).join("/");
  const index = browserFiles.indexOf(file);
  if (index < 0) throw new Error(`browserTestDialects: ${file} is not a test file under test/browser`);
  return [testDialects[index % testDialects.length]!];
}
