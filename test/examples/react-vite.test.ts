/**
 * examples/react-vite, built with Vite's JS API as its README says (`VITE_LATCHKEY_*` set at build time)
 * into a temporary folder, served by a small static server on its own port (another origin than the API:
 * the server answers CORS for localhost), and driven in Debian's Chromium: sign up, sign out, sign in, see
 * the user's e-mail and display name, with @latchkey/js and @latchkey/react alone.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { launchChromium, newPage, runAxe, screenshot } from "../support/chromium.js";
import { parseCompatSdks } from "../compat/support/sdk.js";
import { createWorld, uniqueEmail, type World } from "../compat/support/world.js";
import { serveStatic } from "../support/static-site.js";
import { repoRoot } from "./run-example.js";

const exampleDir = join(repoRoot, "examples", "react-vite");

/** The parts of Vite's and its React plugin's modules used here (loaded by path, so typed by hand). */
interface ViteModule {
  build(config: Record<string, unknown>): Promise<unknown>;
}
interface ReactPluginModule {
  default: () => unknown;
}

function resolveFrom(dir: string, name: string): string | null {
  try {
    return createRequire(join(dir, "package.json")).resolve(name);
  } catch {
    return null;
  }
}

/**
 * Builds the example into a fresh folder. Vite and its React plugin are taken from where the example
 * resolves them (then its own vite.config.ts is used, exactly as `npm run build`); until they are root
 * dependencies they only exist in the hosted pages' workspace, and the same configuration is given inline.
 */
async function buildExample(env: Record<string, string>): Promise<string> {
  const own = resolveFrom(exampleDir, "vite");
  const from = own ? exampleDir : join(repoRoot, "clients", "hosted");
  const vite = (await import(pathToFileURL(resolveFrom(from, "vite")!).href)) as ViteModule;
  const outDir = mkdtempSync(join(tmpdir(), "latchkey-react-vite-"));
  const saved = { ...process.env };
  // Only the given settings (not any of the developer's shell). Vitest sets NODE_ENV=test, which would
  // bundle React's development build.
  for (const key of Object.keys(process.env)) if (key.startsWith("VITE_")) delete process.env[key];
  Object.assign(process.env, env, { NODE_ENV: "production" });
  try {
    const inline = own
      ? {}
      : {
          configFile: false as const,
          plugins: [((await import(pathToFileURL(resolveFrom(from, "@vitejs/plugin-react")!).href)) as ReactPluginModule).default()],
          resolve: { dedupe: ["react", "react-dom"] },
        };
    await vite.build({ root: exampleDir, mode: "production", logLevel: "error", ...inline, build: { outDir, emptyOutDir: true } });
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
  return outDir;
}

describe.each(testDialects)("examples/react-vite on %s", (dialect) => {
  let world: World;
  let outDir: string;
  let site: { url: string; server: Server };
  let browser: Browser;

  beforeAll(async () => {
    world = await createWorld(dialect, parseCompatSdks("latchkey")[0]);
    // Password sign-up and sign-in on, and localhost trusted (the example runs on its own port).
    await world.owned.update({ config: { signUpEnabled: true, credentialEnabled: true, allowLocalhost: true } });
    outDir = await buildExample({
      VITE_LATCHKEY_URL: world.server.url,
      VITE_LATCHKEY_PROJECT_ID: world.projectId,
      VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY: world.keys.publishableClientKey,
    });
    site = await serveStatic(outDir);
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.server.close(resolve));
    if (outDir) rmSync(outDir, { recursive: true, force: true });
    await world?.[Symbol.asyncDispose]();
  });

  it("bakes the build-time settings into one bundled script, loaded from this origin only", () => {
    const html = readFileSync(join(outDir, "index.html"), "utf8");
    const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/.exec(html)?.[1];
    expect(entry).toBeDefined();
    expect(html).not.toMatch(/src="https?:/);
    const script = readFileSync(join(outDir, entry!), "utf8");
    expect(script).toContain(world.projectId);
    expect(script).toContain(world.keys.publishableClientKey);
    expect(script).toContain(world.server.url);
    expect(script).not.toContain(world.keys.secretServerKey);
  });

  it("signs up, signs out, signs in and shows the user", async () => {
    const { context, page, errors } = await newPage(browser, { locale: "en-US" });
    const email = uniqueEmail("react-example");
    const password = "a long example passphrase";
    try {
      await page.goto(`${site.url}/`);
      await page.getByText("You are not signed in.").waitFor();
      // The user button offers signing in to a visitor.
      await expect(page.getByRole("button", { name: "Sign in" }).count()).resolves.toBe(1);
      await screenshot(page, "examples", `react-vite-${dialect}-signed-out`);
      await expect(runAxe(page)).resolves.toEqual([]);

      // Sign up on the example's own /handler/sign-up page (the SignUp component).
      await page.getByRole("link", { name: "Create an account" }).click();
      await page.waitForURL(`${site.url}/handler/sign-up`);
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByLabel("Repeat the password").fill(password);
      await screenshot(page, "examples", `react-vite-${dialect}-sign-up`);
      await page.getByRole("button", { name: "Create account" }).click();

      // Back home, signed in: the profile shows the e-mail.
      await page.waitForURL(`${site.url}/`);
      await expect(page.getByTestId("primary-email").textContent({ timeout: 15_000 })).resolves.toContain(email);
      const user = (await world.serverApp().listUsers()).find((u) => u.primaryEmail === email);
      expect(user).toBeDefined();
      await expect(page.locator("code").textContent()).resolves.toBe(user!.id);

      // Sign out: the session ends and the page says so.
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await page.getByText("You are not signed in.").waitFor();

      // Sign in again on /handler/sign-in (the SignIn component).
      await page.getByRole("link", { name: "Sign in" }).click();
      await page.waitForURL(`${site.url}/handler/sign-in`);
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${site.url}/`);
      await expect(page.getByTestId("primary-email").textContent({ timeout: 15_000 })).resolves.toContain(email);

      // A display name set on the page reaches the server and is shown.
      await page.getByLabel("New display name").fill("Ada Lovelace");
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => page.getByTestId("display-name").textContent(), { timeout: 15_000 }).toBe("Ada Lovelace");
      expect((await world.serverApp().getUser(user!.id))?.displayName).toBe("Ada Lovelace");
      // The session survives a reload (cookie token store).
      await page.reload();
      await expect(page.getByTestId("display-name").textContent({ timeout: 15_000 })).resolves.toBe("Ada Lovelace");
      await screenshot(page, "examples", `react-vite-${dialect}-signed-in`);
      await expect(runAxe(page)).resolves.toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe("examples/react-vite without its settings", () => {
  it("builds, and the page names the missing variables instead of failing silently", async () => {
    const outDir = await buildExample({});
    const site = await serveStatic(outDir);
    const browser = await launchChromium();
    try {
      const { page, errors } = await newPage(browser);
      await page.goto(`${site.url}/`);
      await expect(page.getByRole("alert").textContent()).resolves.toBe("Set VITE_LATCHKEY_PROJECT_ID and VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY before building (see README.md).");
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await new Promise((resolve) => site.server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 60_000);
});
