// Bundles the server into dist/ with esbuild; npm packages stay external (installed in node_modules).
import { build } from "esbuild";

await build({
  // The server and the `latchkey` CLI (dist/server/cli/main.js, started by scripts/latchkey.mjs).
  entryPoints: ["server/main.ts", "server/cli/main.ts"],
  outbase: "server",
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22.12",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// The e-mail sandbox (the QuickJS runtime bundle and its worker) goes to dist/email-runtime/.
await import("./build-email-runtime.mjs");

// The front-ends (Vite builds) when run as `npm run build` or `npm start`, not for the tests' server build.
if (["build", "start"].includes(process.env.npm_lifecycle_event ?? "") || process.env.LATCHKEY_BUILD_FRONTENDS === "1") {
  await import("./build-frontends.mjs");
}
