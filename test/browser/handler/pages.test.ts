/// <reference lib="dom" />
/**
 * Every hosted sign-in page in light and dark, at desktop and phone width: screenshots under
 * test-artifacts/screenshots/handler/, no serious or critical axe-core finding, nothing wider than the
 * window. Also: German texts and known errors from the browser's language, only the enabled methods
 * shown, and no layout shift while the sign-in page loads.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { PASSWORD, shootAll, startHandlerServer, type HandlerServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

// Screenshots once (they look the same on both databases); the checks run on each.
const shots = dialects[0];

describe.each(dialects)("hosted sign-in pages (%s)", (dialect) => {
  let server: HandlerServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startHandlerServer(dialect);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.[Symbol.asyncDispose]();
  });

  const fakeCode = "a".repeat(45);
  const pages: { name: string; query?: Record<string, string>; ready: string; setup?: "mfa" }[] = [
    { name: "sign-in", ready: "Sign in to Orbit" },
    { name: "sign-up", ready: "Create your Orbit account" },
    { name: "forgot-password", ready: "Reset your password" },
    { name: "password-reset", query: { code: fakeCode }, ready: "This code is not valid" },
    { name: "email-verification", query: { code: fakeCode }, ready: "Verify my e-mail address" },
    { name: "magic-link-callback", query: { code: fakeCode }, ready: "Sign me in" },
    { name: "mfa", ready: "Enter the 6-digit code", setup: "mfa" },
    { name: "error", query: { errorCode: "OAUTH_PROVIDER_ACCESS_DENIED" }, ready: "The provider did not allow the sign-in." },
    { name: "oauth-callback", query: { code: "x", state: "y" }, ready: "This sign-in was not started here" },
    { name: "sign-out", ready: "Sign in" },
    { name: "no-such-page", ready: "Page not found" },
  ];

  it("renders every page accessibly in both themes at both widths", { timeout: 240_000 }, async () => {
    const { page, errors, context } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    for (const entry of pages) {
      if (entry.setup === "mfa") {
        await page.goto(server.pageUrl("error"));
        await page.evaluate(() => sessionStorage.setItem("stack_mfa_attempt_code", "b".repeat(45)));
      }
      await page.goto(server.pageUrl(entry.name, entry.query));
      await page.getByText(entry.ready).first().waitFor();
      if (dialect === shots) await shootAll(page, entry.name);
    }
    // The magic-link form after sending, with the typed-code field.
    await page.goto(server.pageUrl("sign-in"));
    await page.getByRole("tab", { name: "E-mail code" }).click();
    await page.getByLabel("E-mail").fill("someone@orbit.test");
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await page.getByLabel("Code from the e-mail").waitFor();
    if (dialect === shots) await shootAll(page, "sign-in-code-sent");
    // A known error on the form.
    await page.goto(server.pageUrl("sign-in"));
    await page.getByLabel("E-mail").fill("nobody@orbit.test");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByText("Wrong e-mail or password.").waitFor();
    if (dialect === shots) await shootAll(page, "sign-in-error");
    // An unknown project.
    await page.goto(`${server.url}/handler/sign-in?project_id=00000000-0000-4000-8000-000000000000`);
    await page.getByText("App not found").waitFor();
    if (dialect === shots) await shootAll(page, "unknown-project");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("speaks German to a German browser, known errors included", { timeout: 60_000 }, async () => {
    const { page, errors, context } = await newPage(browser, { locale: "de-DE" });
    context.setDefaultTimeout(30_000);
    await page.goto(server.pageUrl("sign-in"));
    await page.getByText("Bei Orbit anmelden").waitFor();
    expect(await page.title()).toBe("Bei Orbit anmelden");
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
    await page.getByLabel("E-Mail").fill("niemand@orbit.test");
    await page.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.getByText("E-Mail-Adresse oder Passwort ist falsch.").waitFor();
    if (dialect === shots) await shootAll(page, "sign-in-de");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows only the methods the project enables, and nothing moves while the page loads", { timeout: 60_000 }, async () => {
    const { page, errors, context } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await page.goto(server.pageUrl("sign-in"));
    await page.getByRole("tab", { name: "E-mail code" }).waitFor();
    expect(await page.getByRole("button", { name: "Sign in with a passkey" }).count()).toBe(1);

    const off = await server.asAdmin("PATCH", "/internal/projects/current", { config: { magic_link_enabled: false, passkey_enabled: false, sign_up_enabled: false } });
    expect(off.status, off.text).toBe(200);
    // Layout shifts are recorded from the first paint on.
    await page.addInitScript(() => {
      (window as unknown as { shift: number }).shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { shift: number }).shift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(server.pageUrl("sign-in"));
    await page.getByLabel("Password", { exact: true }).waitFor();
    expect(await page.getByRole("tab").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Sign in with a passkey" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Sign up" }).count()).toBe(0);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.1);
    await page.goto(server.pageUrl("sign-up"));
    await page.getByText("New accounts cannot be created for this app.").waitFor();
    const on = await server.asAdmin("PATCH", "/internal/projects/current", { config: { magic_link_enabled: true, passkey_enabled: true, sign_up_enabled: true } });
    expect(on.status, on.text).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
