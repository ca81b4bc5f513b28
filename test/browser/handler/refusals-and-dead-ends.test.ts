/**
 * Refusals in plain words and pages without dead ends (issue 37 items 2 and 3), on the hosted pages in
 * Chromium: the password rules listed up front with the failed one named (too common, too easy to
 * guess), the unverified-address answer to a magic link saying how to sign in and verify, a cut link
 * answered as an invalid code with the action that helps, and resend buttons with a countdown on the
 * code and link pages. Every state is shot light and dark at desktop and phone width with no moderate,
 * serious or critical axe-core finding.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { AREA, arrive, PASSWORD, startHandlerServer, type HandlerServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

let counter = 0;
const email = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}@orbit.test`;
const shoot = (page: Page, name: string) => shootThemes(page, AREA, `refusal-${name}`, { widths: ["desktop", "phone"], minImpact: "moderate" });

describe.each(dialects)("refusals and dead ends on the hosted pages in Chromium (%s)", (dialect) => {
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
  const open = async () => {
    const opened = await newPage(browser);
    opened.context.setDefaultTimeout(60_000);
    return opened;
  };

  it("lists the password rules up front and names the one a refused password fails", { timeout: 180_000 }, async () => {
    const { page, context } = await open();
    await page.goto(server.pageUrl("sign-up"));
    const password = page.getByLabel("Password", { exact: true });
    await password.waitFor();
    // The rules are the field's description, before anything is typed.
    expect(await password.getAttribute("aria-describedby")).toBeTruthy();
    await page.getByText("8 to 70 characters").waitFor();
    await shoot(page, "rules");
    const tryPassword = async (value: string) => {
      await page.getByLabel("E-mail").fill(email("rules"));
      await password.fill(value);
      await page.getByLabel("Repeat the password").fill(value);
      await page.getByRole("button", { name: "Create account" }).click();
    };
    await tryPassword("password");
    await page.getByText("Too common: this password is one of the most used ones.").waitFor();
    expect(await page.locator(".lk-rules li[data-failed]").innerText()).toContain("Not met:");
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    await shoot(page, "too-common");
    await tryPassword("aaaaaaaaaaaa");
    await page.getByText("Too easy to guess: it follows a pattern people often use.").waitFor();
    await shoot(page, "too-guessable");
    await context.close();
  });

  it("says how to sign in and verify when a magic link is asked for an unverified address, and resends with a countdown", { timeout: 180_000 }, async () => {
    const unverified = email("unverified");
    expect((await server.asClient("POST", "/auth/password/sign-up", { email: unverified, password: PASSWORD })).status).toBe(200);
    const { page, context } = await open();
    await page.clock.install();
    await page.goto(server.pageUrl("sign-in"));
    await page.getByRole("tab", { name: "E-mail code" }).click();
    await page.getByLabel("E-mail").fill(unverified);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await page.getByText("An account with this e-mail address exists, but the address is not verified yet").waitFor();
    await shoot(page, "unverified-address");

    const fresh = email("fresh");
    await page.getByLabel("E-mail").fill(fresh);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    const resend = page.getByRole("button", { name: /Send again in \d+ s/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await shoot(page, "resend-countdown");
    await server.mailTo(fresh);
    const sent = server.sink.messages.length;
    await page.clock.runFor(31_000);
    await page.getByRole("button", { name: "Send it again" }).click();
    await page.getByText("A new mail is on its way.").waitFor();
    await server.mailTo(fresh, sent);
    await page.getByRole("button", { name: /Send again in \d+ s/ }).waitFor();
    await shoot(page, "resent");
    await context.close();
  });

  it("answers a cut link as an invalid code and offers a new link right there", { timeout: 180_000 }, async () => {
    const { page, context } = await open();
    await page.goto(server.pageUrl("email-verification", { code: "abc123" }));
    await page.getByRole("button", { name: "Verify my e-mail address" }).click({ timeout: 60_000 }).catch(async (e: unknown) => {
      throw new Error(await page.locator("body").innerText(), { cause: e });
    });
    await page.getByText("This code is not valid. Check it, or ask for a new one.").waitFor();
    await page.getByRole("button", { name: "Sign in to ask for a new link" }).waitFor();
    await shoot(page, "verification-invalid");
    await page.getByRole("button", { name: "Sign in to ask for a new link" }).click();
    await arrive(page, /\/handler\/sign-in\?.*after_auth_return_to=.*account-settings/);

    await page.goto(server.pageUrl("magic-link-callback", { code: "abc123" }));
    await page.getByRole("button", { name: "Sign me in" }).click();
    await page.getByText("This code is not valid. Check it, or ask for a new one.").waitFor();
    await shoot(page, "magic-link-invalid");
    await page.getByRole("button", { name: "Ask for a new sign-in link" }).click();
    await arrive(page, /\/handler\/sign-in/);

    await page.goto(server.pageUrl("password-reset", { code: "abc123" }));
    await page.getByText("This code is not valid. Check it, or ask for a new one.").waitFor();
    await page.getByRole("button", { name: "Ask for a new link" }).waitFor();
    await context.close();
  });

  it("offers a new verification link to a signed-in user whose link has expired", { timeout: 180_000 }, async () => {
    const address = email("expired");
    const signUp = await server.asClient("POST", "/auth/password/sign-up", { email: address, password: PASSWORD, verification_callback_url: `${server.url}/handler/email-verification` });
    expect(signUp.status).toBe(200);
    const { page, context } = await open();
    await context.addCookies([{ name: `stack-refresh-${server.project.id}`, value: encodeURIComponent(signUp.body.refresh_token), url: server.url }]);
    // A code of the right form that the server does not know stands for an expired or replaced link.
    await page.goto(server.pageUrl("email-verification", { code: "a".repeat(45) }));
    await page.getByRole("button", { name: "Verify my e-mail address" }).click();
    await page.getByText("This code is not valid. Check it, or ask for a new one.").waitFor();
    const before = server.sink.messages.length;
    await page.getByRole("button", { name: "Send me a new link" }).click();
    await page.getByText("A new mail is on its way.").waitFor();
    await server.mailTo(address, before);
    await shoot(page, "verification-resent");
    await context.close();
  });
});
