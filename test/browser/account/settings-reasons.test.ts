/**
 * Issue 37 items 2, 3 and 4 in the hosted account settings, in Chromium against the real server: the
 * password rules listed up front with the failing one named (too short, too common, too long), a resend
 * countdown on "Send verification e-mail", and the passkey section saying plainly, on a page opened by IP
 * address, that passkeys need a domain name. Every state is shot light and dark at 1280 and 360 px with
 * no moderate, serious or critical axe-core finding.
 */
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { AREA, PASSWORD, useAccountServer, type AccountServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const shoot = (page: Page, name: string) => shootThemes(page, AREA, name, { widths: ["desktop", "phone"], minImpact: "moderate" });

describe.each(dialects)("refusals and countdowns in the account settings on %s", (dialect) => {
  let s: AccountServer;
  let browser: Browser;
  useAccountServer(dialect, (server, chromium) => ((s = server), (browser = chromium)));

  it("lists the password rules up front and names the one a new password fails", { timeout: 180_000 }, async () => {
    const ivy = await s.signUp("ivy.rules@example.com");
    const { context, page, errors } = await s.signedInPage(browser, ivy);
    await page.goto(s.pageUrl("account-settings", {}, "#password"));
    const next = page.getByLabel("New password", { exact: true });
    await next.waitFor();
    // The rules describe the field before anything is typed.
    const rulesId = await next.getAttribute("aria-describedby");
    expect(rulesId).toBeTruthy();
    expect(await page.locator(`[id="${rulesId}"]`).innerText()).toContain("8 to 70 characters");
    await shoot(page, "password-rules");

    const tryPassword = async (value: string) => {
      await page.getByLabel("Current password").fill(PASSWORD);
      await next.fill(value);
      await page.getByLabel("Repeat new password").fill(value);
      await page.getByRole("button", { name: "Change password" }).click();
    };
    const failed = page.locator("#lk-account-password li[data-failed]");
    await tryPassword("short");
    await page.getByText("Too short: the password needs at least 8 characters.").waitFor();
    expect(await failed.innerText()).toContain("8 to 70 characters");
    expect(await next.getAttribute("aria-invalid")).toBe("true");
    await shoot(page, "password-too-short");

    await tryPassword("password");
    await page.getByText("Too common: this password is one of the most used ones.").waitFor();
    expect(await failed.innerText()).toContain("not to be a common password");

    // A long generated password is not cut at 70 characters (a password manager would keep the long one).
    await tryPassword("x7#Kq".repeat(15));
    expect(await next.inputValue()).toHaveLength(75);
    await page.getByText("Too long: the password may have at most 70 characters.").waitFor();
    await shoot(page, "password-too-long");

    await tryPassword("another long passphrase");
    await page.getByText("Your password was changed.").waitFor();
    expect(await failed.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("counts down before a verification e-mail can be sent again", { timeout: 180_000 }, async () => {
    const ned = await s.signUp("ned.verify@example.com");
    const { context, page, errors } = await s.signedInPage(browser, ned);
    await page.clock.install();
    await page.goto(s.pageUrl("account-settings", {}, "#emails"));
    const row = page.locator("#lk-account-emails .lk-acc-item", { hasText: ned.email });
    const send = row.getByRole("button", { name: "Send verification e-mail" });
    await send.waitFor();
    const mailsTo = () => s.sink.messages.filter((m) => m.to.includes(ned.email)).length;
    const before = mailsTo();
    await send.click();
    await page.getByText(`We sent a verification e-mail to ${ned.email}.`).waitFor();
    const waiting = row.getByRole("button", { name: /Send again in \d+ s/ });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).toBe(true);
    await expect.poll(async () => (await s.lk.deps.jobs.runOnce(), mailsTo())).toBe(before + 1);
    await shoot(page, "email-resend-countdown");
    await page.clock.runFor(31_000);
    await send.click();
    await waiting.waitFor();

    // An address just added was sent its mail already: its button starts with the countdown.
    await page.getByLabel("E-mail address").fill("ned@work.example");
    await page.getByRole("button", { name: "Add e-mail" }).click();
    await page.getByText("We sent a verification e-mail to ned@work.example.").waitFor();
    const added = page.locator("#lk-account-emails .lk-acc-item", { hasText: "ned@work.example" });
    expect(await added.getByRole("button", { name: /Send again in \d+ s/ }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says on a page opened by IP address that passkeys need a domain name", { timeout: 180_000 }, async () => {
    const pia = await s.signUp("pia.passkeys@example.com");
    const { context, page, errors } = await s.signedInPage(browser, pia);
    const byIp = s.pageUrl("account-settings", {}, "#passkeys").replace("//localhost:", "//127.0.0.1:");
    expect(byIp).toContain("127.0.0.1");
    await context.addCookies([{ name: `stack-refresh-${s.project.id}`, value: encodeURIComponent(pia.refreshToken), url: new URL(byIp).origin }]);
    await page.goto(byIp);
    await page.getByText("Passkeys work only on pages opened by a domain name (such as auth.example.com or localhost), not by an IP address like 127.0.0.1.").waitFor();
    expect(await page.getByRole("button", { name: "Add a passkey" }).isDisabled()).toBe(true);
    await shoot(page, "passkeys-ip-address");

    // By its name the same page offers the passkey as before.
    await page.goto(s.pageUrl("account-settings", {}, "#passkeys"));
    await page.getByRole("button", { name: "Add a passkey" }).waitFor();
    expect(await page.getByText("not by an IP address").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Add a passkey" }).isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
