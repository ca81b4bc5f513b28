/**
 * The owner's journey through the dashboard in Debian's Chromium, against the real app on a port: the
 * first owner signs up, creates a project, enables magic link, adds OAuth providers, creates keys, a
 * user (and edits their metadata), a team and a permission definition, reads the audit log and deletes
 * the project. Every page is photographed in light and dark and checked with axe-core; what the UI did
 * is checked through the REST API with the keys the UI created.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage, screenshot } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { startSmtpSink } from "../../support/smtp-sink.js";
import { startWebhookReceiver } from "../../support/webhook-receiver.js";
import { shootBoth, startDashboardServer, type DashboardServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = "correct horse battery staple";

async function signUpOwner(page: Page, server: DashboardServer, email: string) {
  await page.goto(`${server.url}/dashboard/`);
  await page.getByRole("heading", { name: "Latchkey dashboard" }).waitFor();
  await shootBoth(page, "sign-in");
  await page.getByRole("button", { name: "No account yet? Create one" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
}

/** An owner account made through the API (no sign-up e-mail involved), signed in through the form. */
async function signInOwner(page: Page, server: DashboardServer, email: string) {
  const created = await server.lk.call("POST", "/users", {
    access: "server",
    body: { primary_email: email, primary_email_auth_enabled: true, password: PASSWORD },
  });
  expect(created.status, created.text).toBe(201);
  await page.goto(`${server.url}/dashboard/`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Waits until the live preview shows a rendered e-mail. The server's render sandbox has a 1-second budget
 * that a loaded test machine can exceed; the preview then says so and offers "Render again", used here.
 */
async function previewRendered(page: Page) {
  await retryRendering(page, async () => {
    await page.waitForFunction(() => {
      const frame = document.querySelector('iframe[title="E-mail preview"]');
      return document.body.innerText.includes("It does not render yet") || (frame !== null && !(frame.getAttribute("srcdoc") ?? "").includes("Rendering…"));
    });
    if (await page.getByText("It does not render yet").isVisible()) {
      await page.getByRole("button", { name: "Render again" }).click();
      await page.waitForTimeout(1500);
      return false;
    }
    return true;
  });
}

async function retryRendering(page: Page, attempt: () => Promise<boolean>) {
  for (let i = 0; i < 4; i++) if (await attempt()) return;
  throw new Error("the e-mail did not render after 4 attempts");
}

async function openSection(page: Page, name: string, heading = name) {
  await page.getByRole("navigation", { name: "Project" }).getByRole("link", { name, exact: true }).click();
  await page.getByRole("heading", { level: 1, name: heading }).waitFor();
  // Wait for the page's first loads to finish ("Loading …" states gone).
  await page.waitForFunction(() => !document.body.innerText.includes("Loading "));
}

describe.each(dialects)("dashboard owner journey on %s", (dialect) => {
  it("lets the first owner sign up with the fallback form and lands on the first-run screen", { timeout: 120_000 }, async () => {
    await using server = await startDashboardServer(dialect);
    const { page, errors } = await newPage(browser);
    await signUpOwner(page, server, "first@example.com");
    await page.getByRole("heading", { name: "Welcome to Latchkey" }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("owner-email").textContent()).toBe("first@example.com");
    expect(errors).toEqual([]);
  });

  it("signs up, creates a project, manages it and deletes it", { timeout: 480_000 }, async () => {
    await using server = await startDashboardServer(dialect);
    const { page, errors } = await newPage(browser);
    try {
      await journey(page, server, errors);
    } catch (error) {
      await screenshot(page, "dashboard", "failure");
      throw new Error(`${String(error)}\npage errors: ${errors.join("; ")}`);
    }
  });
});

async function journey(page: Page, server: DashboardServer, errors: string[]) {
  await signInOwner(page, server, "owner@example.com");

  // First run: no project yet.
  await page.getByRole("heading", { name: "Welcome to Latchkey" }).waitFor({ timeout: 30_000 });
  await shootBoth(page, "first-run");
  await page.getByLabel("Project name").fill("Acme");
  await page.getByRole("button", { name: "Create project" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
  const projectId = new URL(page.url()).pathname.split("/")[3]!;
  expect(projectId).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByTestId("total-users").waitFor();
  await page.getByText("Sign-ups per day").waitFor();
  await shootBoth(page, "overview");

  // Tablet width: the sidebar folds behind a menu button, reached and used with the keyboard alone.
  await page.setViewportSize({ width: 820, height: 1180 });
  const nav = page.getByRole("navigation", { name: "Project" });
  await nav.waitFor({ state: "hidden" });
  await page.locator("body").focus();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.getAttribute("aria-label") === "Project menu")) break;
  }
  await page.keyboard.press("Enter");
  await nav.waitFor();
  await shootBoth(page, "overview-tablet-menu");
  await nav.getByRole("link", { name: "Users", exact: true }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { level: 1, name: "Users" }).waitFor();
  await nav.waitFor({ state: "hidden" });
  await shootBoth(page, "users-tablet");
  await page.setViewportSize({ width: 1280, height: 800 });

  // API keys: the full values appear once, in the creation dialog.
  await openSection(page, "API keys");
  await page.getByRole("button", { name: "Create keys" }).click();
  await page.getByLabel("Description").fill("journey keys");
  await page.getByRole("checkbox", { name: /Super-secret admin key/ }).check();
  await page.getByRole("dialog").getByRole("button", { name: "Create keys" }).click();
  const serverKey = (await page.locator('[data-secret="Secret server key"]').textContent())!.trim();
  expect(serverKey).toMatch(/^ssk_/);
  const adminKey = (await page.locator('[data-secret="Super-secret admin key"]').textContent())!.trim();
  await shootBoth(page, "api-keys-created");
  await page.getByRole("button", { name: "I have copied them" }).click();
  await page.getByRole("cell", { name: "journey keys", exact: true }).waitFor();
  expect(await page.content()).not.toContain(serverKey);
  await shootBoth(page, "api-keys");
  const project = { id: projectId, keys: { publishableClientKey: "", secretServerKey: serverKey, superSecretAdminKey: adminKey } };

  // Auth methods: magic link on, a shared GitHub provider and a custom OpenID Connect provider.
  await openSection(page, "Auth methods");
  await page.getByRole("switch", { name: "Magic link" }).click();
  await page.getByText("Saved").first().waitFor();
  await page.getByRole("button", { name: "Add provider" }).click();
  await page.getByRole("dialog").getByLabel("Provider").selectOption("github");
  await page.getByRole("dialog").getByRole("button", { name: "Add provider" }).click();
  await page.getByRole("cell", { name: "GitHub", exact: true }).waitFor();
  await page.getByRole("button", { name: "Add provider" }).click();
  await page.getByRole("dialog").getByLabel("Provider").selectOption("oidc");
  await page.getByLabel("Provider key").fill("okta");
  await page.getByLabel("Issuer URL").fill("https://login.example.com");
  await page.getByLabel("Client id").fill("okta-client");
  await page.getByLabel("Client secret").fill("okta-secret-value");
  await page.getByRole("dialog").getByRole("button", { name: "Add provider" }).click();
  await page.getByRole("cell", { name: "OpenID Connect (okta)", exact: true }).waitFor();
  expect(await page.content()).not.toContain("okta-secret-value");
  await shootBoth(page, "auth-methods");
  const current = await server.lk.call("GET", "/projects/current", { access: "server", project });
  expect(current.status).toBe(200);
  expect(current.body.config.magic_link_enabled).toBe(true);
  expect(current.body.config.enabled_oauth_providers).toEqual([{ id: "github" }]);

  // Users: create one, open their page, edit the server metadata.
  await openSection(page, "Users");
  await shootBoth(page, "users-empty");
  await page.getByRole("button", { name: "Create user" }).click();
  await page.getByRole("dialog").getByLabel("E-mail", { exact: true }).fill("ada@example.com");
  await page.getByRole("dialog").getByLabel("Display name").fill("Ada Lovelace");
  await page.getByRole("dialog").getByRole("button", { name: "Create user" }).click();
  await page.getByRole("heading", { level: 1, name: "Ada Lovelace" }).waitFor();
  const userId = new URL(page.url()).pathname.split("/")[5]!;
  await page.getByRole("textbox", { name: "Server metadata" }).fill('{"plan": "pro"}');
  await page.getByRole("button", { name: "Save Server metadata" }).click();
  await page.getByText("Saved").first().waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes("Loading "));
  await shootBoth(page, "user-detail");
  // Impersonation: a one-time link (no token shown); once used, the session is listed as an impersonation.
  await page.getByRole("button", { name: "Impersonate" }).click();
  await page.getByRole("button", { name: "Create a one-time link" }).click();
  const link = await page.getByRole("link", { name: /^Open the app as/ }).getAttribute("href");
  await shootBoth(page, "user-impersonate");
  await page.getByRole("button", { name: "Close" }).click();
  const used = await server.lk.call("POST", "/auth/otp/sign-in", { access: "server", project, body: { code: new URL(link!).searchParams.get("code") } });
  expect(used.status, used.text).toBe(200);
  const sessions = await server.lk.call("GET", `/auth/sessions?user_id=${userId}`, { access: "admin", project });
  expect(sessions.body.items.map((x: { is_impersonation: boolean }) => x.is_impersonation)).toEqual([true]);
  const user = await server.lk.call("GET", `/users/${userId}`, { access: "server", project });
  expect(user.body.server_metadata).toEqual({ plan: "pro" });
  // Many users: the table pages through them with the server's cursor and searches on the server.
  for (let i = 0; i < 30; i++) {
    const res = await server.lk.call("POST", "/users", { access: "server", project, body: { primary_email: `member${i}@example.com`, display_name: `Member ${i}` } });
    expect(res.status).toBe(201);
  }
  await openSection(page, "Users");
  await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 25);
  const firstPage = await page.locator("tbody tr td:first-child").allTextContents();
  await shootBoth(page, "users");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByText("Page 2", { exact: true }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 6);
  const secondPage = await page.locator("tbody tr td:first-child").allTextContents();
  // The 31 users (Ada and 30 members), each on exactly one page.
  expect(new Set([...firstPage, ...secondPage]).size).toBe(31);
  expect([...firstPage, ...secondPage]).toContain("Ada Lovelace");
  await page.getByLabel("Search users").fill("member17@");
  await page.getByText("Page 1", { exact: true }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 1);
  await page.getByRole("link", { name: "Member 17" }).waitFor();

  // Teams: create one.
  await openSection(page, "Teams");
  await page.getByRole("button", { name: "Create team" }).click();
  await page.getByRole("dialog").getByLabel("Team name").fill("Analytical Engines");
  await page.getByRole("dialog").getByRole("button", { name: "Create team" }).click();
  await page.getByRole("heading", { level: 1, name: "Analytical Engines" }).waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes("Loading "));
  await shootBoth(page, "team-detail");
  await openSection(page, "Teams");
  await shootBoth(page, "teams");

  // Permissions: a team permission containing a system one.
  await openSection(page, "Permissions");
  await page.getByRole("button", { name: "New team permission" }).click();
  await page.getByLabel("Permission id").fill("billing:manage");
  await page.getByRole("dialog").getByLabel("Description").fill("Manage the team's billing");
  await page.getByRole("dialog").getByRole("checkbox", { name: "$read_members" }).check();
  await page.getByRole("button", { name: "Create permission" }).click();
  await page.getByRole("cell", { name: "billing:manage", exact: true }).waitFor();
  const memberDefault = page.getByRole("group", { name: "Team members get" }).getByRole("checkbox", { name: "billing:manage" });
  await memberDefault.click();
  await page.getByText("Default permissions saved").first().waitFor();
  expect(await memberDefault.isChecked()).toBe(true);
  const withDefaults = await server.lk.call("GET", "/internal/projects/current", { access: "admin", project });
  expect(withDefaults.body.config.team_member_default_permissions).toContainEqual({ id: "billing:manage" });
  await shootBoth(page, "permissions");

  // The remaining pages.
  await openSection(page, "Domains");
  await shootBoth(page, "domains");
  await openSection(page, "Data vault");
  await shootBoth(page, "data-vault");

  // E-mail: the project's own SMTP server (the test sink), a test mail, a template edited with its preview.
  await using sink = await startSmtpSink();
  await openSection(page, "E-mails");
  await page.getByRole("button", { name: "Save e-mail server" }).waitFor();
  await shootBoth(page, "emails-shared");
  await page.getByLabel("My own SMTP server").check();
  await page.getByLabel("SMTP host").fill("127.0.0.1");
  await page.getByLabel("Port").fill(String(sink.port));
  await page.getByLabel("Username").fill("mailer");
  await page.getByLabel("Password", { exact: true }).fill("sink-password");
  await page.getByLabel("Sender name").fill("Acme");
  await page.getByLabel("Sender e-mail").fill("noreply@acme.test");
  await page.getByRole("button", { name: "Save e-mail server" }).click();
  await page.getByText("E-mail server saved").first().waitFor();
  await page.getByLabel("Send a test mail to").fill("owner@example.com");
  await page.getByRole("button", { name: "Send test mail" }).click();
  await sink.waitFor((m) => m.to.includes("owner@example.com"), 15_000);
  await page.getByText("Sent. Check the inbox.").waitFor();
  await shootBoth(page, "emails-server");
  await page.getByRole("tab", { name: "Templates" }).click();
  await previewRendered(page);
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n// edited in the dashboard\n");
  await previewRendered(page);
  await retryRendering(page, async () => {
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Template saved").or(page.getByText("could not be rendered")).first().waitFor();
    return page.getByText("Template saved").first().isVisible();
  });
  const templates = await server.lk.call("GET", "/internal/email-templates", { access: "admin", project });
  expect(templates.body.templates.some((t: { tsx_source: string }) => t.tsx_source.includes("// edited in the dashboard"))).toBe(true);
  await shootBoth(page, "emails-templates");
  await page.getByRole("tab", { name: "Themes" }).click();
  await previewRendered(page);
  await shootBoth(page, "emails-themes");
  await page.getByRole("tab", { name: "Drafts" }).click();
  await page.getByLabel("New draft name").fill("Launch news");
  await page.getByRole("button", { name: "Create draft" }).click();
  await page.getByRole("heading", { name: "Launch news" }).waitFor();
  await shootBoth(page, "emails-drafts");
  await page.getByRole("tab", { name: "Sent" }).click();
  await page.waitForFunction(() => !document.body.innerText.includes("Loading "));
  await shootBoth(page, "emails-sent");

  // Webhooks: an endpoint on a local receiver gets the next event, and the delivery shows up.
  await using receiver = await startWebhookReceiver();
  await openSection(page, "Webhooks");
  await shootBoth(page, "webhooks-empty");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await page.getByLabel("Endpoint URL").fill(receiver.url);
  await page.getByRole("dialog").getByRole("button", { name: "Add endpoint" }).click();
  expect(await page.locator('[data-secret="Signing secret"]').textContent()).toMatch(/^whsec_/);
  await page.getByRole("button", { name: "Done" }).click();
  const grace = await server.lk.call("POST", "/users", {
    access: "server",
    project,
    body: { primary_email: "grace@example.com", display_name: "Grace Hopper" },
  });
  expect(grace.status).toBe(201);
  for (let i = 0; i < 20 && receiver.received.length === 0; i++) {
    await server.lk.deps.jobs.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(receiver.received.length).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Refresh" }).click();
  await page.getByRole("cell", { name: "user.created", exact: true }).first().waitFor();
  await page.getByText("sent", { exact: true }).first().waitFor();
  await shootBoth(page, "webhooks");

  // Payments: an item, an offer including it, a checkout link for Ada, a test-mode purchase.
  await openSection(page, "Payments");
  await page.getByLabel("Item id").fill("credits");
  await page.getByLabel("Item name").fill("Credits");
  await page.getByRole("button", { name: "Add item" }).click();
  await page.getByRole("cell", { name: "credits", exact: true }).waitFor();
  await page.getByLabel("Offer id").fill("pro");
  await page.getByLabel("Offer name").fill("Pro pack");
  await page.getByLabel("Billing").selectOption("once");
  await page.getByLabel("Includes item").selectOption("credits");
  await page.getByLabel("Quantity").fill("100");
  await page.getByRole("button", { name: "Add offer" }).click();
  await page.getByRole("cell", { name: "Pro pack", exact: true }).waitFor();
  await page.getByRole("combobox", { name: "Customer (user)" }).fill("Ada");
  await page.getByRole("option", { name: /Ada Lovelace/ }).click();
  await page.getByRole("button", { name: "Create checkout link" }).click();
  const checkout = await page.getByRole("link", { name: "Open the checkout page" }).getAttribute("href");
  const fullCode = decodeURIComponent(/\/handler\/purchase\/([^/?#]+)/.exec(checkout!)![1]!);
  const bought = await server.lk.call("POST", "/internal/payments/test-mode-purchase-session", { access: "admin", project, body: { full_code: fullCode, price_id: "default" } });
  expect(bought.status, bought.text).toBe(200);
  await page.getByRole("button", { name: "Refresh transactions" }).click();
  await page.getByRole("table", { name: "Transactions" }).getByRole("cell", { name: "Pro pack", exact: true }).waitFor();
  await shootBoth(page, "payments");
  const credits = await server.lk.call("GET", `/payments/items/user/${userId}/credits`, { access: "server", project });
  expect(credits.body.quantity).toBe(100);

  // Audit log: what the owner did is there.
  await openSection(page, "Audit log");
  await page.getByTestId("audit-entries").getByText("api_key_set.created").waitFor();
  await shootBoth(page, "audit-log");

  // Settings: delete the project with the typed confirmation.
  await openSection(page, "Project settings");
  await shootBoth(page, "settings");
  const deleteButton = page.getByRole("button", { name: "Delete this project" });
  expect(await deleteButton.isDisabled()).toBe(true);
  await page.getByLabel(/Type the project name/).fill("Acme");
  await deleteButton.click();
  await page.getByRole("heading", { name: "Welcome to Latchkey" }).waitFor({ timeout: 30_000 });
  const gone = await server.lk.call("GET", "/projects/current", { access: "server", project });
  expect(gone.status).not.toBe(200);

  // Signing out leads back to the sign-in page and forgets the session.
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("heading", { name: "Latchkey dashboard" }).waitFor();
  expect((await page.context().cookies()).some((c) => c.name === "stack-refresh-internal" && c.value !== "")).toBe(false);

  expect(errors).toEqual([]);
}
