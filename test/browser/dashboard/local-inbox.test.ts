/**
 * Issue 36's acceptance line for the local inbox, in Debian's Chromium against the real app on a port
 * with no SMTP configured: an owner creates a project, someone signs up on its hosted sign-up page,
 * the owner opens the verification mail in E-mails > Inbox (HTML in a sandboxed frame, plain text),
 * clicks its link, which opens in a new tab, and the address is verified. Then the project goes into
 * production mode: the inbox says that nothing is kept and shows nothing, and a new sign-up's mail is
 * not kept (what was kept before is forgotten).
 * Inbox, mail and production-mode note are photographed at desktop and phone width, light and dark.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classTheme, launchChromium, newPage, screenshot, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { ensureFrontendBuilt } from "../../support/frontend-build.js";
import { AREA, startDashboardServer, type DashboardServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  // The hosted sign-up page is served by the same server.
  await ensureFrontendBuilt("hosted");
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

const OWNER_PASSWORD = "correct horse battery staple";
const USER_PASSWORD = "Quietly-Orbiting-Walrus-4817";

const shootAll = (page: Page, name: string) => shootThemes(page, AREA, name, { themes: classTheme, widths: ["desktop", "phone"] });

async function signInOwner(page: Page, server: DashboardServer, email: string) {
  const created = await server.lk.call("POST", "/users", { access: "server", body: { primary_email: email, primary_email_auth_enabled: true, password: OWNER_PASSWORD } });
  expect(created.status, created.text).toBe(201);
  await page.goto(`${server.url}/dashboard/`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signUpOnHostedPage(page: Page, server: DashboardServer, projectId: string, email: string) {
  await page.goto(`${server.url}/handler/sign-up?project_id=${projectId}`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(USER_PASSWORD);
  await page.getByLabel("Repeat the password").fill(USER_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((url) => url.pathname !== "/handler/sign-up", { timeout: 30_000 });
}

/** Runs the outbox until the user's mail was handled (the in-process instance runs it when asked). */
async function deliverMailOf(server: DashboardServer, projectId: string) {
  await expect
    .poll(async () => {
      await server.lk.deps.jobs.runOnce();
      const rows = await server.lk.deps.queries.outbox.listForProject(projectId, "email");
      return rows.length > 0 && rows.every((r) => r.status !== "pending");
    }, { timeout: 30_000 })
    .toBe(true);
}

describe.each(dialects)("dashboard local inbox on %s", (dialect) => {
  it("shows the verification mail of a hosted sign-up; its link verifies the address; production mode keeps nothing", { timeout: 300_000 }, async () => {
    await using server = await startDashboardServer(dialect);
    const { page, errors, context } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    try {
      await signInOwner(page, server, "owner@example.com");
      await page.getByRole("heading", { name: "Welcome to Latchkey" }).waitFor();
      await page.getByLabel("Project name").fill("Acme");
      await page.getByRole("button", { name: "Create project" }).click();
      await page.getByRole("heading", { name: "Overview" }).waitFor();
      const projectId = new URL(page.url()).pathname.split("/")[3]!;
      expect(projectId).toMatch(/^[0-9a-f-]{36}$/);

      // The inbox before any mail: empty, and it says why mails will land here.
      await page.goto(`${server.url}/dashboard/projects/${projectId}/emails?tab=inbox`);
      await page.getByText("No e-mail kept").waitFor();
      await page.getByText("This project has no mail server, so the mails it would send are kept here").waitFor();

      const visitor = await newPage(browser);
      visitor.context.setDefaultTimeout(30_000);
      await signUpOnHostedPage(visitor.page, server, projectId, "ada@example.com");
      await deliverMailOf(server, projectId);

      await page.getByRole("tab", { name: "Inbox" }).waitFor();
      await page.getByRole("button", { name: "Refresh" }).click();
      const item = page.getByRole("list", { name: "Kept e-mails" }).getByRole("button").filter({ hasText: "ada@example.com" });
      await item.waitFor();
      await shootAll(page, "inbox-list");
      await item.click();

      const frame = page.frameLocator('iframe[title^="E-mail:"]');
      expect(await page.locator('iframe[title^="E-mail:"]').getAttribute("sandbox")).toBe("allow-popups allow-popups-to-escape-sandbox");
      const link = frame.locator('a[href*="email-verification"]').first();
      await link.waitFor();
      await shootAll(page, "inbox-mail");
      await page.getByRole("button", { name: "Plain text" }).click();
      // Its address is a link there too.
      await page.locator("pre").getByRole("link", { name: /email-verification\?/ }).waitFor();
      await shootAll(page, "inbox-mail-text");
      await page.getByRole("button", { name: "HTML" }).click();

      // The link opens in a new tab, outside the sandbox, and the click there verifies the address.
      const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
      await tab.getByRole("button", { name: "Verify my e-mail address" }).click();
      await tab.getByText("Your e-mail address is verified.").waitFor();
      expect(await verifiedAddresses(server, projectId)).toEqual(["ada@example.com"]);

      // Production mode: the inbox says why nothing is kept, and a new sign-up's mail is not kept.
      await server.lk.deps.queries.projects.update(projectId, { isProductionMode: true, updatedAt: server.lk.clock.now() });
      await page.getByRole("button", { name: "Back to the inbox" }).click();
      await page.getByRole("button", { name: "Refresh" }).click();
      await page.getByText("This project is in production mode, so its mails are never kept here").waitFor();
      await page.getByText("No e-mail kept").waitFor();
      await shootAll(page, "inbox-production-mode");
      const second = await newPage(browser);
      second.context.setDefaultTimeout(30_000);
      await signUpOnHostedPage(second.page, server, projectId, "grace@example.com");
      await deliverMailOf(server, projectId);
      const t = server.lk.deps.store.t.localInboxEmails;
      const rows = await server.lk.deps.store.db.select({ to: t.to, projectId: t.projectId }).from(t);
      // Nothing kept for the new sign-up, and what was kept before production mode is forgotten.
      expect(rows.filter((r) => r.projectId === projectId)).toEqual([]);

      expect([...errors, ...visitor.errors, ...second.errors]).toEqual([]);
      await visitor.context.close();
      await second.context.close();
    } catch (error) {
      await screenshot(page, AREA, "inbox-failure");
      throw new Error(`${String(error)}\npage errors: ${errors.join("; ")}`, { cause: error });
    }
  });
});

/** The project's users' verified primary addresses, read from the database. */
async function verifiedAddresses(server: DashboardServer, projectId: string): Promise<string[]> {
  const t = server.lk.deps.store.t.contactChannels;
  const rows = await server.lk.deps.store.db.select({ value: t.value, verified: t.isVerified, projectId: t.projectId }).from(t);
  return rows.filter((r) => r.projectId === projectId && r.verified).map((r) => r.value);
}
