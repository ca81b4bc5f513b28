/**
 * Issue 37 item 5 on the identity provider's consent page, in Chromium against the real server: a project
 * with a logo for light and one for dark backgrounds, a name and a primary colour shows them above the
 * card like the other hosted pages (the dark logo in dark mode), its colour on the Allow button with
 * readable text. Shot light and dark at 1280 and 360 px with no moderate, serious or critical axe finding.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { useAccountServer, type AccountServer } from "../account/harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const svg = (body: string) => `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${body}</svg>`).toString("base64")}`;
const LIGHT_LOGO = svg('<circle cx="20" cy="20" r="18" fill="#4c1d95"/>');
const DARK_LOGO = svg('<circle cx="20" cy="20" r="18" fill="#f5f3ff"/>');

/** The `src` of each brand logo the page displays. */
const shownLogos = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll<HTMLImageElement>("header.brand img")).filter((img) => getComputedStyle(img).display !== "none").map((img) => img.src));

describe.each(dialects)("the consent page carries the project's branding (%s)", (dialect) => {
  let s: AccountServer;
  let browser: Browser;
  useAccountServer(dialect, (server, chromium) => ((s = server), (browser = chromium)));

  it("shows the logo, the name and the colour above the consent card", { timeout: 180_000 }, async () => {
    const admin = (method: string, path: string, body: unknown) => s.lk.call(method, path, { access: "admin", project: s.project, body });
    const branded = await admin("PATCH", "/internal/projects/current", { display_name: "Orbit Rockets", logo_url: LIGHT_LOGO, config: { branding: { primary_color: "#facc15", dark_logo_url: DARK_LOGO } } });
    expect(branded.status, branded.text).toBe(200);
    const client = await admin("POST", "/internal/oauth-clients", { name: "Partner Notes", type: "confidential", redirect_uris: ["http://localhost:9/callback"], allowed_scopes: ["openid", "email"] });
    expect(client.status, client.text).toBe(201);

    const zoe = await s.signUp("zoe.consent@example.com");
    const { context, page, errors } = await s.signedInPage(browser, zoe);
    const authorize = new URL(`${s.url}/api/v1/projects/${s.project.id}/oauth2/authorize`);
    const query = { response_type: "code", client_id: client.body.client_id as string, redirect_uri: "http://localhost:9/callback", scope: "openid email", state: "s1", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM", code_challenge_method: "S256" };
    for (const [key, value] of Object.entries(query)) authorize.searchParams.set(key, value);
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(authorize.toString());
    await page.getByRole("heading", { name: "Allow Partner Notes to use your account?" }).waitFor();

    const brand = page.locator("header.brand");
    await brand.getByText("Orbit Rockets").waitFor();
    const logoBase = `${s.url}/project-logos/${s.project.id}`;
    expect(await shownLogos(page)).toEqual([expect.stringMatching(new RegExp(`^${logoBase}/light\\?v=`))]);
    // The logo loads: the page's content security policy lets this server's images in.
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLImageElement>("header.brand img")?.naturalWidth ?? 0)).toBeGreaterThan(0);
    const allow = page.getByRole("button", { name: "Allow" });
    // Yellow reads with black text, not white.
    expect(await allow.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])).toEqual(["rgb(250, 204, 21)", "rgb(0, 0, 0)"]);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await shownLogos(page)).toEqual([expect.stringMatching(new RegExp(`^${logoBase}/dark\\?v=`))]);
    await shootThemes(page, "identity-provider", "consent-branding", { widths: ["desktop", "phone"], minImpact: "moderate" });
    expect(errors).toEqual([]);
    await context.close();
  });
});
