/**
 * Issue 36's first acceptance line, in Debian's Chromium against the real app on a port: a new owner
 * signs up in the dashboard and creates a project; the Overview shows password sign-in as on and offers
 * Connect your app; there the owner picks Node, creates keys, copies the `.env` block and the quickstart
 * with the copy buttons (read back from the clipboard), and an app folder made of exactly those two files
 * signs up a user through @latchkey/js (the workspace package, run with tsx). The page then turns to
 * "First sign-in received". Overview and Connect are photographed at desktop and phone width, light and
 * dark, with axe-core.
 */
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classTheme, launchChromium, newPage, screenshot, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { copied, envValues, newOwnerProject } from "./connect-steps.js";
import { AREA, startDashboardServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const shootAll = (page: Page, name: string) => shootThemes(page, AREA, name, { themes: classTheme, widths: ["desktop", "phone"] });

/** Runs `node --env-file=.env --import tsx quickstart.mjs` in `dir` (inside the repository, so @latchkey/js and tsx resolve to the workspace's). */
function runApp(dir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--env-file=.env", "--import", "tsx", "quickstart.mjs"], { cwd: dir, env: { PATH: process.env.PATH ?? "" }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(dialects)("dashboard: connect your app on %s", (dialect) => {
  it("leads a new owner from a new project to an app whose sign-up the page sees", { timeout: 300_000 }, async () => {
    await using server = await startDashboardServer(dialect);
    const { page, errors, context } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const appDir = join("test-artifacts", `connect-app-${dialect}`);
    rmSync(appDir, { recursive: true, force: true });
    mkdirSync(appDir, { recursive: true });
    try {
      const projectId = await newOwnerProject(page, server.url);

      // Password sign-in is on by default, and the Overview says so.
      const methods = page.getByRole("list", { name: "Enabled sign-in methods" });
      await methods.getByText("Password").waitFor();
      expect(await page.getByText("Nobody can sign in yet").count()).toBe(0);
      await page.getByRole("link", { name: "Set up Next.js, React, Node or plain HTTP" }).waitFor();
      await shootAll(page, "connect-overview");

      await page.getByRole("link", { name: "Set up Next.js, React, Node or plain HTTP" }).click();
      await page.getByRole("heading", { level: 1, name: "Connect your app" }).waitFor();
      await page.getByText("Waiting for your app's first sign-in").waitFor();
      await page.getByRole("tab", { name: "Node / any backend" }).click();
      // Before keys exist the block says where they come from.
      await page.getByLabel(".env block").getByText("<create a key set: publishable client key>").waitFor();
      await page.getByRole("button", { name: "Create keys for this app" }).click();
      await page.getByText("A new key set is filled in below.").waitFor();
      await shootAll(page, "connect-node");

      const env = await copied(page, "Copy .env block");
      const values = envValues(env);
      expect(Object.keys(values)).toEqual(["LATCHKEY_URL", "LATCHKEY_PROJECT_ID", "LATCHKEY_PUBLISHABLE_CLIENT_KEY", "LATCHKEY_SECRET_SERVER_KEY"]);
      expect(values).toMatchObject({ LATCHKEY_URL: server.url, LATCHKEY_PROJECT_ID: projectId, LATCHKEY_PUBLISHABLE_CLIENT_KEY: expect.stringMatching(/^pck_/) });
      const code = await copied(page, "Copy Node / any backend code 1");
      expect(code).toContain('from "@latchkey/js"');
      expect(await copied(page, "Copy install command")).toBe("npm install @latchkey/js");

      writeFileSync(join(appDir, ".env"), env);
      writeFileSync(join(appDir, "quickstart.mjs"), code);
      const run = await runApp(appDir);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^Signed in as ada@example\.com \(\S+\)\n$/);

      await page.getByText("First sign-in received.").waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId("connection-status").textContent()).toContain("ada@example.com");
      await shootAll(page, "connect-received");

      // Next.js's tab gives the names its quickstart reads, in .env.local, the secret key only on the server side.
      await page.getByRole("tab", { name: "Next.js" }).click();
      const nextEnv = await copied(page, "Copy .env.local block");
      expect(nextEnv.split("\n").map((line) => line.split("=")[0])).toEqual(["NEXT_PUBLIC_STACK_API_URL", "NEXT_PUBLIC_STACK_PROJECT_ID", "NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY", "STACK_SECRET_SERVER_KEY", ""]);
      expect(nextEnv).toContain(`STACK_SECRET_SERVER_KEY=${values.LATCHKEY_SECRET_SERVER_KEY}`);

      // The keys page's dialog offers the same lines for a new key set.
      await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "API keys", exact: true }).click();
      await page.getByRole("button", { name: "Create keys" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Create keys" }).click();
      const dialogEnv = await copied(page, "Copy .env lines");
      expect(dialogEnv).toMatch(/^LATCHKEY_URL=.+\nLATCHKEY_PROJECT_ID=.+\nLATCHKEY_PUBLISHABLE_CLIENT_KEY=pck_.+\nLATCHKEY_SECRET_SERVER_KEY=.+\nNEXT_PUBLIC_STACK_API_URL=/);
      expect(errors).toEqual([]);
    } catch (error) {
      await screenshot(page, AREA, `connect-failure-${dialect}`);
      throw new Error(`${String(error)}\npage errors: ${errors.join("; ")}`, { cause: error });
    } finally {
      rmSync(appDir, { recursive: true, force: true });
    }
  });
});
