/**
 * @latchkey/js as a team outside this repository gets it: the packed tarball installed into a fresh
 * project in the temporary folder, then, against a real server, a Node ESM script (the README's Node
 * quickstart, taken from the README as it is written) and a Node CommonJS script sign up, sign in and
 * read the user; and tsc with `strict` and `skipLibCheck: false` accepts a file that re-exports every
 * exported name, for each resolution mode a TypeScript project uses (bundler, nodenext as ESM and as
 * CommonJS, node10).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { parseCompatSdks } from "../compat/support/sdk.js";
import { createWorld, type World } from "../compat/support/world.js";
import { exportedNames } from "./support/exported-names.js";
import { freshProject, packedPackages, type FreshProject } from "./support/packed.js";
import { quickstart } from "./support/quickstarts.js";

const typescriptVersion = JSON.parse(await import("node:fs").then((fs) => fs.readFileSync(new URL("../../node_modules/typescript/package.json", import.meta.url), "utf8"))) as { version: string };

let project: FreshProject;
beforeAll(async () => {
  const packed = await packedPackages();
  project = await freshProject({ "@latchkey/js": packed["@latchkey/js"]!, typescript: typescriptVersion.version });
}, 600_000);
afterAll(async () => {
  await project?.[Symbol.asyncDispose]();
});

describe("@latchkey/js packed: types", () => {
  const resolutionModes = [
    { name: "bundler", module: "ESNext", moduleResolution: "Bundler", file: "touch.ts" },
    { name: "nodenext, ESM", module: "NodeNext", moduleResolution: "NodeNext", file: "touch.mts" },
    { name: "nodenext, CommonJS", module: "NodeNext", moduleResolution: "NodeNext", file: "touch.cts" },
    { name: "node10", module: "CommonJS", moduleResolution: "Node10", file: "touch.ts" },
  ];

  it.each(resolutionModes)("every exported name of @latchkey/js and @latchkey/js/internal type-checks under strict, skipLibCheck false ($name)", async (mode) => {
    // Each entry's names under a prefix of its own: both entries may export one name (Stack's `Session`
    // type in @latchkey/js, the token session in /internal).
    const lines = ["@latchkey/js", "@latchkey/js/internal"].map((specifier, entry) => `export { ${exportedNames(project.dir, specifier).map((name) => `${name} as e${entry}_${name}`).join(", ")} } from ${JSON.stringify(specifier)};`);
    expect(lines[0]).toContain("StackClientApp");
    const folder = `tsc-${mode.name.replace(/\W+/g, "-")}`;
    project.write(`${folder}/${mode.file}`, lines.join("\n") + "\n");
    project.write(`${folder}/tsconfig.json`, JSON.stringify({
      compilerOptions: { target: "ES2022", module: mode.module, moduleResolution: mode.moduleResolution, strict: true, skipLibCheck: false, noEmit: true, lib: ["ES2023", "DOM", "DOM.Iterable"], types: [], ignoreDeprecations: "5.0" },
      files: [mode.file],
    }));
    await project.run(process.execPath, ["node_modules/typescript/bin/tsc", "-p", folder]);
  }, 180_000);
});

describe.each(testDialects)("@latchkey/js packed: Node scripts against a server on %s", (dialect) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, parseCompatSdks("stack")[0]);
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
  });
  const env = () => ({ LATCHKEY_URL: world.server.url, LATCHKEY_PROJECT_ID: world.projectId, LATCHKEY_PUBLISHABLE_CLIENT_KEY: world.keys.publishableClientKey });

  it("ESM: the README's Node quickstart signs up, signs in and reads the user", async () => {
    project.write("quickstart.mjs", quickstart("node"));
    const output = await project.run(process.execPath, ["quickstart.mjs"], env());
    const match = /Signed in as (\S+) \(([0-9a-f-]{36})\)/.exec(output);
    expect(match?.[1]).toBe("ada@example.com");
    expect((await world.serverApp().getUser(match![2]!))?.primaryEmail).toBe("ada@example.com");
  }, 60_000);

  it("CommonJS: require('@latchkey/js') signs up, signs in and reads the user", async () => {
    project.write("script.cjs", [
      'const { StackClientApp, KnownErrors } = require("@latchkey/js");',
      "const env = process.env;",
      "const newApp = () => new StackClientApp({ baseUrl: env.LATCHKEY_URL, projectId: env.LATCHKEY_PROJECT_ID, publishableClientKey: env.LATCHKEY_PUBLISHABLE_CLIENT_KEY, tokenStore: 'memory' });",
      "(async () => {",
      "  const email = 'grace@example.com', password = 'a long commonjs passphrase';",
      "  const signUp = await newApp().signUpWithCredential({ email, password, noRedirect: true });",
      "  if (signUp.status !== 'ok') throw signUp.error;",
      "  const wrong = await newApp().signInWithCredential({ email, password: 'not the passphrase', noRedirect: true });",
      "  console.log(`wrong password: ${wrong.status === 'error' && wrong.error instanceof KnownErrors.EmailPasswordMismatch}`);",
      "  const app = newApp();",
      "  const signIn = await app.signInWithCredential({ email, password, noRedirect: true });",
      "  if (signIn.status !== 'ok') throw signIn.error;",
      "  const user = await app.getUser({ or: 'throw' });",
      "  console.log(`user ${user.primaryEmail} ${user.id}`);",
      "})().catch((error) => { console.error(error); process.exit(1); });",
    ].join("\n"));
    const output = await project.run(process.execPath, ["script.cjs"], env());
    expect(output).toContain("wrong password: true");
    const match = /user (\S+) ([0-9a-f-]{36})/.exec(output);
    expect(match?.[1]).toBe("grace@example.com");
    expect((await world.serverApp().getUser(match![2]!))?.primaryEmail).toBe("grace@example.com");
  }, 60_000);
});
