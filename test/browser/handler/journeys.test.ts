/// <reference lib="dom" />
/**
 * The hosted sign-in pages in Debian's Chromium against the real server (in-process, on a port): sign up
 * and verify by the mailed link, password sign-in (relative return target followed, untrusted one
 * refused), forgot and reset password, magic link by link and by typed code, TOTP MFA, passkey
 * registration and sign-in with a virtual authenticator, and OAuth with the local OpenID Connect provider.
 */
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { startOidcProvider } from "../../support/oidc-provider.js";
import { arrive, codeLink, PASSWORD, shootAll, startHandlerServer, type HandlerServer } from "./harness.js";
import { addVirtualAuthenticator, registerPasskeyInPage } from "./passkey-registration.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

let counter = 0;
const email = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}@orbit.test`;

describe.each(dialects)("hosted sign-in journeys in Chromium (%s)", (dialect) => {
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

  /** A relative page to come back to after signing in, and its full URL. */
  const target = (marker: string) => {
    const relative = `/handler/error?project_id=${server.project.id}&errorCode=${marker}`;
    return { relative, url: `${server.url}${relative}` };
  };
  const signUpByApi = async (address: string) => {
    const res = await server.asClient("POST", "/auth/password/sign-up", { email: address, password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    return res.body as { user_id: string; access_token: string; refresh_token: string };
  };
  const refreshCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === `stack-refresh-${server.project.id}`);
  const open = async (options: Parameters<typeof newPage>[1] = {}) => {
    const opened = await newPage(browser, options);
    // Two cores shared by parallel browser tests: give slow moments room.
    opened.context.setDefaultTimeout(30_000);
    return opened;
  };
  const noErrors = (errors: string[]) => expect(errors.filter((e) => !/NotAllowedError/.test(e))).toEqual([]);

  it("signs up with a password, then verifies the address by the mailed link after a click", { timeout: 90_000 }, async () => {
    const address = email("ada");
    const back = target("SIGNED_UP");
    const { page, errors, context } = await open();
    await page.goto(server.pageUrl("sign-up", { after_auth_return_to: back.relative }));
    await page.getByLabel("E-mail").fill(address);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Repeat the password").fill(PASSWORD + "x");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByText("The passwords do not match.").count()).toBe(1);
    await page.getByLabel("Repeat the password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await arrive(page, back.url);
    expect(await refreshCookie(page)).toBeDefined();

    const mail = await server.mailTo(address);
    const link = codeLink(mail);
    expect(link.startsWith(`${server.url}/handler/email-verification?project_id=${server.project.id}&code=`)).toBe(true);
    const signIn = await server.asClient("POST", "/auth/password/sign-in", { email: address, password: PASSWORD });
    const userId = signIn.body.user_id as string;
    const verified = async () => (await server.lk.call("GET", `/users/${userId}`, { access: "server", project: server.project })).body.primary_email_verified as boolean;

    // Opening the link does nothing by itself (mail scanners open links); the click verifies.
    const opened = await open();
    await opened.page.goto(link);
    await opened.page.getByRole("button", { name: "Verify my e-mail address" }).waitFor();
    expect(await verified()).toBe(false);
    await opened.page.getByRole("button", { name: "Verify my e-mail address" }).click();
    await opened.page.getByText("Your e-mail address is verified.").waitFor();
    expect(await verified()).toBe(true);
    noErrors([...errors, ...opened.errors]);
    await context.close();
    await opened.context.close();
  });

  it("signs in with a password: follows a relative return target, refuses an untrusted one, shows known errors", { timeout: 90_000 }, async () => {
    const address = email("grace");
    await signUpByApi(address);

    const evil = await open();
    await evil.page.goto(server.pageUrl("sign-in", { after_auth_return_to: "https://evil.example/steal" }));
    await evil.page.getByText("https://evil.example/steal").first().waitFor();
    await evil.page.getByLabel("E-mail").fill(address);
    await evil.page.getByLabel("Password", { exact: true }).fill("wrong password!");
    await evil.page.getByRole("button", { name: "Sign in", exact: true }).click();
    await evil.page.getByText("Wrong e-mail or password.").waitFor();
    await evil.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await evil.page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => evil.page.getByRole("alert").filter({ hasText: "is not trusted" }).count()).toBeGreaterThan(0);
    await evil.page.waitForTimeout(500);
    expect(new URL(evil.page.url()).host).toBe(new URL(server.url).host);
    expect(new URL(evil.page.url()).pathname).toBe("/handler/sign-in");

    const back = target("SIGNED_IN");
    const good = await open();
    await good.page.goto(server.pageUrl("sign-in", { after_auth_return_to: back.relative }));
    // The link to the sign-up page carries the return target along.
    const signUpHref = await good.page.getByRole("link", { name: "Sign up" }).getAttribute("href");
    expect(new URL(signUpHref!, server.url).searchParams.get("after_auth_return_to")).toBe(back.relative);
    await good.page.getByLabel("E-mail").fill(address);
    await good.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await good.page.getByRole("button", { name: "Sign in", exact: true }).click();
    await arrive(good.page, back.url);
    expect(await refreshCookie(good.page)).toBeDefined();
    // Signed in, the sign-in page says so instead of showing the form.
    await good.page.goto(server.pageUrl("sign-in"));
    await good.page.getByText(`You are signed in as ${address}.`).waitFor();
    // Signing out ends the session on the server and lands on the sign-in page.
    const refreshToken = decodeURIComponent((await refreshCookie(good.page))!.value);
    await good.page.goto(server.pageUrl("sign-out"));
    await arrive(good.page, /\/handler\/sign-in/);
    await good.page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    expect((await refreshCookie(good.page))?.value ?? "").toBe("");
    const refreshed = await server.lk.call("POST", "/auth/sessions/current/refresh", { access: "client", project: server.project, headers: { "x-stack-refresh-token": refreshToken } });
    expect(refreshed.status).not.toBe(200);
    noErrors([...evil.errors, ...good.errors]);
    await evil.context.close();
    await good.context.close();
  });

  it("resets a forgotten password through the mailed link", { timeout: 90_000 }, async () => {
    const address = email("linus");
    await signUpByApi(address);
    const before = server.sink.messages.length;
    const { page, errors, context } = await open();
    await page.goto(server.pageUrl("sign-in"));
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await arrive(page, /\/handler\/forgot-password/);
    await page.getByLabel("E-mail").fill(address);
    await page.getByRole("button", { name: "Send the reset link" }).click();
    await page.getByText(`If an account exists for ${address}`).waitFor();
    const link = codeLink(await server.mailTo(address, before, (m) => m.text.includes("/handler/password-reset?")));
    await page.goto(link);
    const newPassword = "a brand new passphrase";
    await page.getByLabel("New password").fill(newPassword);
    await page.getByLabel("Repeat the password").fill(newPassword);
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.getByText("Your password has been changed.").waitFor();
    expect((await server.asClient("POST", "/auth/password/sign-in", { email: address, password: newPassword })).status).toBe(200);
    expect((await server.asClient("POST", "/auth/password/sign-in", { email: address, password: PASSWORD })).status).toBe(400);
    // The used link now says so.
    await page.goto(link);
    await page.getByText("This code has already been used.").waitFor();
    noErrors(errors);
    await context.close();
  });

  it("signs in by magic link (after a click on the link's page) and by the typed code", { timeout: 90_000 }, async () => {
    const address = email("hedy");
    const back = target("MAGIC_LINK");
    const first = await open();
    await first.page.goto(server.pageUrl("sign-in", { after_auth_return_to: back.relative }));
    await first.page.getByRole("tab", { name: "E-mail code" }).click();
    await first.page.getByLabel("E-mail").fill(address);
    await first.page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await first.page.getByText(`We sent a link and a code to ${address}`).waitFor();
    const link = codeLink(await server.mailTo(address));
    expect(new URL(link).searchParams.get("after_auth_return_to")).toBe(back.relative);
    const byLink = await open();
    await byLink.page.goto(link);
    await byLink.page.getByRole("button", { name: "Sign me in" }).click();
    await arrive(byLink.page, back.url);
    expect(await refreshCookie(byLink.page)).toBeDefined();

    // A second sign-in by the code typed into the first page.
    const before = server.sink.messages.length;
    await first.page.getByRole("button", { name: "Use another e-mail address" }).click();
    await first.page.getByLabel("E-mail").fill(address);
    await first.page.getByRole("button", { name: "Send me a sign-in link" }).click();
    const mail = await server.mailTo(address, before);
    const otp = new URL(codeLink(mail)).searchParams.get("code")!.slice(0, 6).toUpperCase();
    expect(mail.text).toContain(otp);
    await first.page.getByLabel("Code from the e-mail").fill("ZZZZZZ");
    await first.page.getByRole("button", { name: "Sign in with the code" }).click();
    await first.page.getByRole("alert").filter({ hasText: "This code is not valid" }).waitFor();
    await first.page.getByLabel("Code from the e-mail").fill(otp);
    await first.page.getByRole("button", { name: "Sign in with the code" }).click();
    await arrive(first.page, back.url);
    expect(await refreshCookie(first.page)).toBeDefined();
    noErrors([...first.errors, ...byLink.errors]);
    await first.context.close();
    await byLink.context.close();
  });

  it("asks for the TOTP code on the MFA page, then finishes the sign-in", { timeout: 90_000 }, async () => {
    const address = email("alan");
    const user = await signUpByApi(address);
    const secret = randomBytes(20);
    const enabled = await server.asClient("PATCH", "/users/me", { totp_secret_base64: secret.toString("base64") }, user.access_token);
    expect(enabled.status, enabled.text).toBe(200);
    const totp = new TOTP({ secret: new Secret({ buffer: Uint8Array.from(secret).buffer }), digits: 6, period: 30 });
    const back = target("AFTER_MFA");
    const { page, errors, context } = await open();
    await page.goto(server.pageUrl("sign-in", { after_auth_return_to: back.relative }));
    await page.getByLabel("E-mail").fill(address);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await arrive(page, /\/handler\/mfa/);
    expect(await page.evaluate(() => sessionStorage.getItem("stack_mfa_attempt_code"))).toHaveLength(45);
    const now = server.lk.clock.now().getTime();
    const wrong = String((Number(totp.generate({ timestamp: now })) + 1) % 1_000_000).padStart(6, "0");
    await page.getByLabel("One-time code").fill(wrong);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("The one-time code is not correct.").waitFor();
    await page.getByLabel("One-time code").fill(totp.generate({ timestamp: now }));
    await page.getByRole("button", { name: "Verify" }).click();
    await arrive(page, back.url);
    expect(await refreshCookie(page)).toBeDefined();
    noErrors(errors);
    await context.close();
  });

  it("registers a passkey with a virtual authenticator and signs in with it", { timeout: 90_000 }, async () => {
    const address = email("barbara");
    const user = await signUpByApi(address);
    const { page, errors, context } = await open();
    await addVirtualAuthenticator(page);
    await page.goto(server.pageUrl("error"));
    const registered = await registerPasskeyInPage(page, { projectId: server.project.id, key: server.project.keys.publishableClientKey, accessToken: user.access_token });
    expect(registered).toBe(200);

    const back = target("PASSKEY");
    await page.goto(server.pageUrl("sign-in", { after_auth_return_to: back.relative }));
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await arrive(page, back.url);
    expect(await refreshCookie(page)).toBeDefined();
    noErrors(errors);
    await context.close();
  });

  it("signs in with the local OpenID Connect provider and strips code and state from a stray callback", { timeout: 90_000 }, async () => {
    const idpClient = { clientId: "handler-browser-client", clientSecret: "handler-browser-secret" };
    await using idp = await startOidcProvider({ ...idpClient, redirectUris: [`${server.url}/api/v1/auth/oauth/callback/corp`], host: "localhost" });
    const configured = await server.asAdmin("PATCH", "/internal/config/override", {
      config_override_string: JSON.stringify({
        "auth.oauth.providers.corp": { type: "oidc", issuerUrl: idp.issuer, isShared: false, ...idpClient, allowSignIn: true, allowConnectedAccounts: false },
      }),
    });
    expect(configured.status, configured.text).toBe(200);
    const address = email("katherine");
    idp.next({ sub: `sub-${address}`, email: address, email_verified: true, name: "Katherine Johnson" });
    const back = target("OAUTH");
    const { page, errors, context } = await open();
    await page.goto(server.pageUrl("sign-in", { after_auth_return_to: back.relative }));
    await page.getByRole("button", { name: "Continue with Corp" }).waitFor();
    if (dialect === dialects[0]) await shootAll(page, "sign-in-with-oauth");
    await page.getByRole("button", { name: "Continue with Corp" }).click();
    await arrive(page, back.url);
    expect(await refreshCookie(page)).toBeDefined();
    const me = await server.lk.call("GET", `/users?query=${encodeURIComponent(address)}`, { access: "server", project: server.project });
    expect(JSON.stringify(me.body)).toContain("Katherine Johnson");

    // A callback without a stored verifier is ignored, and the code and state leave the address.
    await page.goto(server.pageUrl("oauth-callback", { code: "not-a-real-code", state: "unknown-state" }));
    await page.getByText("This sign-in was not started here").waitFor();
    const left = new URL(page.url());
    expect(left.searchParams.has("code")).toBe(false);
    expect(left.searchParams.has("state")).toBe(false);
    expect(left.searchParams.get("project_id")).toBe(server.project.id);
    noErrors(errors);
    await context.close();
  });
});
