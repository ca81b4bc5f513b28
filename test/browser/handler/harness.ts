/**
 * The hosted sign-in pages' browser-test harness: the real app in-process (fresh database) on a loopback
 * port serving the built hosted pages at /handler/*, an SMTP sink for the project's mail, and a project
 * with every sign-in method on (localhost trusted: the pages run on http://localhost).
 */
import type { Page } from "playwright-core";
import type { Dialect } from "../../../server/db/store.js";
import { shootThemes } from "../../support/chromium.js";
import { startInProcessServer } from "../../support/in-process-server.js";
import type { ProjectCredentials, TestInstance } from "../../support/instance.js";
import type { SinkMessage, SmtpSink } from "../../support/smtp-sink.js";

export const AREA = "handler";
export const PASSWORD = "correct horse battery";

export interface HandlerServer extends AsyncDisposable {
  lk: TestInstance;
  sink: SmtpSink;
  url: string;
  project: ProjectCredentials;
  /** A handler page of the project, e.g. `pageUrl("sign-in", { after_auth_return_to: "/x" })`. */
  pageUrl(name: string, query?: Record<string, string>): string;
  /** Calls the API as a client of the project (with an access token when given). */
  asClient(method: string, path: string, body?: unknown, accessToken?: string): ReturnType<TestInstance["call"]>;
  asAdmin(method: string, path: string, body?: unknown): ReturnType<TestInstance["call"]>;
  /** The next mail to `to` (received after `after` messages). */
  mailTo(to: string, after?: number, match?: (mail: SinkMessage) => boolean): Promise<SinkMessage>;
}

export async function startHandlerServer(dialect: Dialect, config: Record<string, unknown> = {}): Promise<HandlerServer> {
  const server = await startInProcessServer(dialect, { frontend: "hosted", config: { abuseLimits: false } });
  const { lk, sink, url } = server;
  const project = await server.createProject({ passkey_enabled: true, magic_link_enabled: true, credential_enabled: true, sign_up_enabled: true, ...config });
  const asAdmin = (method: string, path: string, body?: unknown) => lk.call(method, path, { access: "admin", project, ...(body !== undefined && { body }) });

  return {
    lk,
    sink,
    url,
    project,
    pageUrl(name, query = {}) {
      const search = new URLSearchParams({ project_id: project.id, ...query });
      return `${url}/handler/${name}?${search.toString()}`;
    },
    asClient: (method, path, body, accessToken) =>
      lk.call(method, path, { access: "client", project, ...(body !== undefined && { body }), ...(accessToken && { headers: { "x-stack-access-token": accessToken } }) }),
    asAdmin,
    async mailTo(to, after = 0, match = () => true) {
      // Mail leaves through the outbox job, which the in-process instance runs when asked.
      const deadline = Date.now() + 15_000;
      for (;;) {
        await lk.deps.jobs.runOnce();
        const found = sink.messages.slice(after).find((m) => m.to.includes(to) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived (${sink.messages.length} received)`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    [Symbol.asyncDispose]: () => server[Symbol.asyncDispose](),
  };
}

/** The first link in a mail's text that carries `code=`. */
export function codeLink(mail: SinkMessage): string {
  const match = /https?:\/\/\S+?[?&]code=[a-z0-9]+\S*/i.exec(mail.text);
  if (!match) throw new Error(`No link with a code in the mail:\n${mail.text}`);
  return match[0].replace(/[)>\].,]+$/, "");
}

/**
 * Screenshots of the page in light and dark at desktop and phone width (`<name>-<width>-<theme>`), with
 * no serious or critical axe-core finding and no horizontal overflow in any of them.
 */
export function shootAll(page: Page, name: string): Promise<void> {
  return shootThemes(page, AREA, name, { widths: ["desktop", "phone"] });
}

/** Waits for the page to reach `url`; on timeout the error says what the page shows instead. */
export async function arrive(page: Page, url: string | RegExp): Promise<void> {
  try {
    await page.waitForURL(url, { timeout: 30_000 });
  } catch (error) {
    const shown = await page.locator("body").innerText().catch(() => "(unreadable)");
    throw new Error(`The page did not reach ${String(url)}; it is at ${page.url()} and shows:\n${shown}`, { cause: error });
  }
}
