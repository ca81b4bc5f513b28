// Bundles the server into dist/ with esbuild; npm packages stay external (installed in node_modules).
import { build } from "esbuild";

await build({
  entryPoints: ["server/main.ts"],
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
