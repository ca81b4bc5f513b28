/**
 * The Branding card of the dashboard's project settings (issue 37 item 5) in Chromium against the real
 * app: a colour that is not #rrggbb is refused on its field in plain words, a valid one and the two logos
 * are saved into the project (and show on its hosted sign-in page). The card with its error, and filled
 * in, at desktop and phone width, light and dark, with no moderate, serious or critical axe-core finding.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classTheme, launchChromium, newPage, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { AREA, startDashboardServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = "correct horse battery staple";
const shoot = (page: Page, name: string) => shootThemes(page, AREA, name, { themes: classTheme, widths: ["desktop", "phone"], minImpact: "moderate" });
const svgFile = (name: string, fill: string) => ({
  name,
  mimeType: "image/svg+xml",
  buffer: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect x="4" y="4" width="32" height="32" rx="8" fill="${fill}"/></svg>`),
});

describe.each(dialects)("the dashboard's branding settings on %s", (dialect) => {
  it("refuses a malformed colour on its field and saves the colour and both logos", { timeout: 300_000 }, async () => {
    await using server = await startDashboardServer(dialect);
    const { page, context } = await newPage(browser);
    context.setDefaultTimeout(60_000);
    const created = await server.lk.call("POST", "/users", { access: "server", body: { primary_email: "owner@example.com", primary_email_auth_enabled: true, password: PASSWORD } });
    expect(created.status, created.text).toBe(201);
    await page.goto(`${server.url}/dashboard/`);
    await page.getByLabel("E-mail").fill("owner@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByLabel("Project name").fill("Acme");
    await page.getByRole("button", { name: "Create project" }).click();
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    const projectId = new URL(page.url()).pathname.split("/")[3]!;

    await page.goto(`${server.url}/dashboard/projects/${projectId}/settings`);
    const colour = page.getByLabel("Primary colour", { exact: true });
    await colour.fill("purple");
    await page.getByRole("button", { name: "Save colour" }).click();
    await page.getByText("Write the colour as # and six hexadecimal digits, for example #7c3aed.").waitFor();
    expect(await colour.getAttribute("aria-invalid")).toBe("true");
    await shoot(page, "branding-colour-error");

    await colour.fill("#7c3aed");
    await page.getByRole("button", { name: "Save colour" }).click();
    await page.getByLabel("Logo", { exact: true }).setInputFiles(svgFile("logo.svg", "#4c1d95"));
    await page.getByRole("img", { name: "Current logo" }).waitFor();
    await page.getByLabel("Logo for dark backgrounds", { exact: true }).setInputFiles(svgFile("logo-dark.svg", "#ede9fe"));
    await page.getByRole("img", { name: "Current logo for dark backgrounds" }).waitFor();
    expect(await page.getByText("Write the colour as #").count()).toBe(0);

    await shoot(page, "branding-saved");

    // The project's hosted sign-in page shows the logo and name in the colour saved.
    await page.goto(`${server.url}/handler/sign-in?project_id=${projectId}`);
    await page.locator("header.lk-brand").getByText("Acme").waitFor();
    expect(await page.locator(".lk-brand img").count()).toBe(2);
    const primary = page.locator(".lk-button-primary").first();
    expect(await primary.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(124, 58, 237)");
    await context.close();
  });
});
