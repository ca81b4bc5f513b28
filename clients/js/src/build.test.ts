import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type * as Sdk from "./index.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = join(packageDir, "../..");

describe("the package build (npm run build in clients/js)", () => {
  it("writes ESM bundles, declarations and a package.json whose exports name them; a consumer type-checks against them", async () => {
    execFileSync(process.execPath, [join(packageDir, "scripts/build-package.mjs"), packageDir], { stdio: "pipe" });
    const dist = join(packageDir, "dist");
    const manifest = JSON.parse(readFileSync(join(dist, "package.json"), "utf8")) as { name: string; exports: Record<string, { import: { types: string; default: string }; require: { types: string; default: string } }>; dependencies?: Record<string, string> };
    expect(manifest.name).toBe("@latchkey/js");
    expect(Object.keys(manifest.exports)).toEqual([".", "./resource-server", "./internal", "./package.json"]);
    for (const [key, target] of Object.entries(manifest.exports)) {
      if (key === "./package.json") continue;
      for (const files of [target.import, target.require]) {
        expect(existsSync(join(dist, files.default))).toBe(true);
        expect(existsSync(join(dist, files.types))).toBe(true);
      }
    }
    expect(manifest.dependencies).toHaveProperty("@simplewebauthn/browser");
    const clientTypes = readFileSync(join(dist, "types/clients/js/src/apps/client-app.d.ts"), "utf8");
    expect(clientTypes).toMatch(/export declare class LatchkeyClientApp/);
    // The TSDoc (checked by tsdoc.test.ts) reaches the declarations editors read, object literal types included.
    expect(commentBefore(readFileSync(join(dist, "types/clients/js/src/apps/client-app-sign-in.d.ts"), "utf8"), "signInWithCredential(options")).toMatch(/@example/);
    expect(commentBefore(readFileSync(join(dist, "types/clients/js/src/apps/objects/user.d.ts"), "utf8"), "setDisplayName: (")).toMatch(/@example/);

    const built = (await import(join(dist, manifest.exports["."]!.import.default))) as typeof Sdk;
    const app = new built.StackClientApp({ baseUrl: "http://localhost:1", projectId: "p", publishableClientKey: "k", tokenStore: "memory" });
    expect(app.projectId).toBe("p");
    expect(new built.KnownErrors.UserNotFound()).toBeInstanceOf(built.KnownError);

    const consumer = mkdtempSync(join(tmpdir(), "latchkey-consumer-"));
    try {
      writeFileSync(join(consumer, "package.json"), JSON.stringify({ type: "module" }));
      writeFileSync(join(consumer, "main.ts"), [
        'import { StackClientApp, KnownErrors, type CurrentUser } from "@latchkey/js";',
        'const app = new StackClientApp({ baseUrl: "http://localhost:8102", projectId: "p", publishableClientKey: "k", tokenStore: "memory" });',
        "const user: CurrentUser | null = await app.getUser();",
        "const result = await app.signInWithCredential({ email: 'a@example.com', password: 'p', noRedirect: true });",
        "if (result.status === 'error' && result.error instanceof KnownErrors.EmailPasswordMismatch) console.log(user?.primaryEmail);",
        "// @ts-expect-error: not a method of the app",
        "app.signInWithSomethingElse();",
        "export {};",
      ].join("\n"));
      writeFileSync(join(consumer, "tsconfig.json"), JSON.stringify({
        compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: true, lib: ["ES2023", "DOM"], types: [], paths: { "@latchkey/js": [join(dist, manifest.exports["."]!.import.types)] } },
        files: ["main.ts"],
      }));
      execFileSync(process.execPath, [join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", consumer], { stdio: "pipe" });
    } finally {
      rmSync(consumer, { recursive: true, force: true });
    }
  }, 180_000);
});

/** The doc comment right before the first declaration `member` starts in a declaration file ("" when there is none). */
function commentBefore(source: string, member: string): string {
  const at = source.indexOf(member);
  const end = source.lastIndexOf("*/", at);
  if (at === -1 || end === -1 || source.slice(end + 2, at).trim() !== "") return "";
  return source.slice(source.lastIndexOf("/**", end), end + 2);
}
