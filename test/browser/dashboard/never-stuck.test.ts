/**
 * Issue 37 items 7, 8 and 10 in Debian's Chromium against the real app on a port: one sign-in path on the
 * dashboard's entry; users and teams picked by searching (team members, test checkouts); impersonation by
 * a one-time link that the hosted pages redeem (audited); items and offers edited and deleted; whole
 * table rows that open their record (mouse and keyboard); audit rows naming the changed settings; the
 * transfer card creating a team; the template editor saying up front that it needs the project's own
 * SMTP server; users as cards at phone width and a long e-mail that fits the "signed in as" card.
 * Every state: desktop and phone, light and dark, axe-core to moderate.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classTheme, launchChromium, newPage, screenshot, shootThemes, viewports } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { ensureFrontendBuilt } from "../../support/frontend-build.js";
import type { ProjectCredentials } from "../../support/instance.js";
import { AREA, startDashboardServer, type DashboardServer } from "./harness.js";

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
const LONG_EMAIL = "augusta.ada.king.countess.of.lovelace@analytical-engine-society.example.com";
const shootAll = (page: Page, name: string) => shootThemes(page, AREA, name, { themes: classTheme, widths: ["desktop", "phone"], minImpact: "moderate" });

async function seed(server: DashboardServer) {
  const owner = await server.lk.call("POST", "/users", { access: "server", body: { primary_email: "owner@example.com", primary_email_auth_enabled: true, password: OWNER_PASSWORD } });
  expect(owner.status, owner.text).toBe(201);
  const teams = await server.lk.call("GET", `/teams?user_id=${owner.body.id}`, { access: "server" });
  const ownerTeamId = teams.body.items[0].id as string;
  const project = await server.lk.createProject({ displayName: "Acme", ownerTeamId });
  const call = (method: string, path: string, body?: unknown) => server.lk.call(method, path, { access: "server", project, body });
  const ada = await call("POST", "/users", { primary_email: LONG_EMAIL, primary_email_verified: true, display_name: "Ada Lovelace" });
  const grace = await call("POST", "/users", { primary_email: "grace@example.com", display_name: "Grace Hopper" });
  const nameless = await call("POST", "/users", { primary_email: `no.name.${LONG_EMAIL}` });
  const team = await call("POST", "/teams", { display_name: "Analytical Engines" });
  return { project, adaId: ada.body.id as string, graceId: grace.body.id as string, namelessId: nameless.body.id as string, teamId: team.body.id as string };
}

async function signIn(page: Page, server: DashboardServer) {
  await page.goto(`${server.url}/dashboard/`);
  await page.getByLabel("E-mail").fill("owner@example.com");
  await page.getByLabel("Password").fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("link", { name: "Acme" }).first().waitFor();
}

async function open(page: Page, server: DashboardServer, project: ProjectCredentials, path: string, heading: string) {
  await page.goto(`${server.url}/dashboard/projects/${project.id}/${path}`);
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes("Loading "));
}

/** Redeems an impersonation link in a fresh browser the way a person does: open it, press the button. */
async function redeem(link: string) {
  const visitor = await newPage(browser);
  visitor.context.setDefaultTimeout(30_000);
  await visitor.page.goto(link);
  await visitor.page.getByRole("button", { name: "Sign me in" }).click();
  await visitor.page.waitForURL((url) => url.pathname !== "/handler/magic-link-callback");
  return visitor;
}

