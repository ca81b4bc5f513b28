// Builds the server bundle once per test run, for the tests that start it as a separate process.
import { execFileSync } from "node:child_process";

export function setup(): void {
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });
}
