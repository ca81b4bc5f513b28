/**
 * The same Next.js journey with Stack's own SDK: a fresh app folder holding examples/nextjs with its
 * `@latchkey/next` imports turned into `@stackframe/stack` 2.8.39 imports (from the registry, through npm's
 * cache), built once with `next build`, started with `next start`, and driven in Debian's Chromium against
 * our server. Stack's SDK has no middleware helper, so the app goes without examples/nextjs's middleware.ts;
 * its protected page's own `getUser({ or: "redirect" })` sends signed-out visitors to sign-in, without a
 * way back (see `noWayBack` below): the only part of the journey that differs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/chromium.js";
import { testDialects } from "../support/databases.js";
import { parseCompatSdks } from "../compat/support/sdk.js";
import { createWorld, type World } from "../compat/support/world.js";
import { nextJourney } from "./next-journey.js";
import { appDependencies, buildNextApp, createNextApp, fetchesAtBuildTime, startNextApp, withOutput, type RunningNextApp } from "./next-app.js";
import { repoRoot, type FreshProject } from "./support/packed.js";

const example = join(repoRoot, "examples", "nextjs");
const dialect = testDialects[0]!;
const stackVersion = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies["@stackframe/stack"]!;

describe(`@stackframe/stack ${stackVersion} in examples/nextjs, against our server on ${dialect}`, () => {
  let world: World;
  let app: FreshProject;
  let running: RunningNextApp;
  let browser: Browser;

  beforeAll(async () => {
    const { "@latchkey/next": _ours, ...rest } = appDependencies(example);
    app = await createNextApp({
      source: example,
      dependencies: { ...rest, "@stackframe/stack": stackVersion },
      rewrite: (path, text) => (path === "middleware.ts" ? null : text.replaceAll('from "@latchkey/next"', 'from "@stackframe/stack"')),
    });
    // The server starts once the install is done (both at once can keep the server from answering within its start deadline on a loaded machine).
    world = await createWorld(dialect, parseCompatSdks("latchkey")[0]);
    await world.owned.update({ config: { signUpEnabled: true, credentialEnabled: true, allowLocalhost: true } });
    const env = {
      NEXT_PUBLIC_STACK_API_URL: world.server.url,
      NEXT_PUBLIC_STACK_PROJECT_ID: world.projectId,
      NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY: world.keys.publishableClientKey,
      STACK_SECRET_SERVER_KEY: world.keys.secretServerKey,
    };
    await buildNextApp(app.dir, env);
    running = await startNextApp(app.dir, env);
    browser = await launchChromium();
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await running?.[Symbol.asyncDispose]();
    await app?.[Symbol.asyncDispose]();
    await world?.[Symbol.asyncDispose]();
  }, 120_000);

  it("uses Stack's SDK alone and fetches nothing from the internet at build time", () => {
    expect(readFileSync(join(app.dir, "stack.ts"), "utf8")).toContain('from "@stackframe/stack"');
    expect(fetchesAtBuildTime(app.dir)).toEqual([]);
  });

  it("protects a page, shows the e-mail in a server component, renames in a server action, signs out", async () => {
    const { errors } = await withOutput(running, () => nextJourney(browser, running.url, world, {
      name: "stack",
      // Stack's SDK adds after_auth_return_to only when it redirects in a browser (it reads window.location);
      // a server component's getUser({ or: "redirect" }) sends the visitor to the plain sign-in page, with
      // any server. Without our middleware helper the visitor lands on the after-sign-up page (home).
      noWayBack: "Stack's server-side redirect to sign-in names no way back",
      openSignUp: (page) => page.getByRole("link", { name: "Sign up" }).click(),
      async signUp(page, email, password) {
        // Stack's sign-up page opens on its e-mail (magic link) tab; the password form is the other tab.
        await page.getByRole("tab", { name: "Email & Password" }).click();
        await page.locator('input[type="email"]:visible').fill(email);
        await page.getByLabel("Password", { exact: true }).fill(password);
        await page.getByLabel("Repeat Password").fill(password);
        await page.getByRole("button", { name: "Sign Up" }).click();
      },
    }));
    expect(errors).toEqual([]);
  }, 180_000);
});
