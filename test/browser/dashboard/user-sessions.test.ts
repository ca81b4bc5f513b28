/**
 * Issue 37 item 9 in the dashboard: a user's sessions table names each session's device (browser and
 * system, from the User-Agent it was started with) and address, and says so for a session
 * started without either. Desktop and phone, light and dark, axe-core to moderate.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classTheme, launchChromium, newPage, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { AREA, startDashboardServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const OWNER_PASSWORD = "correct horse battery staple";
const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

describe.each(dialects)("a user's sessions in the dashboard on %s", (dialect) => {
  it("shows the device and address of each session", { timeout: 300_000 }, async () => {
    await using server = await startDashboardServer(dialect);
    const owner = await server.lk.call("POST", "/users", { access: "server", body: { primary_email: "owner@example.com", primary_email_auth_enabled: true, password: OWNER_PASSWORD } });
    expect(owner.status, owner.text).toBe(201);
    const ownerTeamId = (await server.lk.call("GET", `/teams?user_id=${owner.body.id}`, { access: "server" })).body.items[0].id as string;
    const project = await server.lk.createProject({ displayName: "Acme", ownerTeamId });
    const ada = await server.lk.call("POST", "/users", { access: "server", project, body: { primary_email: "ada@example.com", display_name: "Ada Lovelace" } });
    // A server app signing Ada in names her browser and address; a bare server call names neither.
    const named = await server.lk.call("POST", "/auth/sessions", {
      access: "server",
      project,
      body: { user_id: ada.body.id },
      headers: { "user-agent": FIREFOX_ON_WINDOWS, "x-latchkey-end-user-ip": "198.51.100.23" },
    });
    expect(named.status, named.text).toBe(200);
    expect((await server.lk.call("POST", "/auth/sessions", { access: "server", project, body: { user_id: ada.body.id } })).status).toBe(200);

    const { page, errors, context } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await page.goto(`${server.url}/dashboard/`);
    await page.getByLabel("E-mail").fill("owner@example.com");
    await page.getByLabel("Password").fill(OWNER_PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("link", { name: "Acme" }).first().waitFor();
    await page.goto(`${server.url}/dashboard/projects/${project.id}/users/${ada.body.id}`);
    const table = page.getByRole("table", { name: "Sessions" });
    const firefox = table.getByRole("row").filter({ hasText: "Firefox 133 on Windows" });
    await firefox.waitFor();
    expect(await firefox.textContent()).toContain("198.51.100.23");
    expect(await table.getByRole("row").filter({ hasText: "Unknown device" }).filter({ hasText: "address unknown" }).count()).toBe(1);
    await shootThemes(page, AREA, "user-sessions", { themes: classTheme, widths: ["desktop", "phone"], minImpact: "moderate" });
    expect(errors).toEqual([]);
    await context.close();
  });
});
