/**
 * Social sign-in in a real browser: Debian's Chromium (driven by playwright-core, never downloaded)
 * signs in through a custom OpenID Connect provider (the mock oidc-provider, with its sign-in page),
 * against the built server in its own process. The app is a minimal page on http://localhost:<port>:
 * it keeps the PKCE verifier and state in sessionStorage, sends the browser to our authorize endpoint,
 * and on its callback page checks the state, redeems the code at `POST /auth/oauth/token` and shows
 * the user from `/users/me`. A screenshot of each end lands in test-artifacts/screenshots/oauth-oidc/
 * (gitignored).
 *
 * Needs `apt-get install -y chromium`; without it the test fails and says so.
 */
import { describe, expect, it } from "vitest";
import { launchChromium, newPage, screenshot } from "../support/chromium.js";
import { browserTestDialects } from "../support/browser-dialects.js";
import { startOidcProvider } from "../support/oidc-provider.js";
import { adminCall, keys, servePageApp, startKeyedServer } from "./page-app.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const idpClient = { clientId: "latchkey-browser-client", clientSecret: "latchkey-browser-secret" };

/**
 * The app: `/` starts the flow, `/callback` finishes it, `/error` shows the error the server sent.
 * Plain script, as an app without an SDK would write it.
 */
const pageHtml = (api: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>OAuth test app</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto}dt{font-weight:bold}</style></head>
<body><h1>OAuth test app</h1><main id="out"><button id="start">Sign in with Corp</button></main>
<script>
const api = ${JSON.stringify(api)} + "/api/v1";
const project = { id: "internal", key: ${JSON.stringify(keys.publishableClientKey)} };
const out = document.getElementById("out");
const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/[+]/g, "-").replace(/[/]/g, "_").replace(/=+$/, "");
const random = () => b64url(crypto.getRandomValues(new Uint8Array(32)));
const show = (pairs) => { out.innerHTML = "<dl>" + pairs.map(([k, v]) => "<dt>" + k + "</dt><dd id='" + k + "'></dd>").join("") + "</dl>"; for (const [k, v] of pairs) document.getElementById(k).textContent = v; };

async function start() {
  const verifier = random(), state = random();
  sessionStorage.setItem("oauth", JSON.stringify({ verifier, state }));
  const challenge = b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  const params = new URLSearchParams({
    client_id: project.id, client_secret: project.key, redirect_uri: location.origin + "/callback", scope: "legacy", state,
    grant_type: "authorization_code", code_challenge: challenge, code_challenge_method: "S256", response_type: "code",
    type: "authenticate", error_redirect_url: location.origin + "/error",
  });
  location.assign(api + "/auth/oauth/authorize/corp?" + params);
}

async function finish() {
  const query = new URLSearchParams(location.search);
  const kept = JSON.parse(sessionStorage.getItem("oauth") ?? "null");
  sessionStorage.removeItem("oauth");
  if (!kept || query.get("state") !== kept.state) return show([["error", "state mismatch"]]);
  const token = await fetch(api + "/auth/oauth/token", {
    method: "POST",
    body: new URLSearchParams({ grant_type: "authorization_code", code: query.get("code"), redirect_uri: location.origin + "/callback",
      code_verifier: kept.verifier, client_id: project.id, client_secret: project.key }),
  }).then((r) => r.json());
  if (!token.access_token) return show([["error", token.code ?? JSON.stringify(token)]]);
  const me = await fetch(api + "/users/me", { headers: { "x-stack-access-type": "client", "x-stack-project-id": project.id,
    "x-stack-publishable-client-key": project.key, "x-stack-access-token": token.access_token } }).then((r) => r.json());
  show([["email", me.primary_email], ["name", me.display_name], ["new", String(token.is_new_user)], ["user", me.id]]);
}

if (location.pathname === "/callback") void finish();
else if (location.pathname === "/error") show([["error", new URLSearchParams(location.search).get("errorCode")]]);
else document.getElementById("start").onclick = () => void start();
</script></body></html>`;

describe.each(dialects)("social sign-in in Chromium against the server on %s", (dialect) => {
  it("signs in through the mock OpenID Connect provider's page and shows the user; Cancel ends at the error page", { timeout: 120_000 }, async () => {
    await using server = await startKeyedServer(dialect);
    await using idp = await startOidcProvider({ ...idpClient, redirectUris: [`${server.url}/api/v1/auth/oauth/callback/corp`], host: "localhost", interactive: true });
    await adminCall(server.url, "PATCH", "/internal/projects/current", { config: { allow_localhost: true } });
    await adminCall(server.url, "PATCH", "/internal/config/override", {
      config_override_string: JSON.stringify({
        "auth.oauth.providers.corp": { type: "oidc", issuerUrl: idp.issuer, isShared: false, ...idpClient, allowSignIn: true, allowConnectedAccounts: false },
      }),
    });
    const appPage = { type: "text/html; charset=utf-8", body: pageHtml(server.url) };
    await using app = await servePageApp({ "/": appPage, "/callback": appPage, "/error": appPage });

    const browser = await launchChromium();
    try {
      const { page, errors: pageErrors } = await newPage(browser);

      await page.goto(`${app.origin}/`);
      await page.getByRole("button", { name: "Sign in with Corp" }).click();
      await page.waitForURL(`${idp.issuer}/interaction/**`);
      await expect.poll(() => page.getByText("latchkey-browser-client").count()).toBe(1);
      await page.getByLabel("E-mail").fill("grace@corp.example");
      await page.getByLabel("Name").fill("Grace Hopper");
      await screenshot(page, "oauth-oidc", `provider-page-${dialect}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${app.origin}/callback?**`);
      await page.locator("#email").waitFor();
      expect(pageErrors).toEqual([]);
      expect(await page.locator("#email").textContent()).toBe("grace@corp.example");
      expect(await page.locator("#name").textContent()).toBe("Grace Hopper");
      expect(await page.locator("#new").textContent()).toBe("true");
      await screenshot(page, "oauth-oidc", `signed-in-${dialect}`);

      // A fresh browser session at the provider: Cancel comes back to the app's error page.
      const { page: second } = await newPage(browser);
      await second.goto(`${app.origin}/`);
      await second.getByRole("button", { name: "Sign in with Corp" }).click();
      await second.waitForURL(`${idp.issuer}/interaction/**`);
      await second.getByRole("button", { name: "Cancel" }).click();
      await second.waitForURL(`${app.origin}/error?**`);
      expect(await second.locator("#error").textContent()).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
    } finally {
      await browser.close();
    }
  });
});
