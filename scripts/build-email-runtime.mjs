// Builds the e-mail sandbox into dist/email-runtime/ (gitignored; build-server.mjs runs this too):
//  - runtime.js: React, React Email's components, Tailwind, react-dom's streaming renderer, toPlainText
//    and our helper modules as one script for QuickJS (IIFE; nothing is fetched at run time);
//  - sandbox-worker.mjs: the worker thread that hosts a QuickJS context (npm packages stay external).
// Two changes to third-party code, both checked here: @react-email/code-block is replaced by a plain
// stand-in (Prism costs ~2.4 s per context), and @react-email/tailwind gets an export that empties its
// module-level cache of compiled setups, which the runtime calls when a context changes project.
import { build } from "esbuild";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const renderDir = `${root}server/services/email/render`;
const outDir = `${root}dist/email-runtime`;

// The runtime compiles html-to-text itself (React Email's toPlainText recompiles it on every call): use
// the copy @react-email/render resolves, so the plain text stays what React Email would produce.
const reactEmailRenderDir = dirname(createRequire(import.meta.url).resolve("@react-email/render"));

const TAILWIND_CACHE = "const promiseStates = /* @__PURE__ */ new Map();";

/** @type {import("esbuild").Plugin} */
const sandboxModules = {
  name: "latchkey-email-sandbox",
  setup(b) {
    b.onResolve({ filter: /^@react-email\/code-block$/ }, () => ({ path: `${renderDir}/runtime/code-block.ts` }));
    b.onResolve({ filter: /^html-to-text$/ }, (args) =>
      args.resolveDir.startsWith(renderDir) ? b.resolve(args.path, { resolveDir: reactEmailRenderDir, kind: args.kind }) : undefined,
    );
    b.onResolve({ filter: /^prettier(\/|$)/ }, (args) => ({ path: args.path, namespace: "unavailable" }));
    b.onLoad({ filter: /.*/, namespace: "unavailable" }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} is not available in the e-mail sandbox`)});`,
      loader: "js",
    }));
    b.onLoad({ filter: /[\\/]@react-email[\\/]tailwind[\\/]dist[\\/]index\.mjs$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes(TAILWIND_CACHE)) {
        throw new Error("@react-email/tailwind changed: its promiseStates cache was not found (see build-email-runtime.mjs)");
      }
      return { contents: `${source}\nexport function __resetTailwindCache() { promiseStates.clear(); }\n`, loader: "js" };
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
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
