/**
 * The language set by the app (issue 37, locales): an app embeds `<SignIn />` from @latchkey/react's source
 * under `<StackProvider lang={…}>` and switches the language at run time, whatever the browser's language.
 * Japanese, then Brazilian Portuguese from the tag "pt", then Simplified Chinese from "zh-Hans"; light and
 * dark at desktop and phone width, axe at moderate. One database only: the texts do not depend on it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage, shootThemes } from "../../support/chromium.js";
import { testDialects } from "../../support/databases.js";
import { startInProcessServer, type InProcessServer } from "../../support/in-process-server.js";
import type { ProjectCredentials } from "../../support/instance.js";
import { buildEmbeddingBundle } from "../account/harness.js";
import { AREA } from "./harness.js";

const entry = `
import { createElement as h, useState } from "react";
import { createRoot } from "react-dom/client";
import { StackClientApp, StackProvider, StackTheme, SignIn } from "./index.ts";
const query = new URLSearchParams(location.search);
const app = new StackClientApp({ baseUrl: location.origin, projectId: query.get("project_id"), publishableClientKey: query.get("key"), tokenStore: "cookie" });
function App() {
  const [lang, setLang] = useState("ja");
  return h(StackProvider, { app, lang }, h(StackTheme, null,
    h("div", { style: { minHeight: "100vh", background: "var(--lk-background)", color: "var(--lk-text)" } },
      h("h1", { style: { margin: 0, padding: "8px", fontSize: "1rem" } }, "Orbit"),
      h("label", { style: { display: "block", padding: "8px" } }, "Language ",
        h("select", { value: lang, onChange: (event) => setLang(event.target.value) },
          ["ja", "pt", "zh-Hans", "en"].map((tag) => h("option", { key: tag, value: tag }, tag)))),
      h(SignIn, null))));
}
createRoot(document.getElementById("root")).render(h(App));
`;
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Orbit</title><link rel="stylesheet" href="/__lang-app/app.css"></head>
<body style="margin:0"><main id="root"></main><script type="module" src="/__lang-app/app.js"></script></body></html>`;

describe("the language an app sets", () => {
  let server: InProcessServer;
  let project: ProjectCredentials;
  let browser: Browser;
  beforeAll(async () => {
    server = await startInProcessServer(testDialects[0]!, { frontend: "hosted", config: { abuseLimits: false } });
    project = await server.createProject({ credential_enabled: true, sign_up_enabled: true });
    const bundle = await buildEmbeddingBundle(entry);
    server.serveFile("/__lang-app/app.js", "text/javascript", bundle.js);
    server.serveFile("/__lang-app/app.css", "text/css", bundle.css);
    server.serveFile("/__lang-app/", "text/html", html);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.[Symbol.asyncDispose]();
  });

  it("wins over the browser's language and follows the app's changes", { timeout: 180_000 }, async () => {
    const { page, errors, context } = await newPage(browser, { locale: "de-DE" });
    context.setDefaultTimeout(30_000);
    await page.goto(`${server.url}/__lang-app/?${new URLSearchParams({ project_id: project.id, key: project.keys.publishableClientKey }).toString()}`);
    await page.getByRole("heading", { name: /^Orbit にログイン$/ }).waitFor();
    await page.getByRole("button", { name: "ログイン", exact: true }).waitFor();
    await shootThemes(page, AREA, "app-language-ja", { widths: ["desktop", "phone"], minImpact: "moderate" });

    await page.getByLabel("Language").selectOption("pt");
    await page.getByRole("heading", { name: "Entrar em Orbit" }).waitFor();
    await page.getByLabel("Senha", { exact: true }).waitFor();

    await page.getByLabel("Language").selectOption("zh-Hans");
    await page.getByRole("heading", { name: "登录 Orbit" }).waitFor();
    await shootThemes(page, AREA, "app-language-zh-CN", { widths: ["desktop", "phone"], minImpact: "moderate" });

    await page.getByLabel("Language").selectOption("en");
    await page.getByRole("heading", { name: "Sign in to Orbit" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
