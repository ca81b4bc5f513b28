/**
 * Issue 40, the dashboard's OAuth apps page in Chromium against the real app: an owner registers a
 * confidential client (its secret shown once, and it works at the token endpoint), edits its redirect URIs,
 * rotates its secret (the old one stops working), turns dynamic client registration on, adds and removes
 * a scope of the project's own (mapped to a project permission), and deletes the client. Empty list, form, secret and list photographed at desktop and phone width, light and dark, axe
 * clean down to moderate findings.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classTheme, launchChromium, newPage, screenshot, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { AREA, startDashboardServer, type DashboardServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

const OWNER_PASSWORD = "correct horse battery staple";
const shootAll = (page: Page, name: string) => shootThemes(page, AREA, name, { themes: classTheme, widths: ["desktop", "phone"], minImpact: "moderate" });

async function signInOwner(page: Page, server: DashboardServer, email: string) {
  const created = await server.lk.call("POST", "/users", { access: "server", body: { primary_email: email, primary_email_auth_enabled: true, password: OWNER_PASSWORD } });
  expect(created.status, created.text).toBe(201);
  await page.goto(`${server.url}/dashboard/`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** A client_credentials token request with HTTP Basic client authentication: the status the token endpoint answers. */
async function tokenStatus(server: DashboardServer, projectId: string, clientId: string, secret: string): Promise<number> {
  const response = await fetch(`${server.url}/api/v1/projects/${projectId}/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`)}` },
    body: new URLSearchParams({ grant_type: "client_credentials" }).toString(),
  });
  return response.status;
}

describe.each(dialects)("dashboard OAuth apps on %s", (dialect) => {
  it("registers a client with its secret shown once, edits it, rotates the secret, turns self-registration on and deletes it", { timeout: 300_000 }, async () => {
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

      await page.getByRole("link", { name: "OAuth apps" }).first().click();
      await page.getByText("No OAuth apps yet").waitFor();
      await page.getByRole("switch", { name: "Dynamic client registration" }).waitFor();
      await shootAll(page, "oauth-apps-empty");

      await page.getByRole("button", { name: "Register app" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("Name").fill("Partner portal");
      await dialog.getByLabel("Redirect URIs").fill("https://partner.example.com/callback");
      await dialog.getByText("Client credentials").click();
      await shootAll(page, "oauth-apps-form");
      await dialog.getByRole("button", { name: "Register" }).click();
      const secret = (await dialog.locator('[data-secret="Client secret"]').textContent())!.trim();
      const clientId = (await dialog.locator('[data-secret="Client id"]').textContent())!.trim();
      expect(secret.length).toBeGreaterThan(20);
      await shootAll(page, "oauth-apps-secret");
      expect(await tokenStatus(server, projectId, clientId, secret)).toBe(200);
      await dialog.getByRole("button", { name: "I have copied them" }).click();

      const row = page.getByRole("row").filter({ hasText: "Partner portal" });
      await row.getByText(`secret …${secret.slice(-4)}`).waitFor();
      await row.getByText("https://partner.example.com/callback", { exact: true }).waitFor();

      await row.getByRole("button", { name: "Edit Partner portal" }).click();
      await dialog.getByLabel("Redirect URIs").fill("https://partner.example.com/callback\nhttps://partner.example.com/other");
      await dialog.getByRole("button", { name: "Save" }).click();
      await row.getByText("https://partner.example.com/other").waitFor();
      const [stored] = await server.lk.deps.queries.identityProvider.listClients(projectId);
      expect(stored).toMatchObject({ clientId, redirectUris: ["https://partner.example.com/callback", "https://partner.example.com/other"], grantTypes: ["authorization_code", "refresh_token", "client_credentials"] });

      await row.getByRole("button", { name: "Rotate secret of Partner portal" }).click();
      await dialog.getByRole("button", { name: "Rotate secret" }).click();
      const rotated = (await dialog.locator('[data-secret="Client secret"]').textContent())!.trim();
      expect(rotated).not.toBe(secret);
      await dialog.getByRole("button", { name: "I have copied them" }).click();
      expect(await tokenStatus(server, projectId, clientId, secret)).toBe(401);
      expect(await tokenStatus(server, projectId, clientId, rotated)).toBe(200);
      await shootAll(page, "oauth-apps-list");

      await page.getByRole("switch", { name: "Dynamic client registration" }).click();
      await expect.poll(async () => (await server.lk.deps.queries.identityProvider.settings(projectId)).dynamicRegistrationEnabled).toBe(true);
      await expect.poll(() => page.getByRole("switch", { name: "Dynamic client registration" }).getAttribute("aria-checked")).toBe("true");

      // A scope of the project's own, standing for a project permission defined on the Permissions page.
      await page.getByText("Define a project permission first").waitFor();
      await page.getByRole("link", { name: "Permissions" }).first().click();
      await page.getByRole("button", { name: "New project permission" }).click();
      await dialog.getByLabel("Permission id").fill("read_notes");
      await dialog.getByRole("button", { name: "Create permission" }).click();
      await page.getByRole("link", { name: "OAuth apps" }).first().click();
      await page.getByLabel("New scope").fill("notes:read");
      await page.getByLabel("Description", { exact: true }).fill("Read your notes");
      await page.getByRole("button", { name: "Add scope" }).click();
      await page.getByRole("table", { name: "Project scopes" }).getByText("read_notes").waitFor();
      expect((await server.lk.deps.queries.identityProvider.settings(projectId)).scopes).toEqual([{ scope: "notes:read", description: "Read your notes", permission_id: "read_notes" }]);
      await shootAll(page, "oauth-apps-scopes");
      await page.getByRole("button", { name: "Remove notes:read" }).click();
      await page.getByText("No scopes of your own yet.").waitFor();

      await row.getByRole("button", { name: "Delete Partner portal" }).click();
      await dialog.getByRole("button", { name: "Delete app" }).click();
      await page.getByText("No OAuth apps yet").waitFor();
      expect(await server.lk.deps.queries.identityProvider.listClients(projectId)).toEqual([]);
      expect(errors).toEqual([]);
    } catch (error) {
      await screenshot(page, AREA, "oauth-apps-failure");
      throw new Error(`${String(error)}\npage errors: ${errors.join("; ")}`, { cause: error });
    }
  });
});
