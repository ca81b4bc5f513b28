/**
 * @latchkey/react as a team outside this repository gets it, with React 18 and with React 19: the packed
 * tarballs installed with the registry's React, Vite and Vite's React plugin into a fresh project in the
 * temporary folder, examples/react-vite's files copied in as they are (it is meant to be copied out),
 * `vite build`, served on its own localhost port and driven in Chromium: the sign-in component is styled
 * (computed styles from @latchkey/react/style.css), a visitor signs up, the user button opens its menu,
 * and account settings shows the user.
 */
import { cpSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage, screenshot } from "../support/chromium.js";
import { testDialects } from "../support/databases.js";
import { serveStatic } from "../support/static-site.js";
import { parseCompatSdks } from "../compat/support/sdk.js";
import { createWorld, uniqueEmail, type World } from "../compat/support/world.js";
import { freshProject, packedPackages, repoRoot, type FreshProject } from "./support/packed.js";

const example = join(repoRoot, "examples/react-vite");
const exampleManifest = JSON.parse(readFileSync(join(example, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
const reactVersions = [{ major: 18, version: "18.3.1" }, { major: 19, version: "19.3.1" }];
// One database is enough here: the packages, not the server, are under test (the examples suite runs both).
const dialect = testDialects[0]!;

describe.each(reactVersions)("@latchkey/react packed, React $major, Vite app", ({ major, version }) => {
  let world: World;
  let project: FreshProject;
  let site: { url: string; server: Server };
  let browser: Browser;

  beforeAll(async () => {
    const packed = await packedPackages();
    project = await freshProject({
      "@latchkey/js": packed["@latchkey/js"]!,
      "@latchkey/react": packed["@latchkey/react"]!,
      react: version,
      "react-dom": version,
      vite: exampleManifest.devDependencies.vite!,
      "@vitejs/plugin-react": exampleManifest.devDependencies["@vitejs/plugin-react"]!,
    }, { type: "module" });
    for (const file of ["index.html", "src", "vite.config.ts", "tsconfig.json"]) cpSync(join(example, file), join(project.dir, file), { recursive: true });
    expect(JSON.parse(readFileSync(join(project.dir, "node_modules/react/package.json"), "utf8")).version).toBe(version);
    world = await createWorld(dialect, parseCompatSdks("stack")[0]);
    await world.owned.update({ config: { signUpEnabled: true, credentialEnabled: true, allowLocalhost: true } });
    await project.run(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "error"], {
      NODE_ENV: "production",
      VITE_LATCHKEY_URL: world.server.url,
      VITE_LATCHKEY_PROJECT_ID: world.projectId,
      VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY: world.keys.publishableClientKey,
    });
    site = await serveStatic(join(project.dir, "dist"));
    browser = await launchChromium();
  }, 900_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (site ? site.server.close(resolve) : resolve(undefined)));
    await world?.[Symbol.asyncDispose]();
    await project?.[Symbol.asyncDispose]();
  });

  it("renders the sign-in component styled, signs up, opens the user button's menu and account settings", async () => {
    const { context, page, errors } = await newPage(browser, { locale: "en-US" });
    const email = uniqueEmail(`react${major}`);
    const password = "a long packed passphrase";
    try {
      await page.goto(`${site.url}/handler/sign-in`);
      const submit = page.getByRole("button", { name: "Sign in" });
      await submit.waitFor();
      // Styled by the package's stylesheet: not the browser's default button, and the theme's variables are set.
      const style = await submit.evaluate((element) => {
        const computed = getComputedStyle(element);
        return { radius: computed.borderTopLeftRadius, background: computed.backgroundColor, border: computed.borderTopStyle, themed: Array.from(document.styleSheets).some((sheet) => Array.from(sheet.cssRules).some((rule) => rule.cssText.includes("--lk-"))) };
      });
      expect(style.themed).toBe(true);
      expect(style.radius).not.toBe("0px");
      expect(style.background).not.toBe("rgb(239, 239, 239)"); // Chromium's default ButtonFace
      await screenshot(page, "packages", `react${major}-sign-in`);

      await page.goto(`${site.url}/handler/sign-up`);
      await page.getByLabel("E-mail").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByLabel("Repeat the password").fill(password);
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL(`${site.url}/`);
      await expect(page.getByTestId("primary-email").textContent({ timeout: 15_000 })).resolves.toContain(email);

      await page.getByRole("button", { name: /Account menu/ }).click();
      await page.getByRole("menu").waitFor();
      await screenshot(page, "packages", `react${major}-user-button`);
      await page.getByRole("menuitem", { name: "Account settings" }).click();
      await page.waitForURL(/\/handler\/account-settings/);
      await page.getByRole("heading", { name: "Account settings" }).first().waitFor({ timeout: 15_000 });
      await screenshot(page, "packages", `react${major}-account-settings`);
      // The E-mails section lists the signed-in user's address.
      await page.getByText("E-mails", { exact: true }).first().click();
      await expect.poll(() => page.evaluate((address) => document.body.innerText.includes(address) || Array.from(document.querySelectorAll("input")).some((input) => input.value === address), email), { timeout: 15_000 }).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
