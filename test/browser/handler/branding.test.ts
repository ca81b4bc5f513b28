/**
 * Branding on the hosted pages in Chromium (issue 37 item 5): a project with a logo, a logo for dark
 * backgrounds and a primary colour shows its logo and name above every page's card (the dark logo in
 * dark mode), its colour on the primary button with readable text, and each provider button carries the
 * provider's mark. Shot light and dark at desktop and phone width, with no moderate, serious or critical
 * axe-core finding.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { AREA, arrive, PASSWORD, startHandlerServer, type HandlerServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const svg = (body: string) => `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${body}</svg>`).toString("base64")}`;
/** A violet rocket-ish mark for light backgrounds and a white one for dark backgrounds. */
const LIGHT_LOGO = svg('<circle cx="20" cy="20" r="18" fill="#4c1d95"/><path d="M20 7l7 18h-14z" fill="#fde68a"/>');
const DARK_LOGO = svg('<circle cx="20" cy="20" r="18" fill="#f5f3ff"/><path d="M20 7l7 18h-14z" fill="#4c1d95"/>');
const VIOLET = "#7c3aed";

/** The `src` of the brand logo the page shows (the hidden one is not displayed). */
const shownLogo = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll<HTMLImageElement>(".lk-brand img")).filter((img) => getComputedStyle(img).display !== "none").map((img) => img.src));

describe.each(dialects)("branding on the hosted pages in Chromium (%s)", (dialect) => {
  let server: HandlerServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startHandlerServer(dialect, {
      oauth_providers: [{ id: "google", type: "shared" }, { id: "github", type: "shared" }, { id: "microsoft", type: "shared" }],
    });
    const branded = await server.asAdmin("PATCH", "/internal/projects/current", { display_name: "Orbit Rockets", logo_url: LIGHT_LOGO, config: { branding: { primary_color: VIOLET, dark_logo_url: DARK_LOGO } } });
    expect(branded.status, branded.text).toBe(200);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.[Symbol.asyncDispose]();
  });

  it("shows the logo, the name, the colour and the provider marks; the dark logo in dark mode", { timeout: 240_000 }, async () => {
    const { page, context, errors } = await newPage(browser);
    context.setDefaultTimeout(60_000);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(server.pageUrl("sign-in"));
    const brand = page.locator("header.lk-brand");
    await brand.getByText("Orbit Rockets").waitFor();
    const logoBase = `${server.url}/project-logos/${server.project.id}`;
    expect(await shownLogo(page)).toEqual([expect.stringMatching(new RegExp(`^${logoBase}/light\\?v=`))]);
    // The logo loads (an image the server serves, not a broken one).
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLImageElement>(".lk-brand img")?.naturalWidth ?? 0)).toBeGreaterThan(0);

    for (const provider of ["Google", "GitHub", "Microsoft"]) {
      const button = page.getByRole("button", { name: `Continue with ${provider}` });
      await expect.poll(() => button.locator("svg[aria-hidden=true]").count()).toBe(1);
    }
    // The brand colour on the primary button, with white text (it reads better than black on violet).
    const primary = page.locator(".lk-button-primary").first();
    expect(await primary.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])).toEqual(["rgb(124, 58, 237)", "rgb(255, 255, 255)"]);
    await shootThemes(page, AREA, "branding-sign-in", { widths: ["desktop", "phone"], minImpact: "moderate" });

    await page.emulateMedia({ colorScheme: "dark" });
    expect(await shownLogo(page)).toEqual([expect.stringMatching(new RegExp(`^${logoBase}/dark\\?v=`))]);

    // Every page of the handler carries the branding, not only sign-in.
    await page.emulateMedia({ colorScheme: "light" });
    for (const name of ["sign-up", "forgot-password", "error"]) {
      await page.goto(server.pageUrl(name));
      await brand.getByText("Orbit Rockets").waitFor();
      expect(await shownLogo(page)).toHaveLength(1);
    }
    await shootThemes(page, AREA, "branding-sign-up", { widths: ["phone"], minImpact: "moderate" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the branding above the account settings too", { timeout: 240_000 }, async () => {
    const address = `ada-${Date.now().toString(36)}@orbit.test`;
    expect((await server.asClient("POST", "/auth/password/sign-up", { email: address, password: PASSWORD })).status).toBe(200);
    const { page, context } = await newPage(browser);
    context.setDefaultTimeout(60_000);
    await page.goto(server.pageUrl("sign-in", { after_auth_return_to: `/handler/account-settings?project_id=${server.project.id}` }));
    await page.getByLabel("E-mail").fill(address);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await arrive(page, /\/handler\/account-settings/);
    await page.locator("header.lk-brand").getByText("Orbit Rockets").waitFor();
    await page.locator(".lk-acc-title").waitFor();
    await shootThemes(page, AREA, "branding-account-settings", { widths: ["desktop", "phone"], minImpact: "moderate" });
    await context.close();
  });

  it("picks black text for a light brand colour", { timeout: 120_000 }, async () => {
    expect((await server.asAdmin("PATCH", "/internal/projects/current", { config: { branding: { primary_color: "#facc15" } } })).status).toBe(200);
    const { page, context } = await newPage(browser);
    await page.goto(server.pageUrl("sign-in"));
    const primary = page.locator(".lk-button-primary").first();
    await primary.waitFor();
    expect(await primary.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])).toEqual(["rgb(250, 204, 21)", "rgb(0, 0, 0)"]);
    await shootThemes(page, AREA, "branding-sign-in-yellow", { widths: ["desktop"], minImpact: "moderate" });
    await context.close();
  });
});