describe.each(dialects)("dashboard pages that never leave a person stuck on %s", (dialect) => {
  it("pickers, impersonation link, items and offers, clickable rows, audit changes, transfer, template notice, phone layouts", { timeout: 600_000 }, async () => {
    await using server = await startDashboardServer(dialect);
    const { project, adaId, graceId, namelessId, teamId } = await seed(server);
    const { page, errors, context } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    const visitors: Awaited<ReturnType<typeof redeem>>[] = [];
    try {
      // Item 10: one way in: the password form, and one link for the other methods.
      await page.goto(`${server.url}/dashboard/`);
      await page.getByRole("heading", { name: "Sign in", exact: true }).waitFor();
      expect(await page.getByText("Continue to the sign-in page").count()).toBe(0);
      expect(await page.getByRole("link", { name: "Sign in with a code, a passkey or a provider" }).count()).toBe(1);
      await shootAll(page, "entry");
      await signIn(page, server);

      // Item 7: a click anywhere on a users row opens the user; so does Enter on its link.
      await open(page, server, project, "users", "Users");
      await page.getByRole("cell", { name: /grace@example\.com/ }).click();
      await page.waitForURL((url) => url.pathname.endsWith(`/users/${graceId}`));
      await page.goBack();
      await page.getByRole("link", { name: "Ada Lovelace" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname.endsWith(`/users/${adaId}`));
      await page.goBack();
      await page.getByRole("cell", { name: /grace@example\.com/ }).waitFor();
      await shootAll(page, "users");
      // Item 10: at phone width the users are cards, the long e-mail shown whole, nothing scrolls sideways.
      await page.setViewportSize(viewports.phone);
      const card = page.getByRole("list", { name: "Users" }).getByRole("link", { name: /Ada Lovelace/ });
      await card.getByText(LONG_EMAIL, { exact: true }).waitFor();
      const box = (await card.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewports.phone.width);
      await card.click();
      await page.waitForURL((url) => url.pathname.endsWith(`/users/${adaId}`));
      await page.setViewportSize(viewports.desktop);

      // Impersonation: a one-time link, no token on screen; the hosted pages redeem it; it is audited.
      await page.getByRole("button", { name: "Impersonate" }).click();
      await page.getByRole("button", { name: "Create a one-time link" }).click();
      const linkElement = page.getByRole("link", { name: "Open the app as Ada Lovelace" });
      const link = (await linkElement.getAttribute("href"))!;
      expect(new URL(link).pathname).toBe("/handler/magic-link-callback");
      expect(await page.getByRole("dialog").textContent()).not.toMatch(/refresh token|access token|eyJ/i);
      await shootAll(page, "impersonate-link");
      await page.getByRole("button", { name: "Close" }).click();
      visitors.push(await redeem(link));
      const sessions = await server.lk.call("GET", `/auth/sessions?user_id=${adaId}`, { access: "admin", project });
      expect(sessions.body.items.map((s: { is_impersonation: boolean }) => s.is_impersonation)).toEqual([true]);
      // A used link does not work twice.
      const again = await newPage(browser);
      await again.page.goto(link);
      await again.page.getByRole("button", { name: "Sign me in" }).click();
      await again.page.getByText(/already been used|no longer valid|expired|used/i).first().waitFor();
      await again.context.close();

      // Item 10: a long e-mail fits the hosted "signed in as" card at phone width.
      const made = await server.lk.call("POST", "/internal/impersonation-links", { access: "admin", project, body: { user_id: namelessId } });
      const nameless = await redeem(made.body.url);
      visitors.push(nameless);
      await nameless.page.setViewportSize(viewports.phone);
      await nameless.page.goto(`${server.url}/handler/sign-in?project_id=${project.id}`);
      await nameless.page.getByRole("heading", { name: /You are signed in as no\.name\./ }).waitFor();
      await shootThemes(nameless.page, AREA, "hosted-signed-in-as-long-email", { widths: ["phone", "desktop"], minImpact: "moderate" });

      // Teams: the row opens the team; members are added by searching, with the keyboard.
      await open(page, server, project, "teams", "Teams");
      await page.getByRole("row", { name: /Analytical Engines/ }).getByRole("cell").nth(1).click();
      await page.waitForURL((url) => url.pathname.endsWith(`/teams/${teamId}`));
      await page.waitForFunction(() => !document.body.innerText.includes("Loading "));
      const picker = page.getByRole("combobox", { name: "Add a member" });
      await picker.fill("grace");
      await page.getByRole("option", { name: /Grace Hopper/ }).waitFor();
      await shootAll(page, "team-member-picker-open");
      await picker.press("ArrowDown");
      await picker.press("ArrowUp");
      await picker.press("Enter");
      await page.getByRole("group", { name: "Add a member" }).getByText("Grace Hopper").waitFor();
      await page.getByRole("button", { name: "Add member" }).click();
      await page.getByRole("table", { name: "Members" }).getByRole("link", { name: "Grace Hopper" }).waitFor();
      const members = await server.lk.call("GET", `/team-member-profiles?team_id=${teamId}`, { access: "server", project });
      expect(members.body.items.map((m: { user_id: string }) => m.user_id)).toEqual([graceId]);
      await shootAll(page, "team-member-added");

      // Payments: items and offers edited and deleted; the test checkout's customer picked by name.
      await open(page, server, project, "payments", "Payments");
      await page.getByLabel("Item id").fill("credits");
      await page.getByLabel("Item name").fill("Credits");
      await page.getByRole("button", { name: "Add item" }).click();
      await page.getByRole("cell", { name: "Credits", exact: true }).waitFor();
      await page.getByRole("button", { name: "Edit item credits" }).click();
      await page.getByLabel("Item name").fill("Credit units");
      await page.getByRole("button", { name: "Save item" }).click();
      await page.getByRole("cell", { name: "Credit units", exact: true }).waitFor();
      await page.getByLabel("Offer id").fill("pro");
      await page.getByLabel("Offer name").fill("Pro pack");
      await page.getByLabel("Includes item").selectOption("credits");
      await page.getByRole("button", { name: "Add offer" }).click();
      await page.getByRole("cell", { name: "Pro pack", exact: true }).waitFor();
      await page.getByRole("button", { name: "Edit offer pro" }).click();
      expect(await page.getByLabel("Offer name").inputValue()).toBe("Pro pack");
      await page.getByLabel("Offer name").fill("Pro pack plus");
      await page.getByLabel("Price (USD)").fill("19.00");
      await page.getByRole("button", { name: "Save offer" }).click();
      await page.getByRole("cell", { name: "Pro pack plus", exact: true }).waitFor();
      await page.getByRole("cell", { name: /19\.00 USD/ }).waitFor();
      await page.getByRole("combobox", { name: "Customer (user)" }).fill("ada");
      await page.getByRole("option", { name: /Ada Lovelace/ }).click();
      await page.getByRole("button", { name: "Create checkout link" }).click();
      await page.getByRole("link", { name: "Open the checkout page" }).waitFor();
      await page.setViewportSize(viewports.phone);
      await page.waitForTimeout(300);
      // Item 10: at phone width items and offers are cards (like the users), not tables that scroll sideways.
      for (const list of ["Items", "Offers"]) {
        expect(await page.getByRole("table", { name: list }).count()).toBe(0);
        await page.getByRole("list", { name: list }).waitFor();
      }
      await page.getByRole("list", { name: "Offers" }).getByText(/19\.00 USD/).waitFor();
      await page.getByRole("button", { name: /Complete as a test purchase/ }).click();
      await page.getByText("Purchase completed.").waitFor();
      await page.getByRole("list", { name: "Transactions" }).getByText("Pro pack plus").waitFor();
      expect(await page.getByRole("table", { name: "Transactions" }).count()).toBe(0);
      await shootAll(page, "payments-edited");
      await page.getByRole("button", { name: "Delete offer pro" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete offer" }).click();
      await page.getByText("No offers yet.").waitFor();
      await page.getByRole("button", { name: "Delete item credits" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete item" }).click();
      await page.getByText("No items yet.").waitFor();
      const config = await server.lk.call("GET", "/internal/projects/current", { access: "admin", project });
      expect(config.status).toBe(200);
      const override = (await server.lk.deps.queries.projects.find(project.id))!.configOverride;
      expect(override["payments.items.credits"] ?? null).toBeNull();
      expect(override["payments.offers.pro"] ?? null).toBeNull();

      // Audit log: the impersonation link and the config changes with the keys they changed.
      await open(page, server, project, "audit-log", "Audit log");
      const entries = page.getByTestId("audit-entries");
      await entries.getByText("session.impersonation_link_created").first().waitFor();
      await entries.getByText("Changed settings:").first().waitFor();
      await entries.getByText("payments.offers.pro", { exact: true }).first().waitFor();
      await shootAll(page, "audit-log-changes");

      // Transfer: with no other team, the card creates one, then offers it.
      await open(page, server, project, "settings", "Settings");
      await page.getByText("You belong to no other team yet.").waitFor();
      await shootAll(page, "transfer-no-team");
      await page.getByLabel("New team name").fill("Moonbase");
      await page.getByRole("button", { name: "Create team" }).click();
      await expect.poll(() => page.getByLabel("New owner team").inputValue().catch(() => "")).not.toBe("");
      expect(await page.getByLabel("New owner team").locator("option:checked").textContent()).toBe("Moonbase");

      // Item 8: on the shared mail server the template editor says so first, read-only, with the way out.
      await open(page, server, project, "emails?tab=templates", "E-mails");
      await page.getByRole("note", { name: "Own mail server needed" }).waitFor();
      expect(await page.getByRole("button", { name: "Save", exact: true }).isDisabled()).toBe(true);
      expect(await page.locator(".cm-content").first().getAttribute("contenteditable")).toBe("false");
      await shootAll(page, "templates-smtp-required");
      await page.getByRole("button", { name: "Set up your SMTP server" }).click();
      await page.getByRole("radio", { name: "My own SMTP server" }).waitFor();
      expect(new URL(page.url()).searchParams.get("tab")).toBeNull();
      // With its own server the editor is editable, and fits its card at phone width.
      const smtp = { isShared: false, provider: "smtp", host: "127.0.0.1", port: server.sink.port, username: "u", password: "p", senderName: "Acme", senderEmail: "noreply@acme.test" };
      const patched = await server.lk.call("PATCH", "/internal/config/override", { access: "admin", project, body: { config_override_string: JSON.stringify({ "emails.server": smtp }) } });
      expect(patched.status, patched.text).toBe(200);
      await open(page, server, project, "emails?tab=templates", "E-mails");
      await page.locator(".cm-content").first().waitFor();
      expect(await page.getByRole("note", { name: "Own mail server needed" }).count()).toBe(0);
      expect(await page.locator(".cm-content").first().getAttribute("contenteditable")).toBe("true");
      await shootAll(page, "templates-own-server");

      expect([...errors, ...visitors.flatMap((v) => v.errors)]).toEqual([]);
    } catch (error) {
      await screenshot(page, AREA, "never-stuck-failure");
      throw new Error(`${String(error)}\npage errors: ${errors.join("; ")}`, { cause: error });
    } finally {
      for (const v of visitors) await v.context.close();
    }
  });
});
