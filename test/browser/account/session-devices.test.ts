/**
 * Issue 37 item 9: the account settings' sessions list names each session's browser, system and
 * address ("Chrome 131 on macOS", "From 203.0.113.7", "This device"), in Chromium against the real
 * server. The sessions are started over HTTP by a server app naming its end users' addresses
 * (x-latchkey-end-user-ip) and browsers. Shot light and dark at 1280 and 360 px, axe down to moderate.
 */
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { AREA, PASSWORD, useAccountServer, type AccountServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const CHROME_ON_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

describe.each(dialects)("session devices in the account settings on %s", (dialect) => {
  let s: AccountServer;
  let browser: Browser;
  useAccountServer(dialect, (server, chromium) => ((s = server), (browser = chromium)));

  /** A password sign-in over HTTP, as a server app makes it for a browser with this User-Agent at this address. */
  async function signInFrom(email: string, userAgent: string, address: string) {
    const res = await fetch(`${s.url}/api/v1/auth/password/sign-in`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": userAgent,
        "x-stack-access-type": "client",
        "x-stack-project-id": s.project.id,
        "x-stack-publishable-client-key": s.project.keys.publishableClientKey,
        "x-stack-secret-server-key": s.project.keys.secretServerKey,
        "x-latchkey-end-user-ip": address,
      },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { user_id: string; access_token: string; refresh_token: string };
  }

  it("shows the browser, system and address of every session, and which one is this device", { timeout: 180_000 }, async () => {
    const ada = await s.signUp("ada-devices@example.com");
    const laptop = await signInFrom(ada.email, CHROME_ON_MAC, "203.0.113.7");
    await signInFrom(ada.email, SAFARI_ON_IPHONE, "2001:db8::42");
    const { context, page, errors } = await s.signedInPage(browser, { ...ada, accessToken: laptop.access_token, refreshToken: laptop.refresh_token });

    await page.goto(s.pageUrl("account-settings", {}, "#sessions"));
    const items = page.locator("#lk-account-sessions .lk-acc-item");
    const current = items.filter({ hasText: "This device" });
    await current.getByText("Chrome 131 on macOS").waitFor();
    expect(await current.textContent()).toContain("From 203.0.113.7");
    const phone = items.filter({ hasText: "Safari 18 on iOS" });
    expect(await phone.textContent()).toContain("From 2001:db8::42");
    expect(await phone.textContent()).not.toContain("This device");
    // The sign-up session came from the test's own call: no browser to name, no address.
    expect(await items.count()).toBe(3);
    expect(await items.getByTestId("session-device").count()).toBe(2);

    await shootThemes(page, AREA, "session-devices", { widths: ["desktop", "phone"], minImpact: "moderate" });
    expect(errors).toEqual([]);
    await context.close();
  });
});
