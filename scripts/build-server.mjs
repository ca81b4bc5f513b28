// Bundles the server into dist/ with esbuild. Most npm packages stay external (installed in
// node_modules); the pure-JavaScript ones in BUNDLED go into the bundle, because Node loads one file far
// faster than their hundreds of modules (drizzle-orm alone is ~700 ms of CPU at every start of the server
// and of the CLI when loaded from node_modules; inside the bundle it is a fraction of that).
import { build } from "esbuild";

const BUNDLED = ["drizzle-orm", "zod", "jose", "hono", "@hono/node-server", "@trpc/server"];
const bundledHere = (path) => BUNDLED.some((name) => path === name || path.startsWith(`${name}/`));

await build({
  // The server and the `latchkey` CLI (dist/server/cli/main.js, started by scripts/latchkey.mjs).
  entryPoints: ["server/main.ts", "server/cli/main.ts"],
  outbase: "server",
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22.12",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-packages",
      setup(b) {
        // Bare specifiers (packages) are external unless listed; relative and absolute paths are ours.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("node:") || !bundledHere(args.path) ? { path: args.path, external: true } : undefined));
      },
    },
  ],
});

// The e-mail sandbox (the QuickJS runtime bundle and its worker) goes to dist/email-runtime/.
await import("./build-email-runtime.mjs");

// The front-ends (Vite builds) when run as `npm run build` or `npm start`, not for the tests' server build.
if (["build", "start"].includes(process.env.npm_lifecycle_event ?? "") || process.env.LATCHKEY_BUILD_FRONTENDS === "1") {
  await import("./build-frontends.mjs");
}
