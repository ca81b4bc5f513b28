/**
 * @latchkey/next from its packed tarball (with @latchkey/js and @latchkey/react), in a fresh app folder
 * outside the repository holding a copy of examples/nextjs: `next build` once, `next start`, and the
 * Next.js journey in Debian's Chromium against a running server. The build bakes the project's settings
 * in (NEXT_PUBLIC_* variables), so the app is built against one server, on the first test dialect.
 */
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/chromium.js";
import { testDialects } from "../support/databases.js";
import { parseCompatSdks } from "../compat/support/sdk.js";
import { createWorld, type World } from "../compat/support/world.js";
import { nextJourney } from "./next-journey.js";
import { appDependencies, buildNextApp, createNextApp, fetchesAtBuildTime, startNextApp, withOutput, type RunningNextApp } from "./next-app.js";
import { packedPackages, repoRoot, type FreshProject } from "./support/packed.js";

const example = join(repoRoot, "examples", "nextjs");
const dialect = testDialects[0]!;

describe(`@latchkey/next packed, examples/nextjs on ${dialect}`, () => {
  let world: World;
  let app: FreshProject;
  let running: RunningNextApp;
  let browser: Browser;

  beforeAll(async () => {
    // The example's registry dependencies, and our three packages as their tarballs.
    app = await createNextApp({ source: example, dependencies: { ...appDependencies(example), ...(await packedPackages()) } });
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

  it("fetches nothing from the internet at build time", () => {
    expect(fetchesAtBuildTime(app.dir)).toEqual([]);
  });

  it("protects a page, shows the e-mail in a server component, renames in a server action, signs out", async () => {
    const { errors } = await withOutput(running, () => nextJourney(browser, running.url, world, {
      name: "latchkey",
      openSignUp: (page) => page.getByRole("link", { name: "Sign up" }).click(),
      async signUp(page, email, password) {
        await page.getByLabel("E-mail").fill(email);
        await page.getByLabel("Password", { exact: true }).fill(password);
        await page.getByLabel("Repeat the password").fill(password);
        await page.getByRole("button", { name: "Create account" }).click();
      },
    }));
    expect(errors).toEqual([]);
    expect(running.output()).not.toMatch(/\b(Error|TypeError)\b/);
  }, 180_000);
});
