/**
 * The publishable packages (scripts/packages/publishable.json) built and packed once per change of their
 * sources: the tarballs live in the system's temporary folder under a hash of everything the build reads,
 * so every test file (and every later run on unchanged sources) shares one build. Concurrent test workers
 * wait on a file lock while one of them packs. `LATCHKEY_PACKED_DIR` names a folder a CI step already
 * packed into with `npm run pack:packages -- <dir>` (it holds packed.json).
 *
 * Fresh projects install the tarballs from outside the repository: a folder in the temporary folder, npm
 * with `--prefer-offline` (the registry only for what npm's cache lacks), no workspace links.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
export const repoRoot = new URL("../../..", import.meta.url).pathname;
export const publishable = JSON.parse(readFileSync(join(repoRoot, "scripts/packages/publishable.json"), "utf8")) as string[];

/** Every file the package build reads: the packages' sources and manifests, the build scripts, generated/. */
function buildInputs(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else files.push(path);
    }
  };
  for (const dir of publishable) {
    walk(`${dir}/src`);
    for (const file of ["package.json", "tsconfig.json", "README.md"]) if (existsSync(join(repoRoot, dir, file))) files.push(`${dir}/${file}`);
  }
  walk("generated");
  walk("scripts/packages");
  files.push("clients/js/scripts/build-package.mjs", "clients/CHANGELOG.md", "tsconfig.json", "package-lock.json");
  return files.sort();
}

function sourcesHash(): string {
  const hash = createHash("sha256");
  for (const file of buildInputs()) hash.update(file).update("\0").update(readFileSync(join(repoRoot, file))).update("\0");
  return hash.digest("hex").slice(0, 16);
}

/** Package name (`@latchkey/js`) -> path of its tarball, built and packed if this source state has none yet. */
export async function packedPackages(): Promise<Record<string, string>> {
  let dir = process.env.LATCHKEY_PACKED_DIR;
  if (!dir) {
    const cache = join(tmpdir(), "latchkey-packed");
    mkdirSync(cache, { recursive: true });
    dir = join(cache, sourcesHash());
    if (!existsSync(join(dir, "packed.json"))) {
      await run("flock", [join(cache, "lock"), process.execPath, join(repoRoot, "scripts/packages/pack.mjs"), "--if-missing", dir], { cwd: repoRoot, maxBuffer: 1 << 24, timeout: 10 * 60_000 });
    }
  }
  return JSON.parse(readFileSync(join(dir, "packed.json"), "utf8")) as Record<string, string>;
}

/**
 * A project folder beside the tarballs with the packed @latchkey/js installed (once per source state,
 * under the same lock): for tests that import it as an app would (the compat suite). Answers the folder;
 * its node_modules holds the package. (Only @latchkey/js: the others' peers, Next.js and React, would add
 * hundreds of packages nobody here imports.)
 */
export async function installedPackages(): Promise<string> {
  const packed = await packedPackages();
  const dir = join(dirname(Object.values(packed)[0]!), "installed-js");
  if (existsSync(join(dir, "node_modules", ".package-lock.json"))) return dir;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "latchkey-installed", private: true, dependencies: { "@latchkey/js": `file:${packed["@latchkey/js"]}` } }, null, 2) + "\n");
  await run("flock", [join(dir, "..", "..", "lock"), "npm", "install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, env: baseEnv(), maxBuffer: 1 << 24, timeout: 10 * 60_000 });
  return dir;
}

export interface FreshProject extends AsyncDisposable {
  dir: string;
  /** Runs a command in the project folder; answers its output (throws with it on failure). */
  run(command: string, args: string[], env?: Record<string, string>): Promise<string>;
  write(path: string, text: string): void;
}

/** The environment of every npm and node command: the machine's basics only. */
export function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  // The machine's way to the registry stays: its certificate authorities (a machine whose registry
  // connection is intercepted needs NODE_EXTRA_CA_CERTS) and proxies.
  const kept = ["PATH", "HOME", "TMPDIR", "npm_config_cache", "npm_config_registry", "npm_config_cafile", "NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "https_proxy", "http_proxy", "no_proxy"];
  for (const key of kept) if (process.env[key] !== undefined) env[key] = process.env[key];
  // The registry connection can fail a request now and then (seen: TLS errors on one of many fetches);
  // more retries, sooner, than npm's default of two after ten seconds.
  return { npm_config_fetch_retries: "6", npm_config_fetch_retry_mintimeout: "2000", npm_config_fetch_retry_maxtimeout: "20000", ...env, ...extra };
}

/**
 * A new project in the temporary folder with `manifest` as its package.json and `dependencies`
 * (name -> version, or a tarball path) installed by npm; removed on dispose.
 */
export async function freshProject(dependencies: Record<string, string>, manifest: Record<string, unknown> = {}): Promise<FreshProject> {
  const dir = mkdtempSync(join(tmpdir(), "latchkey-consumer-"));
  const project: FreshProject = {
    dir,
    async run(command, args, env = {}) {
      try {
        const { stdout, stderr } = await run(command, args, { cwd: dir, env: baseEnv(env), maxBuffer: 1 << 24, timeout: 5 * 60_000 });
        return stdout + stderr;
      } catch (error) {
        const failed = error as { stdout?: string; stderr?: string; message: string };
        throw new Error(`${command} ${args.join(" ")} failed in ${dir}: ${failed.message}\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}`);
      }
    },
    write(path, text) {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), text);
    },
    async [Symbol.asyncDispose]() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const spec = Object.fromEntries(Object.entries(dependencies).map(([name, version]) => [name, version.endsWith(".tgz") && statSync(version).isFile() ? `file:${version}` : version]));
  project.write("package.json", JSON.stringify({ name: "latchkey-consumer", private: true, ...manifest, dependencies: spec }, null, 2) + "\n");
  await project.run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"]);
  return project;
}
