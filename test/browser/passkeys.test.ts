/**
 * Passkeys in a real browser: Debian's Chromium (driven by playwright-core, never downloaded) with a
 * CDP virtual authenticator, against the built server in its own process. The page is served from its
 * own origin, http://localhost:<port> (page-app.ts), loads @simplewebauthn/browser and calls the REST
 * API with fetch, replacing the placeholder RP id with its hostname as the Stack SDK does.
 *
 * Needs `apt-get install -y chromium`; without it the test fails and says so.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchChromium, newPage } from "../support/chromium.js";
import { browserTestDialects } from "../support/browser-dialects.js";
import { adminCall, keys, servePageApp, startKeyedServer } from "./page-app.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

/** @simplewebauthn/browser's one-file build (a UMD script defining `SimpleWebAuthnBrowser`). */
const webauthnBundle = readFileSync(join(dirname(createRequire(import.meta.url).resolve("@simplewebauthn/browser")), "../dist/bundle/index.umd.min.js"), "utf8");

/** The page: `window.latchkey` calls the API the way the Stack SDK does, with @simplewebauthn/browser. */
const pageHtml = (api: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>passkey test</title><script src="/simplewebauthn.js"></script></head>
<body><script>
const PLACEHOLDER = "THIS_VALUE_WILL_BE_REPLACED.example.com";
const { startRegistration, startAuthentication } = SimpleWebAuthnBrowser;
async function call(method, path, body, token) {
  const headers = { "content-type": "application/json", "x-stack-access-type": "client", "x-stack-project-id": "internal",
    "x-stack-publishable-client-key": ${JSON.stringify(keys.publishableClientKey)} };
  if (token) headers["x-stack-access-token"] = token;
  const res = await fetch(${JSON.stringify(api)} + "/api/v1" + path, { method, headers, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}
window.latchkey = {
  call,
  async registerPasskey(token) {
    const { body: { options_json, code } } = await call("POST", "/auth/passkey/initiate-passkey-registration", {}, token);
    if (options_json.rp.id !== PLACEHOLDER) throw new Error("unexpected RP id " + options_json.rp.id);
    options_json.rp.id = window.location.hostname;
    const credential = await startRegistration({ optionsJSON: options_json });
    return call("POST", "/auth/passkey/register", { credential, code }, token);
  },
  async signInWithPasskey() {
    const { body: { options_json, code } } = await call("POST", "/auth/passkey/initiate-passkey-authentication", {});
    if (options_json.rpId !== PLACEHOLDER) throw new Error("unexpected RP id " + options_json.rpId);
    options_json.rpId = window.location.hostname;
    const authentication_response = await startAuthentication({ optionsJSON: options_json });
    return call("POST", "/auth/passkey/sign-in", { authentication_response, code });
  },
};
</script></body></html>`;

/** A page on http://localhost:<port> with a virtual platform authenticator that holds discoverable credentials. */
async function openPage(browser: Browser, url: string) {
  const { context, page, errors: pageErrors } = await newPage(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await page.goto(url);
  if (!(await page.evaluate(() => "latchkey" in globalThis))) throw new Error(`The test page did not load: ${pageErrors.join("; ")}`);
  const credentials = async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  return { page, credentials };
}

type Answer = { status: number; body: any };
const inPage = {
  call: (page: Page, method: string, path: string, body: unknown, token?: string): Promise<Answer> =>
    page.evaluate(([m, p, b, t]) => (globalThis as any).latchkey.call(m, p, b, t), [method, path, body, token] as const),
  registerPasskey: (page: Page, token: string): Promise<Answer> => page.evaluate((t) => (globalThis as any).latchkey.registerPasskey(t), token),
  signInWithPasskey: (page: Page): Promise<Answer> => page.evaluate(() => (globalThis as any).latchkey.signInWithPasskey()),
};

const adminPatch = (api: string, config: Record<string, unknown>) => adminCall(api, "PATCH", "/internal/projects/current", { config });

describe.each(dialects)("passkeys in Chromium against the server on %s", (dialect) => {
  it("registers a passkey, signs in with it without an e-mail, and refuses an untrusted origin", { timeout: 120_000 }, async () => {
    await using server = await startKeyedServer(dialect);
    await adminPatch(server.url, { passkey_enabled: true, allow_localhost: true });
    await using app = await servePageApp({
      "/": { type: "text/html", body: pageHtml(server.url) },
      "/simplewebauthn.js": { type: "text/javascript", body: webauthnBundle },
    });
    const browser = await launchChromium();
    try {
      const { page, credentials } = await openPage(browser, `${app.origin}/`);
      const signUp = await inPage.call(page, "POST", "/auth/password/sign-up", { email: "ada@example.com", password: "a good password" });
      expect(signUp.status).toBe(200);
      const ada = signUp.body as { access_token: string; refresh_token: string; user_id: string };

      const registered = await inPage.registerPasskey(page, ada.access_token);
      expect(registered).toMatchObject({ status: 200, body: { user_handle: expect.any(String) } });
      const [stored, ...others] = await credentials();
      expect(others).toEqual([]);
      expect(stored).toMatchObject({ isResidentCredential: true, rpId: "localhost", userHandle: Buffer.from(ada.user_id).toString("base64") });

      expect((await inPage.call(page, "DELETE", "/auth/sessions/current", {}, ada.access_token)).status).toBe(200);
      const signedIn = await inPage.signInWithPasskey(page);
      expect(signedIn).toMatchObject({ status: 200, body: { user_id: ada.user_id, is_new_user: false } });
      expect((await inPage.call(page, "GET", "/users/me", undefined, signedIn.body.access_token)).body.id).toBe(ada.user_id);
      const [used] = await credentials();
      expect(used!.signCount).toBeGreaterThan(stored!.signCount);

      // Only https://app.example.com is trusted now: the page's origin is not.
      await adminPatch(server.url, { allow_localhost: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] });
      const bob = (await inPage.call(page, "POST", "/auth/password/sign-up", { email: "bob@example.com", password: "a good password" })).body;
      const refused = await inPage.registerPasskey(page, bob.access_token);
      expect(refused).toMatchObject({
        status: 400,
        body: { code: "PASSKEY_REGISTRATION_FAILED", details: { message: "Passkey registration failed because the origin is not allowed" } },
      });
      const phished = await inPage.signInWithPasskey(page);
      expect(phished).toMatchObject({ status: 400, body: { code: "PASSKEY_AUTHENTICATION_FAILED", details: { message: expect.stringMatching(/origin is not allowed/) } } });
    } finally {
      await browser.close();
    }
  });
});
