/**
 * The MFA page's recovery codes in Chromium (issue 37 item 1): the visible switch to a recovery code, a
 * wrong one refused, a good one signing in once with the count of codes left, a reused one refused with
 * its reason, and the switch back to the authenticator's code. Every state is shot light and dark at
 * desktop and phone width with no moderate, serious or critical axe-core finding.
 */
import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { AREA, arrive, PASSWORD, startHandlerServer, type HandlerServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

describe.each(dialects)("MFA page with recovery codes in Chromium (%s)", (dialect) => {
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

  const shoot = (page: Parameters<typeof shootThemes>[0], name: string) => shootThemes(page, AREA, `recovery-${name}`, { widths: ["desktop", "phone"], minImpact: "moderate" });

  it("signs in with a recovery code once per code, says how many remain, and refuses a reused one", { timeout: 360_000 }, async () => {
    const address = `grace-${Date.now().toString(36)}@orbit.test`;
    const signUp = await server.asClient("POST", "/auth/password/sign-up", { email: address, password: PASSWORD });
    expect(signUp.status, signUp.text).toBe(200);
    const token = signUp.body.access_token as string;
    expect((await server.asClient("PATCH", "/users/me", { totp_secret_base64: randomBytes(20).toString("base64") }, token)).status).toBe(200);
    const created = await server.asClient("POST", "/auth/mfa/recovery-codes", undefined, token);
    const codes = created.body.recovery_codes as string[];
    const back = `/handler/error?project_id=${server.project.id}&errorCode=AFTER_RECOVERY`;

    const { page, errors, context } = await newPage(browser);
    context.setDefaultTimeout(60_000);
    const signIn = async () => {
      await page.goto(server.pageUrl("sign-in", { after_auth_return_to: back }));
      await page.getByLabel("E-mail").fill(address);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await arrive(page, /\/handler\/mfa/);
      await page.getByLabel("One-time code").waitFor();
    };

    await signIn();
    await shoot(page, "totp");
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    const field = page.getByLabel("Recovery code");
    await field.waitFor();
    await shoot(page, "switch");
    await field.fill("aaaaaa-bbbbbb-cccccc-dddddd");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("This recovery code is not one of yours.").waitFor();
    await shoot(page, "wrong");
    // Capitals and spaces instead of dashes, as people copy codes, still count.
    await field.fill(codes[0]!.toUpperCase().replaceAll("-", " "));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Recovery codes still unused: 9.").waitFor();
    await shoot(page, "signed-in");
    await page.getByRole("button", { name: "Continue" }).click();
    await arrive(page, `${server.url}${back}`);
    await context.clearCookies();

    await signIn();
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await field.fill(codes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("This recovery code has already been used. Each code works once: use another one of your codes.").waitFor();
    await shoot(page, "reused");
    await field.fill(codes[1]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Recovery codes still unused: 8.").waitFor();

    // The switch goes both ways.
    await context.clearCookies();
    await signIn();
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByRole("button", { name: "Use the code from your authenticator app" }).click();
    await page.getByLabel("One-time code").waitFor();
    expect(errors.filter((e) => !/status of (400|409)/.test(e))).toEqual([]);
    await context.close();
  });
});
