/**
 * Passkeys in a real browser: Debian's Chromium (driven by playwright-core, never downloaded) with a
 * CDP virtual authenticator, against the built server in its own process. The page is served from
 * its own origin, http://localhost:<port> (never 127.0.0.1: an IP address cannot be an RP id), loads
 * @simplewebauthn/browser and calls the REST API with fetch, replacing the placeholder RP id with its
 * hostname as the Stack SDK does.
 *
 * Needs `apt-get install -y chromium`; without it the test fails and says so.
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { testDialects } from "../support/databases.js";
import { startServerProcess } from "../support/server-process.js";

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const keys = {
  publishableClientKey: "pck_browser_test_publishable_000000000000000000000000",
  secretServerKey: "ssk_browser_test_secret_0000000000000000000000000000",
  superSecretAdminKey: "sak_browser_test_admin_00000000000000000000000000000",
};

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

async function servePage(api: string): Promise<Server & AsyncDisposable> {
  const server = createServer((req, res) => {
    if (req.url === "/simplewebauthn.js") res.writeHead(200, { "content-type": "text/javascript" }).end(webauthnBundle);
    else if (req.url === "/") res.writeHead(200, { "content-type": "text/html" }).end(pageHtml(api));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return Object.assign(server, { [Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}. Install Debian's package (apt-get install -y chromium); the browser tests never download a browser.`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, timeout: 30_000 });
}

/** A page on http://localhost:<port> with a virtual platform authenticator that holds discoverable credentials. */
async function openPage(browser: Browser, url: string) {
  const context = await browser.newContext();
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
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

async function adminPatch(api: string, config: Record<string, unknown>) {
  const res = await fetch(`${api}/api/v1/internal/projects/current`, {
    method: "PATCH",
    headers: { "content-type": "application/json", "x-stack-access-type": "admin", "x-stack-project-id": "internal", "x-stack-super-secret-admin-key": keys.superSecretAdminKey },
    body: JSON.stringify({ config }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe.each(testDialects)("passkeys in Chromium against the server on %s", (dialect) => {
  it("registers a passkey, signs in with it without an e-mail, and refuses an untrusted origin", { timeout: 120_000 }, async () => {
    await using server = await startServerProcess(dialect, {
      LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: keys.publishableClientKey,
      LATCHKEY_INTERNAL_SECRET_SERVER_KEY: keys.secretServerKey,
      LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: keys.superSecretAdminKey,
      LATCHKEY_VALIDATE_RESPONSES: "true",
    });
    await adminPatch(server.url, { passkey_enabled: true, allow_localhost: true });
    await using pageServer = await servePage(server.url);
    const pageUrl = `http://localhost:${(pageServer.address() as { port: number }).port}/`;
    const browser = await launchChromium();
    try {
      const { page, credentials } = await openPage(browser, pageUrl);
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
