// `npm start`: builds only when the sources changed since the last build (a stamp in dist/), then runs
// the server in this process's place (signals forwarded, its exit code returned). The build's output
// comes first; the server prints its keys and banner only once it listens.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sourceStamp } from "./build-stamp.mjs";
import { requireSupportedNode } from "./node-version.mjs";
import { serverNodeFlags } from "./server-node-flags.mjs";

requireSupportedNode("latchkey");

const root = fileURLToPath(new URL("..", import.meta.url));
const stampFile = join(root, "dist", ".build-stamp");

const stamp = sourceStamp(root);
const built = existsSync(join(root, "dist", "server", "main.js")) && existsSync(stampFile) && readFileSync(stampFile, "utf8").trim() === stamp;
if (!built) {
  process.stderr.write("latchkey: the sources changed since the last build (or nothing is built): building first\n");
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const build = spawnSync(npm, ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The stamp of the sources as they were when the build began: a change made during it builds again.
  writeFileSync(stampFile, stamp + "\n");
  process.stderr.write("latchkey: build done\n");
}

const server = spawn(process.execPath, [...serverNodeFlags, join(root, "dist", "server", "main.js"), ...process.argv.slice(2)], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + (signal === "SIGINT" ? 2 : 15) : 1)));
