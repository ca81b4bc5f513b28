/**
 * Next.js apps built from packed packages, outside the repository: the @latchkey packages packed into
 * tarballs (once per test run), a fresh app folder in the system's temporary folder with the tarballs and
 * the registry's next and react installed by npm (`--prefer-offline`: from npm's cache when it has them),
 * `next build` once, and `next start` on a free port. Next's telemetry is off in every step.
 *
 * `LATCHKEY_PACKED_DIR` names a folder that already holds the three tarballs (a CI step that packed them
 * for every package test); otherwise they are built with clients/js/scripts/build-package.mjs and packed.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "../support/server-process.js";

const run = promisify(execFile);
export const repoRoot = new URL("../..", import.meta.url).pathname;
const latchkeyPackages = ["js", "react", "next"] as const;

/** The environment every npm and next command gets: the machine's basics, telemetry off, no developer settings. */
function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  const keep = ["PATH", "HOME", "TMPDIR", "npm_config_cache", "NPM_CONFIG_CACHE"];
  const env: Record<string, string> = {};
  for (const key of keep) if (process.env[key] !== undefined) env[key] = process.env[key];
  return { ...env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", ...extra };
}

/** The folder holding latchkey-{js,react,next}-<version>.tgz, packed now unless LATCHKEY_PACKED_DIR names one. */
export async function packedLatchkey(): Promise<{ dir: string; tarball(name: (typeof latchkeyPackages)[number]): string }> {
  let dir = process.env.LATCHKEY_PACKED_DIR;
  if (!dir) {
    dir = mkdtempSync(join(tmpdir(), "latchkey-packed-"));
    for (const name of latchkeyPackages) {
      const packageDir = join(repoRoot, "clients", name);
      await run(process.execPath, [join(repoRoot, "clients/js/scripts/build-package.mjs"), packageDir], { cwd: repoRoot, maxBuffer: 1 << 24 });
      await run("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: join(packageDir, "dist"), env: baseEnv() });
    }
  }
  const files = readdirSync(dir);
  const found = dir;
  return {
    dir,
    tarball(name) {
      const file = files.find((f) => f.startsWith(`latchkey-${name}-`) && f.endsWith(".tgz"));
      if (!file) throw new Error(`No latchkey-${name}-*.tgz in ${found}`);
      return join(found, file);
    },
  };
}

export interface NextAppOptions {
  /** The app's files (copied; node_modules and .next left out). */
  source: string;
  /** The dependencies of the app's package.json, replaced (tarballs as `file:` paths). */
  dependencies: Record<string, string>;
  /** Files to rewrite after the copy: relative path -> new text (null deletes the file). */
  rewrite?: (path: string, text: string) => string | null;
}

/** A fresh app folder in the temporary folder, its dependencies installed; removed by `[Symbol.asyncDispose]`. */
export async function createNextApp(options: NextAppOptions): Promise<{ dir: string } & AsyncDisposable> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-next-app-"));
  cpSync(options.source, dir, { recursive: true, filter: (path) => !/[/\\](node_modules|\.next)([/\\]|$)/.test(path) });
  if (options.rewrite) {
    for (const file of listFiles(dir)) {
      if (!/\.(tsx?|mjs)$/.test(file)) continue;
      const next = options.rewrite(file, readFileSync(join(dir, file), "utf8"));
      if (next === null) rmSync(join(dir, file));
      else writeFileSync(join(dir, file), next);
    }
  }
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  manifest.dependencies = options.dependencies;
  writeFileSync(join(dir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, env: baseEnv({ NODE_ENV: "development" }), maxBuffer: 1 << 24 });
  return { dir, async [Symbol.asyncDispose]() { rmSync(dir, { recursive: true, force: true }); } };
}

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : listFiles(dir, path);
    return [path];
  });
}

/** `next build` in the app folder with `env` (NEXT_PUBLIC_* values are baked in then); throws with the output on failure. */
export async function buildNextApp(dir: string, env: Record<string, string>): Promise<string> {
  try {
    const { stdout, stderr } = await run(join(dir, "node_modules/.bin/next"), ["build"], { cwd: dir, env: baseEnv(env), maxBuffer: 1 << 24 });
    return stdout + stderr;
  } catch (caught) {
    const failure = caught as { stdout?: string; stderr?: string };
    throw new Error(`next build failed:\n${failure.stdout ?? ""}\n${failure.stderr ?? ""}`, { cause: caught });
  }
}

export interface RunningNextApp extends AsyncDisposable {
  url: string;
  output(): string;
}

/** `next start` on a free port of localhost; resolves once it answers. */
export async function startNextApp(dir: string, env: Record<string, string>): Promise<RunningNextApp> {
  const port = await freePort();
  let output = "";
  const child: ChildProcess = spawn(join(dir, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "localhost"], { cwd: dir, env: baseEnv(env), stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`${url}/favicon.ico`, { redirect: "manual" }).then(() => true, () => false);
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`next start did not answer:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => output,
    async [Symbol.asyncDispose]() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Whether any source file of the app imports something fetched from the internet at build time (Google fonts). */
export function fetchesAtBuildTime(dir: string): string[] {
  return listFiles(dir).filter((file) => /\.(tsx?|mjs|css)$/.test(file) && !file.startsWith(".next/") && /next\/font\/google|fonts\.googleapis\.com/.test(readFileSync(join(dir, file), "utf8")));
}


/** Runs `step`; a failure carries what the Next.js server printed. */
export async function withOutput<T>(app: RunningNextApp, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (caught) {
    throw new Error(`${caught instanceof Error ? caught.message : String(caught)}\n--- next start output ---\n${app.output()}`, { cause: caught });
  }
}
