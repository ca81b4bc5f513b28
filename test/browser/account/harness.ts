/**
 * The account pages' browser-test harness: the real app in-process (fresh database) on a loopback port,
 * serving the built hosted pages at /handler/*, an SMTP sink for the project's mail, a project with the
 * account features switched on, users signed up through the API and pages signed in as them (their
 * refresh token in the SDK's cookie), and screenshots in both themes and both widths with axe checks.
 */
import { resolve } from "node:path";
import { build } from "esbuild";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import type { Dialect } from "../../../server/db/store.js";
import { launchChromium, newPage, shootThemes, viewports, type PageOptions, type ViewportName } from "../../support/chromium.js";
import { startInProcessServer } from "../../support/in-process-server.js";
import type { ProjectCredentials, TestInstance } from "../../support/instance.js";
import type { SmtpSink } from "../../support/smtp-sink.js";

export const AREA = "account";
export const PASSWORD = "a long enough passphrase";

export interface SignedUp {
  id: string;
  email: string;
  accessToken: string;
  refreshToken: string;
}

export interface AccountServer extends AsyncDisposable {
  lk: TestInstance;
  sink: SmtpSink;
  url: string;
  project: ProjectCredentials;
  /** A handler page of the project, e.g. `page("account-settings", "#mfa")`. */
  pageUrl(name: string, query?: Record<string, string>, hash?: string): string;
  signUp(email: string): Promise<SignedUp>;
  /** A page in a fresh browser context, signed in as `user`. */
  signedInPage(browser: Browser, user: SignedUp, viewport?: ViewportName, options?: PageOptions): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  /** A page of the project's own app showing `<SelectedTeamSwitcher />` and `<UserButton showUserInfo />`. */
  componentsPageUrl(): Promise<string>;
  /** Calls the API as a client of the project (with the user's access token when given). */
  asClient(method: string, path: string, body?: unknown, user?: SignedUp): ReturnType<TestInstance["call"]>;
}

/** Project settings the account journeys need. */
const accountConfig = {
  passkey_enabled: true,
  client_user_deletion_enabled: true,
  client_team_creation_enabled: true,
  allow_user_api_keys: true,
  allow_team_api_keys: true,
};

/**
 * The account server and a Chromium for the enclosing describe block: both start before its tests (handed to
 * `started`) and close after them.
 */
export function useAccountServer(dialect: Dialect, started: (server: AccountServer, browser: Browser) => void): void {
  let server: AccountServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startAccountServer(dialect);
    browser = await launchChromium();
    started(server, browser);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.[Symbol.asyncDispose]();
  });
}

export async function startAccountServer(dialect: Dialect): Promise<AccountServer> {
  const server = await startInProcessServer(dialect, { frontend: "hosted" });
  const { lk, sink, url } = server;
  const project = await server.createProject(accountConfig);
  // Besides the real app: an embedding app's page (same origin), built on first use from @latchkey/react's source.
  let componentsPage: Promise<void> | undefined;

  const asClient = (method: string, path: string, body?: unknown, user?: SignedUp) =>
    lk.call(method, path, { access: "client", project, ...(body !== undefined && { body }), ...(user && { headers: { "x-stack-access-token": user.accessToken } }) });

  return {
    lk,
    sink,
    url,
    project,
    pageUrl(name, query = {}, hash = "") {
      const search = new URLSearchParams({ project_id: project.id, ...query });
      return `${url}/handler/${name}?${search.toString()}${hash}`;
    },
    async signUp(email) {
      const res = await asClient("POST", "/auth/password/sign-up", { email, password: PASSWORD });
      expect(res.status, res.text).toBe(200);
      return { id: res.body.user_id, email, accessToken: res.body.access_token, refreshToken: res.body.refresh_token };
    },
    async signedInPage(browser, user, viewport = "desktop", options = {}) {
      const opened = await newPage(browser, { viewport: viewports[viewport], ...options });
      // The machine is shared with other test runs: give slow moments room.
      opened.context.setDefaultTimeout(30_000);
      await opened.context.addCookies([{ name: `stack-refresh-${project.id}`, value: encodeURIComponent(user.refreshToken), url }]);
      return opened;
    },
    async componentsPageUrl() {
      componentsPage ??= buildEmbeddingBundle(componentsEntry).then((bundle) => {
        server.serveFile("/__account-test/app.js", "text/javascript", bundle.js);
        server.serveFile("/__account-test/app.css", "text/css", bundle.css);
        server.serveFile("/__account-test/", "text/html", componentsPageHtml);
      });
      await componentsPage;
      const search = new URLSearchParams({ project_id: project.id, key: project.keys.publishableClientKey });
      return `${url}/__account-test/?${search.toString()}`;
    },
    asClient,
    [Symbol.asyncDispose]: () => server[Symbol.asyncDispose](),
  };
}

