#!/usr/bin/env node
// The `latchkey` command (package.json "bin", so `npx latchkey` works in a clone): runs the built CLI,
// building the server first when dist/ is missing (a fresh clone). `npm start` and `npm run build`
// rebuild it after a change.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { requireSupportedNode } from "./node-version.mjs";

requireSupportedNode("latchkey");

const cli = new URL("../dist/server/cli/main.js", import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write("latchkey: building the server first (dist/ is missing)…\n");
  // The build's own output goes to stderr, so that stdout stays the command's result (--json).
  execFileSync(process.execPath, [fileURLToPath(new URL("./build-server.mjs", import.meta.url))], { stdio: ["ignore", 2, 2] });
}
await import(cli.href);
