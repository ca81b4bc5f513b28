/**
 * Bench scenario `bundle-sizes` (issue 27): bytes and gzip bytes (zlib's default level) of what ships to
 * browsers. The SDK packages (@latchkey/js, @latchkey/react: their package build, `npm run build` in
 * clients/js and clients/react) count the files their main entry loads (index.js and the chunks it
 * imports statically), as published (not minified: the app's bundler minifies) and minified by esbuild
 * too. The hosted pages (clients/hosted, built to dist/hosted) and the dashboard (dist/dashboard) count
 * their initial bundle: what index.html loads at once and what that imports statically, without the
 * pages loaded on demand (initial-assets.ts); all of their assets are listed too, for scale.
 *
 * The bench builds the SDK packages, and the front ends when their build is older than their sources;
 * with --no-build it reads the existing outputs and fails, naming the command, when one is missing.
 *
 *   npm run bench -- --only bundle-sizes [--no-build]
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { transformSync } from "esbuild";
import { ensureFrontendBuilt, frontendIsFresh, type Frontend } from "../../test/support/frontend-build.js";
import { eagerClosure, htmlEntryAssets } from "./initial-assets.js";

export interface BundleSize {
  bundle: string;
  /** What is counted. */
  scope: string;
  files: number;
  bytes: number;
  gzipBytes: number;
  /** The same files minified by esbuild, then gzipped (SDK packages only: the front ends ship minified). */
  minifiedGzipBytes: number | null;
}

export interface BundleSizesResult {
  /** What this run built (the rest was read as found). */
  built: string[];
  bundles: BundleSize[];
}

const packages = [
  { name: "@latchkey/js", workspace: "clients/js" },
  { name: "@latchkey/react", workspace: "clients/react" },
] as const;

const frontends: { name: string; frontend: Frontend; base: string }[] = [
  { name: "hosted pages", frontend: "hosted", base: "/handler/" },
  { name: "dashboard", frontend: "dashboard", base: "/dashboard/" },
];

function readIn(dir: string): (file: string) => string | undefined {
  return (file) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), "utf8") : undefined);
}

function measure(bundle: string, scope: string, dir: string, files: string[], minify: boolean): BundleSize {
  const contents = files.map((file) => readFileSync(join(dir, file)));
  const sum = (sizes: number[]) => sizes.reduce((a, b) => a + b, 0);
  const minifiedGzip = (file: string, content: Buffer) => gzipSync(transformSync(content.toString("utf8"), { minify: true, loader: file.endsWith(".css") ? "css" : "js", format: "esm" }).code).length;
  return {
    bundle,
    scope,
    files: files.length,
    bytes: sum(contents.map((c) => c.length)),
    gzipBytes: sum(contents.map((c) => gzipSync(c).length)),
    minifiedGzipBytes: minify ? sum(contents.map((c, i) => minifiedGzip(files[i]!, c))) : null,
  };
}

function missing(what: string, command: string): Error {
  return new Error(`${what} is missing: run \`${command}\` (or the bench without --no-build)`);
}

function packageSize(name: string, workspace: string): BundleSize {
  const dist = join(workspace, "dist");
  if (!existsSync(join(dist, "index.js"))) throw missing(`${dist}/index.js`, `npm run build --workspace ${workspace}`);
  // The package's stylesheet (style.css: every component's CSS in one file, which the app loads once).
  const entries = ["index.js", ...(existsSync(join(dist, "style.css")) ? ["style.css"] : [])];
  return measure(name, "index.js, the chunks it imports statically, style.css", dist, eagerClosure(entries, readIn(dist)), true);
}

function frontendSizes(name: string, frontend: Frontend, base: string): BundleSize[] {
  const dist = join("dist", frontend);
  if (!existsSync(join(dist, "index.html"))) throw missing(`${dist}/index.html`, `npm run build --workspace ${frontend === "hosted" ? "clients/hosted" : "dashboard"}`);
  const entries = htmlEntryAssets(readFileSync(join(dist, "index.html"), "utf8"), base);
  const absent = entries.filter((file) => !existsSync(join(dist, file)));
  if (absent.length > 0 || entries.length === 0) throw new Error(`${dist}/index.html names no file or missing files (${absent.join(", ")}): rebuild it`);
  const initial = eagerClosure(entries, readIn(dist));
  const assets = readdirSync(join(dist, "assets"))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => `assets/${file}`);
  return [
    measure(name, "initial: index.html's scripts, preloads and CSS, and their static imports", dist, initial, false),
    measure(name, "all JS and CSS assets (pages on demand included)", dist, assets, false),
  ];
}

export async function measureBundleSizes(build: boolean, log: (line: string) => void): Promise<BundleSizesResult> {
  const built: string[] = [];
  if (build) {
    // In order: the React package's declarations refer to the JS package's built ones.
    for (const { workspace } of packages) {
      log(`bundle-sizes: npm run build --workspace ${workspace}`);
      execFileSync("npm", ["run", "build", "--workspace", workspace], { stdio: "pipe", timeout: 5 * 60_000 });
      built.push(workspace);
    }
    for (const { frontend } of frontends) {
      if (frontendIsFresh(frontend)) continue;
      log(`bundle-sizes: building dist/${frontend} (older than its sources)`);
      await ensureFrontendBuilt(frontend);
      built.push(`dist/${frontend}`);
    }
  }
  return {
    built,
    bundles: [...packages.map((p) => packageSize(p.name, p.workspace)), ...frontends.flatMap((f) => frontendSizes(f.name, f.frontend, f.base))],
  };
}
