// Measures, side by side in one run, the browser bundle of a page that signs in and shows the user, built
// with @latchkey/js and with @stackframe/js (esbuild: minified, ESM, browser, code splitting; gzip level 9).
// Usage: node clients/js/scripts/measure-size.mjs
import { build } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const page = (sdk) => `import { StackClientApp } from "${sdk}";
const app = new StackClientApp({ projectId: "p", publishableClientKey: "k", tokenStore: "cookie" });
document.querySelector("form").addEventListener("submit", async () => {
  await app.signInWithCredential({ email: "a@example.com", password: "p", noRedirect: true });
  const user = await app.getUser();
  document.body.textContent = user?.primaryEmail ?? "signed out";
});
`;
const work = mkdtempSync(join(tmpdir(), "latchkey-size-"));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  for (const [name, sdk] of [["latchkey", "@latchkey/js"], ["stack", "@stackframe/js"]]) {
    writeFileSync(join(work, `${name}.js`), page(sdk));
    const result = await build({ entryPoints: [join(work, `${name}.js`)], bundle: true, minify: true, format: "esm", platform: "browser", splitting: true, outdir: join(work, `out-${name}`), write: false, nodePaths: [join(repoRoot, "node_modules")], logLevel: "error" });
    const files = result.outputFiles.filter((file) => file.path.endsWith(".js"));
    const entry = files.find((file) => file.path.endsWith(`${name}.js`));
    const gz = (file) => gzipSync(file.contents, { level: 9 }).length;
    console.log(`${sdk}: page chunk ${kb(entry.contents.length)} minified, ${kb(gz(entry))} gzipped; all chunks ${kb(files.reduce((sum, f) => sum + f.contents.length, 0))} minified, ${kb(files.reduce((sum, f) => sum + gz(f), 0))} gzipped`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
