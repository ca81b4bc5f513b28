/** Builds the server bundle and names what was built (commit, uncommitted files, bundle hash). */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { BuildInfo } from "./results.js";

export function buildServer(): void {
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
}

export function buildInfo(): BuildInfo {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
  let commit = "unknown";
  let uncommittedServerFiles = -1;
  try {
    commit = git("rev-parse", "--short", "HEAD");
    uncommittedServerFiles = git("status", "--porcelain", "--", "server", "contract").split("\n").filter(Boolean).length;
  } catch {
    // Not a git checkout: the bundle hash still names the build.
  }
  const distSha256 = createHash("sha256").update(readFileSync("dist/server/main.js")).digest("hex");
  return { commit, uncommittedServerFiles, distSha256 };
}
