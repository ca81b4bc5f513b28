/**
 * Workflows in Debian's Chromium against the real app on a port (issue 38 item 3): a project with an
 * `onSignUp` workflow that mails the new user and one that loops; someone signs up on the hosted sign-up
 * page; the job runner runs both: the mail arrives over SMTP, the loop is stopped, and the owner reads
 * both runs, with the error and the log, on the dashboard's Workflows page (desktop and phone, light and
 * dark, axe-core).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classTheme, launchChromium, newPage, screenshot, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { ensureFrontendBuilt } from "../../support/frontend-build.js";
import { AREA, startDashboardServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  await ensureFrontendBuilt("hosted");
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

const OWNER_PASSWORD = "correct horse battery staple";
const USER_PASSWORD = "Quietly-Orbiting-Walrus-4817";
const shootAll = (page: Page, name: string) => shootThemes(page, AREA, name, { themes: classTheme, widths: ["desktop", "phone"] });

const welcome = `onSignUp(async (user) => {
  console.log("welcoming", user.primaryEmail);
  await stackApp.sendEmail({ userIds: [user.id], subject: "Welcome from a workflow", html: "<p>Glad you are here</p>" });
});`;

describe.each(dialects)("dashboard workflows on %s", (dialect) => {
  it("a hosted-page sign-up runs the project's workflows: the mail arrives, the loop is stopped, the owner reads both runs", { timeout: 300_000 }, async () => {
    await using server = await startDashboardServer(dialect);
    const { page, errors, context } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    try {
      const owner = await server.lk.call("POST", "/users", { access: "server", body: { primary_email: "owner@example.com", primary_email_auth_enabled: true, password: OWNER_PASSWORD } });
      expect(owner.status, owner.text).toBe(201);
      await page.goto(`${server.url}/dashboard/`);
      await page.getByLabel("E-mail").fill("owner@example.com");
      await page.getByLabel("Password").fill(OWNER_PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByLabel("Project name").fill("Acme");
      await page.getByRole("button", { name: "Create project" }).click();
      await page.getByRole("heading", { name: "Overview" }).waitFor();
      const projectId = new URL(page.url()).pathname.split("/")[3]!;

      // The Workflows page before any run.
      await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name: "Workflows" }).click();
      await page.getByText("No runs yet").waitFor();
      await shootAll(page, "workflows-empty");

      const project = (await server.lk.deps.queries.projects.find(projectId))!;
      await server.lk.deps.queries.projects.update(projectId, {
        configOverride: {
          ...project.configOverride,
          "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port: server.sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" },
          "workflows.availableWorkflows.welcome": { displayName: "Welcome", tsSource: welcome, enabled: true },
          "workflows.availableWorkflows.spin": { displayName: "Spin", tsSource: "onSignUp(async () => { while (true) {} });", enabled: true },
        },
        updatedAt: server.lk.clock.now(),
      });

      const visitor = await newPage(browser);
      visitor.context.setDefaultTimeout(30_000);
      await visitor.page.goto(`${server.url}/handler/sign-up?project_id=${projectId}`);
      await visitor.page.getByLabel("E-mail").fill("ada@example.com");
      await visitor.page.getByLabel("Password", { exact: true }).fill(USER_PASSWORD);
      await visitor.page.getByLabel("Repeat the password").fill(USER_PASSWORD);
      await visitor.page.getByRole("button", { name: "Create account" }).click();
      // The sign-up finishes (and leaves the page) whatever the workflows do.
      await visitor.page.waitForURL((url) => url.pathname !== "/handler/sign-up", { timeout: 30_000 });

      await expect
        .poll(async () => {
          await server.lk.deps.jobs.runOnce();
          return server.sink.messages.some((m) => m.subject === "Welcome from a workflow" && m.to.includes("ada@example.com"));
        }, { timeout: 60_000 })
        .toBe(true);
      await expect.poll(async () => (await server.lk.deps.queries.workflowRuns.list(projectId, { limit: 10 })).map((r) => r.status).sort(), { timeout: 30_000 }).toEqual(["failed", "succeeded"]);

      await page.getByRole("button", { name: "Refresh" }).click();
      const runs = page.getByRole("list", { name: "Workflow runs" });
      await runs.getByText("succeeded").waitFor();
      await runs.getByText(/^The workflow run timed out after \d+ ms$/).waitFor();
      await runs.getByRole("button").filter({ hasText: "welcome" }).click();
      await page.getByLabel("Log of welcome").getByText("POST /api/v1/emails/send-email answered 200").waitFor();
      await shootAll(page, "workflows-runs");

      expect([...errors, ...visitor.errors]).toEqual([]);
      await visitor.context.close();
    } catch (error) {
      await screenshot(page, AREA, "workflows-failure");
      throw new Error(`${String(error)}\npage errors: ${errors.join("; ")}`, { cause: error });
    }
  });
});
