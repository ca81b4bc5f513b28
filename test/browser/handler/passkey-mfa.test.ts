/**
 * Passkeys and the second factor on the hosted pages in Chromium (issue 37 item 4): a user with TOTP
 * signs in with a passkey (CDP virtual authenticator with user verification) without the MFA page, the
 * project's setting brings the MFA page back, and a page reached by IP address explains why passkeys
 * cannot work there; after a password, a passkey stands in for the code on the MFA page. The explanation
 * and the MFA page's passkey offer are shot light and dark at desktop and phone width with no
 * moderate, serious or critical axe-core finding.
 */
import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { AREA, arrive, PASSWORD, startHandlerServer, type HandlerServer } from "./harness.js";
import { addVirtualAuthenticator, registerPasskeyInPage } from "./passkey-registration.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

describe.each(dialects)("passkeys and MFA on the hosted pages in Chromium (%s)", (dialect) => {
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

  it("signs a user with TOTP in by passkey alone, and asks for the code when the project requires it", { timeout: 180_000 }, async () => {
    const address = `ada-${Date.now().toString(36)}@orbit.test`;
    const signUp = await server.asClient("POST", "/auth/password/sign-up", { email: address, password: PASSWORD });
    const token = signUp.body.access_token as string;
    expect((await server.asClient("PATCH", "/users/me", { totp_secret_base64: randomBytes(20).toString("base64") }, token)).status).toBe(200);
    const { page, context } = await open();
    await addVirtualAuthenticator(page);
    await page.goto(server.pageUrl("error"));
    expect(await registerPasskeyInPage(page, { projectId: server.project.id, key: server.project.keys.publishableClientKey, accessToken: token })).toBe(200);

    const back = `/handler/error?project_id=${server.project.id}&errorCode=AFTER_PASSKEY`;
    await page.goto(server.pageUrl("sign-in", { after_auth_return_to: back }));
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await arrive(page, `${server.url}${back}`);

    const strict = await server.asAdmin("PATCH", "/internal/config/override", { config_override_string: JSON.stringify({ "auth.passkey.requireSecondFactor": true }) });
    expect(strict.status, strict.text).toBe(200);
    await context.clearCookies();
    await page.goto(server.pageUrl("sign-in", { after_auth_return_to: back }));
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await arrive(page, /\/handler\/mfa/);
    await page.getByLabel("One-time code").waitFor();
    await server.asAdmin("PATCH", "/internal/config/override", { config_override_string: JSON.stringify({ "auth.passkey.requireSecondFactor": false }) });
    await context.close();
  });

  it("offers a passkey as the second factor after a password, and no passkey button to a user without one", { timeout: 180_000 }, async () => {
    const withKey = `grace-${Date.now().toString(36)}@orbit.test`;
    const withoutKey = `alan-${Date.now().toString(36)}@orbit.test`;
    const tokens: Record<string, string> = {};
    for (const address of [withKey, withoutKey]) {
      const signUp = await server.asClient("POST", "/auth/password/sign-up", { email: address, password: PASSWORD });
      tokens[address] = signUp.body.access_token as string;
      expect((await server.asClient("PATCH", "/users/me", { totp_secret_base64: randomBytes(20).toString("base64") }, tokens[address])).status).toBe(200);
    }
    const { page, context } = await open();
    await addVirtualAuthenticator(page);
    await page.goto(server.pageUrl("error"));
    expect(await registerPasskeyInPage(page, { projectId: server.project.id, key: server.project.keys.publishableClientKey, accessToken: tokens[withKey]! })).toBe(200);

    const back = `/handler/error?project_id=${server.project.id}&errorCode=AFTER_PASSKEY_FACTOR`;
    const passwordFirst = async (address: string) => {
      await page.goto(server.pageUrl("sign-in", { after_auth_return_to: back }));
      await page.getByLabel("E-mail").fill(address);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await arrive(page, /\/handler\/mfa/);
      await page.getByLabel("One-time code").waitFor();
    };

    await passwordFirst(withoutKey);
    // The page asked the server whether a passkey can stand in; for this user it cannot.
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("button", { name: "Use a passkey instead" }).count()).toBe(0);

    await context.clearCookies();
    await passwordFirst(withKey);
    const usePasskey = page.getByRole("button", { name: "Use a passkey instead" });
    await usePasskey.waitFor();
    await shootThemes(page, AREA, "mfa-passkey-offer", { widths: ["desktop", "phone"], minImpact: "moderate" });
    await usePasskey.click();
    await arrive(page, `${server.url}${back}`);
    await context.close();
  });

  it("explains on a page reached by IP address that passkeys need a domain name", { timeout: 180_000 }, async () => {
    const { page, context } = await open();
    const byIp = server.pageUrl("sign-in").replace("//localhost:", "//127.0.0.1:");
    expect(byIp).toContain("127.0.0.1");
    await page.goto(byIp);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.getByText("Passkeys work only on pages opened by a domain name (such as auth.example.com or localhost), not by an IP address like 127.0.0.1.").waitFor();
    await shootThemes(page, AREA, "passkey-ip-address", { widths: ["desktop", "phone"], minImpact: "moderate" });
    await context.close();
  });
});
