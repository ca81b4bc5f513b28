// The stamp `npm start` (scripts/start.mjs) keeps in dist/.build-stamp: a digest of every file the build
// reads, by path, size and modification time (contents are not read: fast, and an edit changes the time).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** What the build reads: the server, its contract and generated types, the front-ends, and the build itself. */
export const buildInputs = ["server", "contract", "generated", "dashboard", "clients", "scripts/build-server.mjs", "scripts/build-email-runtime.mjs", "scripts/build-frontends.mjs", "package.json", "package-lock.json", "tsconfig.json"];
const skipped = new Set(["node_modules", "dist", ".vite", ".turbo"]);

/** @param {string} root the repository's folder */
export function sourceStamp(root, inputs = buildInputs) {
  const lines = [];
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (!skipped.has(name)) visit(join(path, name));
    } else {
      lines.push(`${relative(root, path)}\0${stat.size}\0${stat.mtimeMs}`);
    }
  };
  for (const input of inputs) visit(join(root, input));
  return createHash("sha256").update(lines.join("\n")).digest("hex");
}
