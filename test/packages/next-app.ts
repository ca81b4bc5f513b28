/**
 * Next.js apps built from packed packages, outside the repository: a fresh project in the system's
 * temporary folder (support/packed.ts: the tarballs packed once per source state, and the registry's next
 * and react installed by npm with `--prefer-offline`) with an app's files copied in, `next build` once,
 * and `next start` on a free port. Next's telemetry is off in every step.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "../support/server-process.js";
import { baseEnv, freshProject, type FreshProject } from "./support/packed.js";

const run = promisify(execFile);
const nextEnv = (env: Record<string, string>) => baseEnv({ NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", ...env });

export interface NextAppOptions {
  /** The app's files (copied; its package.json, node_modules and .next left out). */
  source: string;
  /** What to install (name -> version or tarball path): the app's dependencies and development dependencies. */
  dependencies: Record<string, string>;
  /** Rewrites a copied source file (path relative to the app -> new text, or null to delete it). */
  rewrite?: (path: string, text: string) => string | null;
}

/** A fresh project with the dependencies installed and the app's files copied in; removed on dispose. */
export async function createNextApp(options: NextAppOptions): Promise<FreshProject> {
  const project = await freshProject(options.dependencies);
  cpSync(options.source, project.dir, { recursive: true, filter: (path) => !/[/\\](node_modules|\.next|package\.json)([/\\]|$)/.test(path) });
  if (options.rewrite) {
    for (const file of listFiles(project.dir)) {
      if (!/\.(tsx?|mjs)$/.test(file)) continue;
      const next = options.rewrite(file, readFileSync(join(project.dir, file), "utf8"));
      if (next === null) rmSync(join(project.dir, file));
      else writeFileSync(join(project.dir, file), next);
    }
  }
  return project;
}

/** An app's dependencies and development dependencies, from its package.json. */
export function appDependencies(source: string): Record<string, string> {
  const manifest = JSON.parse(readFileSync(join(source, "package.json"), "utf8")) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  return { ...manifest.dependencies, ...manifest.devDependencies };
}

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === ".next" ? [] : listFiles(dir, path);
    return [path];
  });
}

/** `next build` in the app folder with `env` (NEXT_PUBLIC_* values are baked in then); throws with the output on failure. */
export async function buildNextApp(dir: string, env: Record<string, string>): Promise<string> {
  try {
    const { stdout, stderr } = await run(join(dir, "node_modules/.bin/next"), ["build"], { cwd: dir, env: nextEnv(env), maxBuffer: 1 << 24, timeout: 20 * 60_000 });
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
  const child: ChildProcess = spawn(join(dir, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "localhost"], { cwd: dir, env: nextEnv(env), stdio: ["ignore", "pipe", "pipe"] });
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
  return listFiles(dir).filter((file) => /\.(tsx?|mjs|css)$/.test(file) && /next\/font\/google|fonts\.googleapis\.com/.test(readFileSync(join(dir, file), "utf8")));
}


/** Runs `step`; a failure carries what the Next.js server printed. */
export async function withOutput<T>(app: RunningNextApp, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (caught) {
    throw new Error(`${caught instanceof Error ? caught.message : String(caught)}\n--- next start output ---\n${app.output()}`, { cause: caught });
  }
}
