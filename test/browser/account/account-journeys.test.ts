/**
 * Account settings and the signed-in pages in Debian's Chromium against the real server (in-process, on
 * a loopback port, serving the built hosted pages): TOTP enrolment with recovery codes, passkey
 * registration with a CDP virtual authenticator, a team invitation accepted by a second user from the
 * mailed link, a CLI login confirmed in the browser, session revocation, API keys and account deletion.
 * Every page is shot light and dark at 1280 and 360 px (test-artifacts/screenshots/account/) and
 * checked with axe-core.
 */
import { Secret, TOTP } from "otpauth";
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { PASSWORD, shootAllSizes, useAccountServer, type AccountServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const JOURNEY = { timeout: 120_000 };

describe.each(dialects)("account pages in Chromium on %s", (dialect) => {
  let s: AccountServer;
  let browser: Browser;
  useAccountServer(dialect, (server, chromium) => ((s = server), (browser = chromium)));

  it("enrols TOTP from the QR code's secret, shows recovery codes once, and sign-in then needs the second factor", JOURNEY, async () => {
    const ada = await s.signUp("ada@example.com");
    const { page, errors } = await s.signedInPage(browser, ada);
    await page.goto(s.pageUrl("account-settings"));
    await page.getByRole("heading", { name: "Account settings" }).waitFor();
    await page.getByLabel("Display name").waitFor();
    await shootAllSizes(page, "profile");

    await page.getByRole("button", { name: "Two-factor authentication" }).click();
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await page.locator(".lk-acc-qr img").waitFor();
    const secret = (await page.getByTestId("lk-totp-secret").textContent())!.replace(/\s+/g, "");
    await shootAllSizes(page, "mfa-enrol");

    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
    const wrongCode = [-1, 0, 1].some((step) => totp.generate({ timestamp: Date.now() + step * 30_000 }) === "123456") ? "654321" : "123456";
    await page.getByLabel("Six-digit code").fill(wrongCode);
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByText("This code is not correct.").waitFor();
    await page.getByLabel("Six-digit code").fill(totp.generate());
    await page.getByRole("button", { name: "Turn on" }).click();
    await page.getByRole("heading", { name: "Recovery codes" }).waitFor();
    const recoveryCodes = (await page.getByLabel("Recovery codes").inputValue()).split("\n").filter(Boolean);
    expect(recoveryCodes.length).toBeGreaterThanOrEqual(5);
    await shootAllSizes(page, "mfa-recovery-codes");
    await page.getByRole("button", { name: "I have saved the codes" }).click();
    await page.getByText("Two-factor authentication is on. Signing in asks for a code from your authenticator app.").waitFor();
    expect(await page.getByLabel("Recovery codes").count()).toBe(0);

    // The server now asks for the second factor; the app's code (at the server's clock) and a recovery code both work.
    const signIn = () => s.asClient("POST", "/auth/password/sign-in", { email: ada.email, password: PASSWORD });
    const first = await signIn();
    expect([first.status, first.body.code]).toEqual([400, "MULTI_FACTOR_AUTHENTICATION_REQUIRED"]);
    const withTotp = await s.asClient("POST", "/auth/mfa/sign-in", { type: "totp", totp: totp.generate({ timestamp: s.lk.clock.now().getTime() }), code: first.body.details.attempt_code });
    expect(withTotp.status, withTotp.text).toBe(200);
    const second = await signIn();
    const withRecovery = await s.asClient("POST", "/auth/mfa/sign-in", { type: "recovery_code", recovery_code: recoveryCodes[0], code: second.body.details.attempt_code });
    expect(withRecovery.status, withRecovery.text).toBe(200);

    // New recovery codes replace the old ones; turning MFA off lets the password alone sign in again.
    await page.getByRole("button", { name: "Create new recovery codes" }).click();
    const fresh = (await page.getByLabel("Recovery codes").inputValue()).split("\n").filter(Boolean);
    expect(fresh).not.toContain(recoveryCodes[1]);
    await page.getByRole("button", { name: "I have saved the codes" }).click();
    await page.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Two-factor authentication is off.").waitFor();
    await page.getByRole("button", { name: "Set up two-factor authentication" }).waitFor();
    expect((await signIn()).status).toBe(200);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("changes the display name, adds an e-mail that gets a verification mail, and changes the password", JOURNEY, async () => {
    const gus = await s.signUp("gus@example.com");
    const { context, page, errors } = await s.signedInPage(browser, gus);
    await page.goto(s.pageUrl("account-settings", {}, "#profile"));
    await page.getByLabel("Display name").fill("Gus Grissom");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved.").waitFor();
    expect((await s.asClient("GET", "/users/me", undefined, gus)).body.display_name).toBe("Gus Grissom");
    await page.getByText("GG", { exact: true }).waitFor();
    // A picked image is scaled into a small JPEG data URL (the client API takes base64 images only).
    const redDot = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==", "base64");
    await page.locator("#lk-account-profile input[type=file]").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: redDot });
    await page.getByRole("img", { name: "Profile image of Gus Grissom" }).waitFor();
    const image = (await s.asClient("GET", "/users/me", undefined, gus)).body.profile_image_url as string;
    // The server stores the inline image and answers where it serves it (U11).
    expect(image).toMatch(/\/storage\/user-profile-images\/[0-9a-f-]{36}\.jpeg$/);
    await page.getByRole("button", { name: "Remove image" }).click();
    await page.getByText("GG", { exact: true }).waitFor();
    expect((await s.asClient("GET", "/users/me", undefined, gus)).body.profile_image_url).toBeNull();

    await page.getByRole("button", { name: "E-mails" }).click();
    await page.getByText(gus.email, { exact: true }).waitFor();
    await page.getByLabel("E-mail address").fill("gus@work.example");
    await page.getByRole("button", { name: "Add e-mail" }).click();
    await page.getByText("We sent a verification e-mail to gus@work.example.").waitFor();
    await page.getByText("gus@work.example", { exact: true }).waitFor();
    await s.lk.deps.jobs.runOnce();
    const mail = await s.sink.waitFor((m) => m.to.includes("gus@work.example"));
    expect(mail.text).toContain("/handler/email-verification");
    await shootAllSizes(page, "emails");

    await page.getByRole("button", { name: "Password" }).click();
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("another long passphrase");
    await page.getByLabel("Repeat new password").fill("another long passphrase!");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The passwords do not match.").waitFor();
    await page.getByLabel("Repeat new password").fill("another long passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password was changed.").waitFor();
    await shootAllSizes(page, "password");
    const signIn = await s.asClient("POST", "/auth/password/sign-in", { email: gus.email, password: "another long passphrase" });
    expect(signIn.status, signIn.text).toBe(200);

    await page.getByRole("button", { name: "Notifications" }).click();
    const marketing = page.getByRole("switch", { name: "News and offers" });
    expect(await marketing.isChecked()).toBe(true);
    expect(await page.getByRole("switch", { name: "Account and security e-mails" }).isDisabled()).toBe(true);
    await marketing.click();
    await expect.poll(async () => {
      const prefs = await s.asClient("GET", "/emails/notification-preference/me", undefined, gus);
      return prefs.body.items.map((p: { notification_category_name: string; enabled: boolean }) => `${p.notification_category_name}:${p.enabled}`).sort();
    }).toEqual(["Marketing:false", "Transactional:true"]);
    await expect.poll(() => marketing.isChecked()).toBe(false);
    await shootAllSizes(page, "notifications");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("speaks German to a German browser", JOURNEY, async () => {
    const hal = await s.signUp("hal@example.com");
    const { context, page, errors } = await s.signedInPage(browser, hal, "desktop", { locale: "de-DE" });
    await page.goto(s.pageUrl("account-settings", {}, "#mfa"));
    await page.getByRole("heading", { name: "Kontoeinstellungen" }).waitFor();
    await page.getByRole("button", { name: "Zwei-Faktor-Authentifizierung einrichten" }).waitFor();
    await shootAllSizes(page, "mfa-german");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("registers a passkey with a virtual authenticator and turns passkey sign-in off again", JOURNEY, async () => {
    const pat = await s.signUp("pat@example.com");
    const { context, page, errors } = await s.signedInPage(browser, pat);
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await page.goto(s.pageUrl("account-settings", {}, "#passkeys"));
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByText("Your passkey was added.").waitFor();
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);
    expect((await s.asClient("GET", "/users/me", undefined, pat)).body.passkey_auth_enabled).toBe(true);
    await page.getByRole("button", { name: "Add another passkey" }).waitFor();
    await shootAllSizes(page, "passkeys");

    await page.getByRole("button", { name: "Turn off passkey sign-in" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Passkey sign-in is off.").waitFor();
    expect((await s.asClient("GET", "/users/me", undefined, pat)).body.passkey_auth_enabled).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("creates a team, invites by e-mail, and a second user joins from the mailed link", JOURNEY, async () => {
    const ada = await s.signUp("ada.teams@example.com");
    const bob = await s.signUp("bob@example.com");
    const adaPage = await s.signedInPage(browser, ada);
    const page = adaPage.page;
    await page.goto(s.pageUrl("account-settings", {}, "#teams"));
    await page.getByText("You are not a member of any team.").waitFor();
    await page.getByLabel("Team name").fill("Rocketry");
    await page.getByRole("button", { name: "Create team" }).click();
    await page.getByText("The team Rocketry was created.").waitFor();
    await page.getByText("Selected", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Manage" }).click();
    await page.getByLabel("E-mail address to invite").fill(bob.email);
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    await page.getByText(`We sent an invitation to ${bob.email}.`).waitFor();
    await page.getByText(bob.email, { exact: true }).waitFor();
    await page.getByLabel("Description").fill("deploy bot");
    await page.getByRole("button", { name: "Create API key" }).click();
    const teamKey = await page.getByLabel("New API key").inputValue();
    const teamKeyCheck = await s.lk.call("POST", "/team-api-keys/check", { access: "server", project: s.project, body: { api_key: teamKey } });
    expect([teamKeyCheck.status, teamKeyCheck.body.description]).toEqual([200, "deploy bot"]);
    await page.getByRole("button", { name: "Done" }).click();
    await shootAllSizes(page, "teams");

    await s.lk.deps.jobs.runOnce();
    const mail = await s.sink.waitFor((m) => m.to.includes(bob.email) && m.text.includes("team-invitation"));
    const link = mail.text.match(/https?:\/\/[^\s<>"')]+team-invitation[^\s<>"')]+/)?.[0];
    expect(link, mail.text).toBeDefined();
    expect(link!.startsWith(`${s.url}/handler/team-invitation?project_id=${s.project.id}&code=`)).toBe(true);

    const bobPage = await s.signedInPage(browser, bob);
    await bobPage.page.goto(link!);
    await bobPage.page.getByText("You were invited to join Rocketry.").waitFor();
    await shootAllSizes(bobPage.page, "team-invitation");
    await bobPage.page.getByRole("button", { name: "Join team" }).click();
    await bobPage.page.getByText("You joined Rocketry.").waitFor();
    const bobsTeams = await s.asClient("GET", "/teams?user_id=me", undefined, bob);
    expect(bobsTeams.body.items.map((t: { display_name: string }) => t.display_name)).toEqual(["Rocketry"]);
    // Ada sees Bob among the members once her page loads again.
    await page.reload();
    await page.getByRole("button", { name: "Manage" }).click();
    await expect.poll(() => page.locator(".lk-acc-team-panel .lk-acc-list-compact").first().locator(".lk-acc-item").count()).toBe(2);
    await bobPage.page.getByRole("button", { name: "Go to account settings" }).click();
    await bobPage.page.getByRole("heading", { name: "Account settings" }).waitFor();
    await bobPage.page.getByRole("button", { name: "Teams" }).click();
    await bobPage.page.getByRole("button", { name: "Leave team: Rocketry" }).click();
    await bobPage.page.getByRole("button", { name: "Confirm" }).click();
    await bobPage.page.getByText("You left the team Rocketry.").waitFor();
    expect((await s.asClient("GET", "/teams?user_id=me", undefined, bob)).body.items).toEqual([]);

    expect(adaPage.errors).toEqual([]);
    expect(bobPage.errors).toEqual([]);
    await adaPage.context.close();
    await bobPage.context.close();
  });

  it("confirms a CLI login started through the API; the next poll succeeds with a refresh token", JOURNEY, async () => {
    const cleo = await s.signUp("cleo@example.com");
    const started = await s.asClient("POST", "/auth/cli", {});
    expect(started.status, started.text).toBe(200);
    const poll = () => s.asClient("POST", "/auth/cli/poll", { polling_code: started.body.polling_code });
    expect((await poll()).body).toEqual({ status: "waiting" });

    const { context, page, errors } = await s.signedInPage(browser, cleo);
    await page.goto(s.pageUrl("cli-auth-confirm", { login_code: started.body.login_code }));
    await page.getByText("A command-line tool asks to sign in as cleo@example.com.").waitFor();
    await shootAllSizes(page, "cli-auth-confirm");
    await page.getByRole("button", { name: "Allow" }).click();
    await page.getByText("The command-line tool is signed in.").waitFor();

    const done = await poll();
    expect([done.status, done.body.status, typeof done.body.refresh_token]).toEqual([201, "success", "string"]);
    const refreshed = await s.lk.call("POST", "/auth/sessions/current/refresh", { access: "client", project: s.project, headers: { "x-stack-refresh-token": done.body.refresh_token } });
    expect(refreshed.status, refreshed.text).toBe(200);
    expect((await poll()).body).toEqual({ status: "used" });

    // A used (or unknown) login code is explained, not confirmed.
    await page.goto(s.pageUrl("cli-auth-confirm", { login_code: started.body.login_code }));
    await page.getByRole("button", { name: "Allow" }).click();
    await page.getByText("This login request cannot be confirmed.").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists sessions with the current one marked, and signs another one out", JOURNEY, async () => {
    const dan = await s.signUp("dan@example.com");
    const other = await s.asClient("POST", "/auth/password/sign-in", { email: dan.email, password: PASSWORD });
    expect(other.status).toBe(200);
    const { context, page, errors } = await s.signedInPage(browser, dan);
    await page.goto(s.pageUrl("account-settings", {}, "#sessions"));
    const items = page.locator("#lk-account-sessions .lk-acc-item");
    await expect.poll(() => items.count()).toBe(2);
    await expect.poll(() => page.locator("#lk-account-sessions .lk-acc-item[data-current]").getByText("This device").count()).toBe(1);
    await shootAllSizes(page, "sessions");

    await page.getByRole("button", { name: "Sign out this session" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The session was signed out.").waitFor();
    await expect.poll(() => items.count()).toBe(1);
    const refresh = await s.lk.call("POST", "/auth/sessions/current/refresh", { access: "client", project: s.project, headers: { "x-stack-refresh-token": other.body.refresh_token } });
    expect([refresh.status, refresh.body.code]).toEqual([401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("creates a user API key shown once, lists it by its last four characters and revokes it", JOURNEY, async () => {
    const eve = await s.signUp("eve@example.com");
    const { context, page, errors } = await s.signedInPage(browser, eve);
    await page.goto(s.pageUrl("account-settings", {}, "#api-keys"));
    await page.getByLabel("Description").fill("laptop");
    await page.getByRole("button", { name: "Create API key" }).click();
    const secret = await page.getByLabel("New API key").inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await page.getByText(`Ends in …${secret.slice(-4)}`).waitFor();
    await shootAllSizes(page, "api-keys");
    const check = await s.lk.call("POST", "/user-api-keys/check", { access: "server", project: s.project, body: { api_key: secret } });
    expect([check.status, check.body.user_id]).toEqual([200, eve.id]);

    await page.getByRole("button", { name: "Revoke: laptop" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Nothing here yet.").first().waitFor();
    const after = await s.lk.call("POST", "/user-api-keys/check", { access: "server", project: s.project, body: { api_key: secret } });
    expect(after.status).not.toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("embeds the team switcher and the user button: switch teams, keyboard menu, sign out", JOURNEY, async () => {
    const ida = await s.signUp("ida@example.com");
    const team = async (name: string) => (await s.asClient("POST", "/teams", { display_name: name, creator_user_id: "me" }, ida)).body.id as string;
    const alpha = await team("Alpha");
    const beta = await team("Beta");
    await s.asClient("PATCH", "/users/me", { selected_team_id: alpha }, ida);
    const selected = async () => (await s.asClient("GET", "/users/me", undefined, ida)).body.selected_team_id as string;

    const { context, page, errors } = await s.signedInPage(browser, ida);
    await page.goto(await s.componentsPageUrl());
    // With the user's name shown, the button's name starts with what it shows (WCAG 2.5.3).
    const trigger = page.getByRole("button", { name: "ida@example.com Account menu" });
    await trigger.waitFor();
    const switcher = page.getByLabel("Team", { exact: true });
    await expect.poll(() => switcher.inputValue()).toBe(alpha);
    await switcher.selectOption({ label: "Beta" });
    await expect.poll(selected).toBe(beta);

    await trigger.click();
    const menu = page.getByRole("menu", { name: "Account menu" });
    await menu.waitFor();
    await expect.poll(() => page.evaluate("document.activeElement?.textContent")).toBe("Account settings");
    // The teams' items join the menu when the user's teams have loaded; the keys below move among them.
    await page.getByRole("menuitemradio", { name: "Beta" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate("document.activeElement?.getAttribute('role')")).toBe("menuitemradio");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => page.evaluate("document.activeElement?.textContent")).toBe("Sign out");
    expect(await page.getByRole("menuitemradio", { name: "Beta" }).getAttribute("aria-checked")).toBe("true");
    await shootAllSizes(page, "user-button-menu");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await trigger.evaluate((element) => element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)).toBe(true);

    await trigger.click();
    await page.getByRole("menuitemradio", { name: "Alpha" }).click();
    await expect.poll(selected).toBe(alpha);
    await expect.poll(() => switcher.inputValue()).toBe(alpha);

    await trigger.click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    const refresh = await s.lk.call("POST", "/auth/sessions/current/refresh", { access: "client", project: s.project, headers: { "x-stack-refresh-token": ida.refreshToken } });
    expect(refresh.status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("lists a connected OAuth account and disconnects it", JOURNEY, async () => {
    const jo = await s.signUp("jo@example.com");
    const providers = await s.lk.call("PATCH", "/internal/projects/current", { access: "admin", project: s.project, body: { config: { oauth_providers: [{ id: "github", type: "shared" }] } } });
    expect(providers.status, providers.text).toBe(200);
    const linked = await s.lk.call("POST", "/oauth-providers", {
      access: "server", project: s.project,
      body: { user_id: jo.id, provider_config_id: "github", account_id: "gh-4242", email: "jo@users.github.example", allow_sign_in: true, allow_connected_accounts: true },
    });
    expect(linked.status, linked.text).toBe(201);

    const { context, page, errors } = await s.signedInPage(browser, jo);
    await page.goto(s.pageUrl("account-settings", {}, "#oauth"));
    await page.getByText("GitHub account").waitFor();
    await page.getByText("jo@users.github.example").waitFor();
    await page.getByText("Can be used to sign in").waitFor();
    await shootAllSizes(page, "connected-accounts");
    await page.getByRole("button", { name: "Disconnect: GitHub" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("No accounts of other providers are connected.").waitFor();
    const left = await s.lk.call("GET", `/oauth-providers?user_id=${jo.id}`, { access: "server", project: s.project });
    expect(left.body.items).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("deletes the account after the typed confirmation", JOURNEY, async () => {
    const fay = await s.signUp("fay@example.com");
    const { context, page, errors } = await s.signedInPage(browser, fay);
    await page.goto(s.pageUrl("account-settings", {}, "#delete"));
    await page.getByRole("button", { name: "Delete my account" }).click();
    const final = page.getByRole("button", { name: "Delete account for good" });
    expect(await final.isDisabled()).toBe(true);
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await shootAllSizes(page, "delete-account");
    await final.click();
    await expect.poll(async () => (await s.lk.call("GET", `/users/${fay.id}`, { access: "server", project: s.project })).status).toBe(404);
    // Lands on sign-in without a way back to the deleted account's settings (issue 37 item 3).
    await page.waitForURL(/\/handler\/sign-in/);
    expect(new URL(page.url()).searchParams.get("after_auth_return_to")).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
