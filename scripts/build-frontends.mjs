// Builds the front-ends the server serves (server/http/pages.ts): the hosted pages (clients/hosted →
// dist/hosted) and the dashboard (dashboard → dist/dashboard), each with its workspace's Vite build.
// Run by `npm run build` and `npm start` through build-server.mjs; the tests build them on demand
// (test/support/frontend-build.ts) instead.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
for (const workspace of ["clients/hosted", "dashboard"]) {
  execFileSync(npm, ["run", "build", "--workspace", workspace, "--if-present"], { cwd: root, stdio: ["ignore", 2, 2] });
}
