/**
 * Issue 40: the "Authorized apps" section of the account settings, in Chromium against the real server.
 * A signed-in user allows an app on the project's consent page; the section lists it with its scopes;
 * revoking it there ends the app's refresh token and shows the empty state. Shot light and dark at 1280
 * and 360 px, axe-checked.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { shootAllSizes, useAccountServer, type AccountServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const CALLBACK = "https://partner.example.com/callback";

describe.each(dialects)("authorized apps in the account settings on %s", (dialect) => {
  let s: AccountServer;
  let browser: Browser;
  useAccountServer(dialect, (server, chromium) => ((s = server), (browser = chromium)));

  it("lists an app the user allowed on the consent page and revokes it, ending its refresh token", { timeout: 120_000 }, async () => {
    const created = await s.lk.call("POST", "/internal/oauth-clients", {
      access: "admin",
      project: s.project,
      body: { name: "Partner portal", type: "confidential", redirect_uris: [CALLBACK], allowed_scopes: ["openid", "profile", "email", "offline_access"] },
    });
    expect(created.status, created.text).toBe(201);
    const client = { id: created.body.client_id as string, secret: created.body.client_secret as string };
    const ada = await s.signUp("ada-apps@example.com");
    const { context, page, errors } = await s.signedInPage(browser, ada);

    await page.goto(s.pageUrl("account-settings", {}, "#authorized-apps"));
    await page.getByText("You have not allowed any apps.").waitFor();
    await shootAllSizes(page, "authorized-apps-empty");

    // The user allows the app on the consent page; the app's callback is answered here.
    await page.route(`${CALLBACK}**`, (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "signed in" }));
    const verifier = randomBytes(32).toString("base64url");
    const query = new URLSearchParams({ response_type: "code", client_id: client.id, redirect_uri: CALLBACK, scope: "openid profile offline_access", state: "s1", code_challenge: createHash("sha256").update(verifier).digest("base64url"), code_challenge_method: "S256" });
    await page.goto(`${s.url}/api/v1/projects/${s.project.id}/oauth2/authorize?${query}`);
    await page.getByRole("button", { name: "Allow" }).click();
    await page.waitForURL((url) => url.href.startsWith(CALLBACK));
    const code = new URL(page.url()).searchParams.get("code")!;
    const tokenRequest = (body: Record<string, string>) =>
      fetch(`${s.url}/api/v1/projects/${s.project.id}/oauth2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${btoa(`${client.id}:${client.secret}`)}` },
        body: new URLSearchParams(body).toString(),
      });
    const tokens = await tokenRequest({ grant_type: "authorization_code", code, redirect_uri: CALLBACK, code_verifier: verifier });
    expect(tokens.status).toBe(200);
    const { refresh_token: refreshToken } = (await tokens.json()) as { refresh_token: string };
    expect(refreshToken).toBeTruthy();

    await page.goto(s.pageUrl("account-settings", {}, "#authorized-apps"));
    const item = page.locator("#lk-account-authorized-apps .lk-acc-item");
    await item.getByText("Partner portal").waitFor();
    expect(await item.textContent()).toContain("Access: offline_access openid profile");
    await shootAllSizes(page, "authorized-apps");

    await page.getByRole("button", { name: "Revoke Partner portal" }).click();
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("Partner portal no longer has access.").waitFor();
    await page.getByText("You have not allowed any apps.").waitFor();
    const refreshed = await tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
    expect(refreshed.status).toBe(400);
    expect(((await refreshed.json()) as { error: string }).error).toBe("invalid_grant");
    expect(errors).toEqual([]);
    await context.close();
  });
});
