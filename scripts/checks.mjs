// The static checks `npm test` runs before the tests: ESLint over everything and a typecheck of each TypeScript
// project (the root one, then each workspace's). Each is a single-threaded process, so they run side by side, one
// per core; each one's output is printed whole when it ends. Fails when any check fails.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

/** The root package.json's workspaces, `clients/*` expanded: each one with a typecheck script is checked. */
const workspaces = JSON.parse(readFileSync("package.json", "utf8")).workspaces.flatMap((pattern) =>
  pattern.endsWith("/*")
    ? readdirSync(pattern.slice(0, -2), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
    : [pattern],
);
const bin = (name) => `node_modules/.bin/${name}`;

/** Longest first, so the last one to start is short. */
const checks = [
  { name: "eslint", command: bin("eslint"), args: ["."] },
  { name: "tsc (root)", command: bin("tsc"), args: ["--noEmit", "-p", "tsconfig.json"] },
  ...workspaces
    .filter((workspace) => existsSync(`${workspace}/package.json`) && JSON.parse(readFileSync(`${workspace}/package.json`, "utf8")).scripts?.typecheck)
    .map((workspace) => ({ name: `tsc (${workspace})`, command: bin("tsc"), args: ["--noEmit", "-p", `${workspace}/tsconfig.json`] })),
];

function run({ name, command, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => (output += String(error)));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`${code === 0 ? "passed" : "FAILED"}: ${name} (${seconds} s)\n${output.trim() ? `${output.trimEnd()}\n` : ""}`);
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
const lanes = Array.from({ length: Math.max(1, Math.min(availableParallelism(), queue.length)) }, async () => {
  let ok = true;
  for (let check = queue.shift(); check; check = queue.shift()) ok = (await run(check)) && ok;
  return ok;
});
const results = await Promise.all(lanes);
if (results.includes(false)) {
  process.stdout.write("static checks failed\n");
  process.exitCode = 1;
}
