/**
 * Issue 36's first acceptance line with the React (Vite) quickstart, in Debian's Chromium: a new owner
 * signs up in the dashboard, creates a project, opens Connect your app, picks React (Vite), creates keys
 * and copies the `.env` block and the quickstart's files (read back from the clipboard) into a freshly
 * created Vite React app: the shape `npm create vite -- --template react-ts` gives (index.html loading
 * src/main.tsx, Vite's React plugin), with the packed @latchkey/react and @latchkey/js tarballs installed
 * as the page's install line says. Vite builds it reading the `.env` block (VITE_ names), the build is
 * served on its own localhost port, a visitor signs up there, and the dashboard page turns to "First
 * sign-in received" with that visitor's address.
 */
import { readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classTheme, launchChromium, newPage, screenshot, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { serveStatic } from "../../support/static-site.js";
import { freshProject, packedPackages, repoRoot, type FreshProject } from "../../packages/support/packed.js";
import { copied, envValues, newOwnerProject } from "./connect-steps.js";
import { AREA, startDashboardServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

/** The versions the repository's Vite example is tested with. */
const versions = JSON.parse(readFileSync(join(repoRoot, "examples/react-vite/package.json"), "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** What a new Vite React app has besides its src/main.tsx: the page, and Vite's React plugin. */
const scaffold = {
  "index.html": '<!doctype html>\n<html lang="en">\n  <head><meta charset="utf-8" /><title>My app</title></head>\n  <body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body>\n</html>\n',
  "vite.config.ts": 'import react from "@vitejs/plugin-react";\nimport { defineConfig } from "vite";\n\nexport default defineConfig({ plugins: [react()] });\n',
};

let browser: Browser;
let app: FreshProject;
beforeAll(async () => {
  const packed = await packedPackages();
  app = await freshProject(
    {
      "@latchkey/js": packed["@latchkey/js"]!,
      "@latchkey/react": packed["@latchkey/react"]!,
      react: versions.dependencies.react!,
      "react-dom": versions.dependencies["react-dom"]!,
      vite: versions.devDependencies.vite!,
      "@vitejs/plugin-react": versions.devDependencies["@vitejs/plugin-react"]!,
    },
    { type: "module", scripts: { dev: "vite", build: "vite build" } },
  );
  for (const [file, text] of Object.entries(scaffold)) app.write(file, text);
  browser = await launchChromium();
}, 900_000);
afterAll(async () => {
  await browser?.close();
  await app?.[Symbol.asyncDispose]();
});

const shootAll = (page: Page, name: string) => shootThemes(page, AREA, name, { themes: classTheme, widths: ["desktop", "phone"] });

describe.each(dialects)("dashboard: connect a Vite React app on %s", (dialect) => {
  it("copies the React (Vite) tab into a new Vite app whose sign-up the page sees", { timeout: 600_000 }, async () => {
    await using server = await startDashboardServer(dialect);
    const { page, errors, context } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    let site: { url: string; server: Server } | undefined;
    try {
      const projectId = await newOwnerProject(page, server.url);
      await page.getByRole("link", { name: "Set up Next.js, React, Node or plain HTTP" }).click();
      await page.getByRole("heading", { level: 1, name: "Connect your app" }).waitFor();
      await page.getByRole("tab", { name: "React (Vite)" }).click();
      await page.getByRole("button", { name: "Create keys for this app" }).click();
      await page.getByText("A new key set is filled in below.").waitFor();
      await shootAll(page, "connect-vite");

      // The block holds the names Vite hands to the browser (VITE_ prefix), and no secret key: a Vite build is public.
      const env = await copied(page, "Copy .env block");
      const values = envValues(env);
      expect(Object.keys(values)).toEqual(["VITE_LATCHKEY_URL", "VITE_LATCHKEY_PROJECT_ID", "VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY"]);
      expect(values).toMatchObject({ VITE_LATCHKEY_URL: server.url, VITE_LATCHKEY_PROJECT_ID: projectId, VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY: expect.stringMatching(/^pck_/) });
      expect(await copied(page, "Copy install command")).toBe("npm install @latchkey/react @latchkey/js");
      // Every file the tab shows goes into the app under the name its title gives.
      const files = await page.locator('pre[aria-label^="React (Vite) code "]').evaluateAll((blocks) => blocks.map((block) => block.getAttribute("aria-label")!.replace("React (Vite) code ", "")));
      expect(files).toEqual(["src/main.tsx", "src/home.tsx"]);
      app.write(".env", env);
      for (const file of files) app.write(file, await copied(page, `Copy React (Vite) code ${file}`));
      rmSync(join(app.dir, "dist"), { recursive: true, force: true });
      await app.run(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "error"], { NODE_ENV: "production" });
      // Vite read the .env block: the project's id is in the built script.
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(app.dir, "dist/index.html"), "utf8"))?.[1];
      expect(readFileSync(join(app.dir, "dist", script!), "utf8")).toContain(projectId);
      site = await serveStatic(join(app.dir, "dist"));

      // A visitor signs up in the app, in a tab of its own.
      const visitor = await context.newPage();
      visitor.on("pageerror", (error) => errors.push(`app: ${error.message}`));
      await visitor.goto(`${site.url}/handler/sign-up`);
      await visitor.getByLabel("E-mail").fill("ada@example.com");
      await visitor.getByLabel("Password", { exact: true }).fill("correct horse battery staple");
      await visitor.getByLabel("Repeat the password").fill("correct horse battery staple");
      await visitor.getByRole("button", { name: "Create account" }).click();
      await visitor.waitForURL(`${site.url}/`);
      await visitor.getByText("Signed in as ada@example.com").waitFor();
      await screenshot(visitor, AREA, `connect-vite-app-${dialect}`);
      await visitor.close();

      await page.getByText("First sign-in received.").waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId("connection-status").textContent()).toContain("ada@example.com");
      await shootAll(page, "connect-vite-received");
      expect(errors).toEqual([]);
    } catch (error) {
      await screenshot(page, AREA, `connect-vite-failure-${dialect}`);
      throw new Error(`${String(error)}\npage errors: ${errors.join("; ")}`, { cause: error });
    } finally {
      await new Promise((resolve) => (site ? site.server.close(resolve) : resolve(undefined)));
    }
  });
});
