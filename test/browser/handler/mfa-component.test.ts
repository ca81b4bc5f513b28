/**
 * The MFA page as a React component in an app's own page (issue 37 item 1, "through the React
 * components"): `<MfaPage />` from @latchkey/react's source, built into an embedding app on the same
 * origin, with the attempt code a first factor stored. A recovery code signs in once and the count of
 * codes left is shown, light and dark at desktop and phone width, with no moderate, serious or critical
 * axe-core finding.
 */
import { randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { startInProcessServer, type InProcessServer } from "../../support/in-process-server.js";
import type { ProjectCredentials } from "../../support/instance.js";
import { buildEmbeddingBundle } from "../account/harness.js";
import { AREA, PASSWORD } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const entry = `
import { createElement as h } from "react";
import { createRoot } from "react-dom/client";
import { StackClientApp, StackProvider, StackTheme, MfaPage } from "./index.ts";
const query = new URLSearchParams(location.search);
const app = new StackClientApp({
  baseUrl: location.origin, projectId: query.get("project_id"), publishableClientKey: query.get("key"), tokenStore: "cookie",
  urls: { afterSignIn: "/__mfa-app/signed-in" },
});
createRoot(document.getElementById("root")).render(h(StackProvider, { app }, h(StackTheme, null,
  h("div", { style: { minHeight: "100vh", background: "var(--lk-background)", color: "var(--lk-text)" } }, h(MfaPage, { fullPage: true })))));
`;
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Orbit</title><link rel="stylesheet" href="/__mfa-app/app.css"></head>
<body style="margin:0"><div id="root"></div><script type="module" src="/__mfa-app/app.js"></script></body></html>`;

describe.each(dialects)("the MFA page as a React component (%s)", (dialect) => {
  let server: InProcessServer;
  let project: ProjectCredentials;
  let browser: Browser;
  beforeAll(async () => {
    server = await startInProcessServer(dialect, { frontend: "hosted", config: { abuseLimits: false } });
    project = await server.createProject({ credential_enabled: true, sign_up_enabled: true });
    const bundle = await buildEmbeddingBundle(entry);
    server.serveFile("/__mfa-app/app.js", "text/javascript", bundle.js);
    server.serveFile("/__mfa-app/app.css", "text/css", bundle.css);
    server.serveFile("/__mfa-app/", "text/html", html);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.[Symbol.asyncDispose]();
  });

  it("takes a recovery code once and says how many remain", { timeout: 180_000 }, async () => {
    const call = (path: string, body: unknown, token?: string) =>
      server.lk.call(path.startsWith("/users") ? "PATCH" : "POST", path, { access: "client", project, body, ...(token && { headers: { "x-stack-access-token": token } }) });
    const email = `lin-${Date.now().toString(36)}@orbit.test`;
    const signUp = await call("/auth/password/sign-up", { email, password: PASSWORD });
    expect(signUp.status, signUp.text).toBe(200);
    const token = signUp.body.access_token as string;
    expect((await call("/users/me", { totp_secret_base64: randomBytes(20).toString("base64") }, token)).status).toBe(200);
    const codes = (await call("/auth/mfa/recovery-codes", undefined, token)).body.recovery_codes as string[];
    const attempt = async () => (await call("/auth/password/sign-in", { email, password: PASSWORD })).body.details.attempt_code as string;

    const { page, context } = await newPage(browser);
    context.setDefaultTimeout(60_000);
    const appUrl = `${server.url}/__mfa-app/?${new URLSearchParams({ project_id: project.id, key: project.keys.publishableClientKey }).toString()}`;
    const openWith = async (code: string) => {
      await page.goto(appUrl);
      await page.evaluate((c) => sessionStorage.setItem("stack_mfa_attempt_code", c), code);
      await page.reload();
      await page.getByRole("button", { name: "Use a recovery code" }).click();
    };

    await openWith(await attempt());
    await page.getByLabel("Recovery code").fill(codes[3]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Recovery codes still unused: 9.").waitFor();
    await shootThemes(page, AREA, "mfa-component-signed-in", { widths: ["desktop", "phone"], minImpact: "moderate" });
    expect((await context.cookies()).some((c) => c.name === `stack-refresh-${project.id}`)).toBe(true);

    await context.clearCookies();
    await openWith(await attempt());
    await page.getByLabel("Recovery code").fill(codes[3]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("This recovery code has already been used.").waitFor();
    await shootThemes(page, AREA, "mfa-component-reused", { widths: ["desktop", "phone"], minImpact: "moderate" });
    await context.close();
  });
});