/**
 * Screenshots of the page in light and dark at desktop and phone width (`<name>-<width>-<theme>`), with
 * no serious or critical axe-core finding and no horizontal overflow (down to 360 px) in any of them.
 */
export function shootAllSizes(page: Page, name: string): Promise<void> {
  return shootThemes(page, AREA, name, { widths: ["desktop", "phone"] });
}

const componentsPageHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Embedding app</title><link rel="stylesheet" href="/__account-test/app.css"></head>
<body style="margin:0"><div id="root"></div><script type="module" src="/__account-test/app.js"></script></body></html>`;

/** An app's header with the team switcher and the user button, as a developer would embed them. */
const componentsEntry = `
import { createElement as h } from "react";
import { createRoot } from "react-dom/client";
import { StackClientApp, StackProvider, StackTheme, UserButton, SelectedTeamSwitcher } from "./index.ts";
const query = new URLSearchParams(location.search);
const projectId = query.get("project_id");
const app = new StackClientApp({
  baseUrl: location.origin, projectId, publishableClientKey: query.get("key"), tokenStore: "cookie",
  urls: { handler: "/handler", signIn: "/handler/sign-in?project_id=" + projectId, accountSettings: "/handler/account-settings?project_id=" + projectId, afterSignOut: location.pathname + location.search },
});
const header = h("header", { style: { display: "flex", gap: "1rem", alignItems: "flex-end", justifyContent: "space-between", padding: "1rem", flexWrap: "wrap", borderBottom: "1px solid var(--lk-border)" } },
  h("h1", { style: { margin: 0, fontSize: "1.25rem" } }, "Orbit"),
  h("nav", { "aria-label": "Account", style: { display: "flex", gap: "1rem", alignItems: "flex-end", flexWrap: "wrap" } }, h(SelectedTeamSwitcher), h(UserButton, { showUserInfo: true })));
const body = h("main", { style: { padding: "1rem" } }, h("p", null, "The embedding app's content."));
createRoot(document.getElementById("root")).render(h(StackProvider, { app }, h(StackTheme, null, h("div", { style: { minHeight: "100vh", background: "var(--lk-background)", color: "var(--lk-text)" } }, header, body))));
`;

/** An embedding app's script and styles, built from `entry` (which imports "./index.ts", @latchkey/react's source). */
export async function buildEmbeddingBundle(entry: string): Promise<{ js: string; css: string }> {
  const result = await build({
    stdin: { contents: entry, resolveDir: resolve("clients/react/src"), loader: "ts", sourcefile: "embedding-app.ts" },
    bundle: true,
    write: false,
    format: "esm",
    outdir: "out",
    jsx: "automatic",
    platform: "browser",
    target: "es2022",
    define: { "process.env.NODE_ENV": JSON.stringify("development") },
    logLevel: "silent",
  });
  const text = (ext: string) => result.outputFiles.filter((f) => f.path.endsWith(ext)).map((f) => f.text).join("\n");
  return { js: text(".js"), css: text(".css") };
}
