/**
 * The real server as child processes on loopback ports. The bundle is built with the project's own
 * build (scripts/build-server.mjs) and copied to a private folder, so a rebuild by someone else during
 * the run (npm test builds dist/ too) cannot swap the code between a kill and the restart.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ProjectKeys } from "./api.js";
import { sleep, type Scope } from "./harness.js";

export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** Set by run-all.ts: a bundle it already built and copied, shared by every script of the run. */
export const PREBUILT_BUNDLE_ENV = "LATCHKEY_FAULTS_SERVER_BUNDLE";

const STARTUP_TIMEOUT_MS = 30_000;
const OUTPUT_LIMIT = 64_000;

/** Children still running, killed when this process exits however it exits. */
const live = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/**
 * Builds the server and copies the bundle to `dist/faults-<random>/server/main.js` (the server finds
 * openapi.json and drizzle/ by walking up from its own file, and node_modules resolves from there too).
 * Reuses run-all's copy when there is one.
 */
export function serverBundle(scope: Scope): string {
  const prebuilt = process.env[PREBUILT_BUNDLE_ENV];
  if (prebuilt) {
    if (!existsSync(prebuilt)) throw new Error(`${PREBUILT_BUNDLE_ENV} names a missing file: ${prebuilt}`);
    return prebuilt;
  }
  const { bundle, remove } = buildServerBundle();
  scope.defer("remove the server bundle copy", remove);
  return bundle;
}

export function buildServerBundle(): { bundle: string; remove: () => void } {
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: repoRoot, stdio: "inherit" });
  const dir = mkdtempSync(join(repoRoot, "dist", "faults-"));
  mkdirSync(join(dir, "server"));
  for (const file of ["main.js", "main.js.map"]) {
    const from = join(repoRoot, "dist", "server", file);
    if (existsSync(from)) copyFileSync(from, join(dir, "server", file));
  }
  return { bundle: join(dir, "server", "main.js"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What every process sharing one database must agree on. */
export interface Deployment {
  bundle: string;
  /** `sqlite:/path/file.db` or `postgres://…` */
  databaseUrl: string;
  dataDir: string;
  /** Base64 of 32 bytes (LATCHKEY_SERVER_SECRET). */
  serverSecret: string;
  internal: ProjectKeys;
  /**
   * LATCHKEY_PUBLIC_URL. Processes sharing a database sit behind one address (it is the issuer of
   * their access tokens, so it must be the same for a token from one to pass on the other). Unset:
   * each process's own loopback URL.
   */
  publicUrl?: string;
}

export function newServerSecret(): string {
  return randomBytes(32).toString("base64");
}

/** A data directory under the system's temporary folder, removed when the scope closes. */
export function tempDataDir(scope: Scope): string {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-faults-"));
  scope.defer("remove the data directory", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface ServerProcess {
  readonly label: string;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly pid: number;
  /** True until the process exits. */
  alive(): boolean;
  /** How it ended, once it has: exit code or signal. */
  exit(): string | null;
  /** The last part of what it wrote to stdout and stderr. */
  output(): string;
  /** `kill -9`, then waits for the exit. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful shutdown), SIGKILL after 5 s. */
  stop(): Promise<void>;
}

/** Starts the bundle on a free loopback port and waits until /health answers 200. */
export async function startServer(scope: Scope, deployment: Deployment, label: string): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["--enable-source-maps", deployment.bundle], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: deployment.databaseUrl,
      LATCHKEY_DATA_DIR: deployment.dataDir,
      LATCHKEY_PUBLIC_URL: deployment.publicUrl ?? url,
      LATCHKEY_SERVER_SECRET: deployment.serverSecret,
      LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: deployment.internal.publishableClientKey,
      LATCHKEY_INTERNAL_SECRET_SERVER_KEY: deployment.internal.secretServerKey,
      LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: deployment.internal.superSecretAdminKey,
      LATCHKEY_LOG_LEVEL: "error",
      // All load comes from 127.0.0.1, which is limited per address like any other.
      LATCHKEY_ABUSE_LIMITS: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  let ended: string | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      ended = signal ?? `exit code ${code}`;
      live.delete(child);
      resolve();
    }),
  );
  if (child.pid === undefined) throw new Error(`${label}: the server process did not start`);

  const server: ServerProcess = {
    label,
    url,
    pid: child.pid,
    alive: () => ended === null,
    exit: () => ended,
    output: () => output,
    async kill9() {
      if (ended === null) child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (ended !== null) return;
      child.kill("SIGTERM");
      const stopped = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
      if (!stopped) await server.kill9();
    },
  };
  scope.defer(`stop ${label}`, () => server.stop());

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    const ready = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ready) return server;
    if (ended !== null || Date.now() > deadline) {
      await server.kill9();
      throw new Error(`${label}: the server did not start (${ended ?? "no answer from /health"}):\n${output}`);
    }
    await sleep(50);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
