// Builds the e-mail sandbox into dist/email-runtime/ (gitignored; build-server.mjs runs this too):
//  - runtime.js: React, React Email's components, Tailwind, react-dom's streaming renderer and our
//    helper modules as one script for QuickJS (IIFE; nothing is fetched at run time);
//  - sandbox-worker.mjs: the worker thread that hosts a QuickJS context (npm packages stay external).
// Two changes to third-party code, both checked here: @react-email/code-block is replaced by a plain
// stand-in (Prism costs ~2.4 s per context), and @react-email/tailwind's module-level cache of compiled
// setups becomes swappable (one export), so that a context changing project starts from a clean one.
import { build } from "esbuild";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const renderDir = `${root}server/services/email/render`;
const outDir = `${root}dist/email-runtime`;

// React's streaming renderer for Bun writes strings to a "direct" stream, where the browser build
// encodes every chunk to UTF-8 bytes, which in QuickJS costs more than the rest of a small render. The
// file is taken as is; it requires Node's util/crypto/stream for APIs we do not call (stubs below) and
// Buffer.byteLength to size segments (given here, over strings).
const reactDomDir = dirname(createRequire(import.meta.url).resolve("react-dom/package.json"));
const REACT_DOM_SERVER = `${reactDomDir}/cjs/react-dom-server.bun.production.js`;
const BUFFER_SHIM =
  "var Buffer = { byteLength: function (s) { try { return /^[\\x00-\\x7f]*$/.test(s) ? s.length : unescape(encodeURIComponent(s)).length; } catch (e) { return s.length * 3; } } };\n";
const NODE_STUBS = {
  util: "export { TextEncoder } from './text-encoding.ts';",
  crypto: "export {};",
  stream: "export class Readable {}",
};

const TAILWIND_CACHE = "const promiseStates = /* @__PURE__ */ new Map();";

/** @type {import("esbuild").Plugin} */
const sandboxModules = {
  name: "latchkey-email-sandbox",
  setup(b) {
    b.onResolve({ filter: /^react-dom\/server\.bun$/ }, () => ({ path: REACT_DOM_SERVER }));
    b.onResolve({ filter: /^(util|crypto|stream)$/ }, (args) =>
      args.importer === REACT_DOM_SERVER ? { path: args.path, namespace: "node-stub" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "node-stub" }, (args) => ({
      contents: NODE_STUBS[args.path],
      loader: "js",
      resolveDir: `${renderDir}/runtime`,
    }));
    b.onLoad({ filter: /react-dom-server\.bun\.production\.js$/ }, async (args) => ({
      contents: BUFFER_SHIM + (await readFile(args.path, "utf8")),
      loader: "js",
    }));
    b.onResolve({ filter: /^@react-email\/code-block$/ }, () => ({ path: `${renderDir}/runtime/code-block.ts` }));
    b.onResolve({ filter: /^prettier(\/|$)/ }, (args) => ({ path: args.path, namespace: "unavailable" }));
    b.onLoad({ filter: /.*/, namespace: "unavailable" }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not available in the e-mail sandbox`)});`,
      loader: "js",
    }));
    b.onLoad({ filter: /[\\/]@react-email[\\/]tailwind[\\/]dist[\\/]index\.mjs$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (source.split(TAILWIND_CACHE).length !== 2) {
        throw new Error("@react-email/tailwind changed: its promiseStates cache was not found (see build-email-runtime.mjs)");
      }
      const swappable = source.replace(TAILWIND_CACHE, "let promiseStates = new Map();");
      const swap = "export function __swapTailwindCache(next) { const previous = promiseStates; promiseStates = next; return previous; }";
      return { contents: `${swappable}\n${swap}\n`, loader: "js" };
    });
  },
};

await build({
  entryPoints: [`${renderDir}/runtime/entry.ts`],
  outfile: `${outDir}/runtime.js`,
  bundle: true,
  format: "iife",
  globalName: "__latchkeyEmailRuntime",
  platform: "browser",
  target: "es2022",
  minify: true,
  legalComments: "none",
  define: { "process.env.NODE_ENV": '"production"' },
  plugins: [sandboxModules],
  logLevel: "warning",
});

await build({
  entryPoints: [`${renderDir}/sandbox-worker.ts`],
  outfile: `${outDir}/sandbox-worker.mjs`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22.12",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
