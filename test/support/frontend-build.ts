/**
 * Builds a front-end (the hosted pages or the dashboard) with its workspace's Vite build when dist/ has
 * no build or one older than its sources. A lock directory makes parallel test files wait for one build
 * instead of building twice.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

export type Frontend = "hosted" | "dashboard";

const workspaces: Record<Frontend, { workspace: string; sources: string[] }> = {
  hosted: { workspace: "clients/hosted", sources: ["clients/hosted/src", "clients/hosted/index.html", "clients/hosted/vite.config.ts", "clients/react/src", "clients/js/src"] },
  // The dashboard also bundles contract/ modules and reads docs/QUICKSTARTS.md (the Connect page) at build time.
  dashboard: { workspace: "dashboard", sources: ["dashboard/src", "dashboard/index.html", "dashboard/vite.config.ts", "clients/react/src", "clients/js/src", "contract", "docs/QUICKSTARTS.md"] },
};

function newestTime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules") continue;
    newest = Math.max(newest, newestTime(join(path, entry)));
  }
  return newest;
}

/** Whether dist/<name>/index.html exists and is newer than every source file. */
export function frontendIsFresh(name: Frontend): boolean {
  const built = join("dist", name, "index.html");
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return workspaces[name].sources.every((source) => newestTime(source) <= builtAt);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds dist/<name>/ unless it is fresh; answers the folder. */
export async function ensureFrontendBuilt(name: Frontend): Promise<string> {
  const dist = join("dist", name);
  const lock = join("dist", `.build-${name}.lock`);
  mkdirSync("dist", { recursive: true });
  for (;;) {
    if (frontendIsFresh(name)) return dist;
    try {
      mkdirSync(lock);
    } catch {
      // Someone else builds: wait for them (and take over a lock left by a crashed run).
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 5 * 60_000) rmSync(lock, { recursive: true, force: true });
      await sleep(500);
      continue;
    }
    try {
      if (!frontendIsFresh(name)) {
        // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
        const env = { ...process.env, NODE_ENV: "production" };
        execFileSync("npm", ["run", "build", "--workspace", workspaces[name].workspace, "--if-present"], { stdio: "pipe", timeout: 5 * 60_000, env });
      }
      return dist;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
