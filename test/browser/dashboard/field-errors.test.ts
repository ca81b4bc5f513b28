/**
 * The dashboard says what is wrong where it is wrong (issue 37 items 2 and 4), in Debian's Chromium
 * against the real app: a trusted domain without its scheme is refused on the Domain field in plain
 * words (not "Request validation failed on PATCH /trpc/updateAdminProject: …"), and with passkeys on
 * and a domain that is an IP address, the passkey switch warns that browsers refuse passkeys there.
 * Both states at desktop and phone width, light and dark, with no moderate, serious or critical axe-core finding.
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

describe.each(dialects)("dashboard field errors and the passkey warning on %s", (dialect) => {
  it("names the field a refused domain concerns, and warns about passkeys on IP-address domains", { timeout: 300_000 }, async () => {
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

    await page.goto(`${server.url}/dashboard/projects/${projectId}/domains`);
    const domain = page.getByLabel("Domain", { exact: true });
    await domain.fill("app.example.com");
    await page.getByRole("button", { name: "Add domain" }).click();
    await page.getByText("Enter a full address with its scheme, such as https://app.example.com").waitFor();
    expect(await domain.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Request validation failed").count()).toBe(0);
    await shoot(page, "domain-field-error");

    await domain.fill("https://192.168.1.20");
    await page.getByRole("button", { name: "Add domain" }).click();
    await page.getByRole("cell", { name: "https://192.168.1.20", exact: true }).waitFor();
    expect(await page.getByText("Enter a full address with its scheme").count()).toBe(0);

    await page.goto(`${server.url}/dashboard/projects/${projectId}/auth-methods`);
    const passkey = page.getByRole("switch", { name: "Passkey" });
    if ((await passkey.getAttribute("aria-checked")) !== "true") await passkey.click();
    await page.getByText("Passkeys do not work on pages reached by an IP address").waitFor();
    await page.getByRole("switch", { name: "Ask for the TOTP code after a passkey" }).waitFor();
    await shoot(page, "passkey-ip-warning");
    await context.close();
  });
});
