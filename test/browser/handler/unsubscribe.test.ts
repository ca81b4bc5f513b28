/// <reference lib="dom" />
/**
 * The hosted unsubscribe page: a person opens the link in a marketing mail (from the SMTP sink), sees
 * what will stop, presses the button, and the user's Marketing preference is off. Also: nothing changes
 * on merely opening the page, a tampered link is refused, German texts, screenshots in both themes at
 * desktop and phone width with no serious axe-core finding.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import type { SinkMessage } from "../../support/smtp-sink.js";
import { arrive, shootAll, startHandlerServer, type HandlerServer } from "./harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const shots = dialects[0];

/** The unsubscribe link in a mail's HTML body. */
function unsubscribeLink(mail: SinkMessage): string {
  const match = /href="([^"]*\/handler\/unsubscribe\?[^"]*)"/.exec(mail.html);
  if (!match) throw new Error(`No unsubscribe link in the mail:\n${mail.html}`);
  return match[1]!.replaceAll("&amp;", "&");
}

describe.each(dialects)("hosted unsubscribe page (%s)", (dialect) => {
  let server: HandlerServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startHandlerServer(dialect);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.[Symbol.asyncDispose]();
  });

  async function userWithMarketingMail(email: string): Promise<{ userId: string; link: string }> {
    const created = await server.lk.call("POST", "/users", { access: "server", project: server.project, body: { primary_email: email, primary_email_verified: true } });
    expect(created.status, created.text).toBe(201);
    const userId = created.body.id as string;
    const before = server.sink.messages.length;
    const sent = await server.lk.call("POST", "/emails/send-email", {
      access: "server",
      project: server.project,
      body: { user_ids: [userId], html: "<p>Our autumn news</p>", subject: "Autumn news", notification_category_name: "Marketing" },
    });
    expect(sent.status, sent.text).toBe(200);
    const mail = await server.mailTo(email, before, (m) => m.subject === "Autumn news");
    return { userId, link: unsubscribeLink(mail) };
  }

  async function marketingOn(userId: string): Promise<boolean> {
    const prefs = await server.lk.call("GET", `/emails/notification-preference/${userId}`, { access: "server", project: server.project });
    expect(prefs.status, prefs.text).toBe(200);
    const marketing = (prefs.body.items as { notification_category_name: string; enabled: boolean }[]).find((p) => p.notification_category_name === "Marketing");
    return marketing!.enabled;
  }

  it("unsubscribes from Marketing with one press of the button on the mailed link", { timeout: 180_000 }, async () => {
    const { userId, link } = await userWithMarketingMail("reader@orbit.test");
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/handler/unsubscribe`);
    expect(url.searchParams.get("project_id")).toBe(server.project.id);

    const { page, errors } = await newPage(browser);
    await page.goto(link);
    await page.getByText("Stop receiving marketing e-mails from Orbit?").waitFor();
    // Opening the page (or a link scanner fetching it) changes nothing.
    expect(await marketingOn(userId)).toBe(true);
    if (dialect === shots) await shootAll(page, "unsubscribe");

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "You are unsubscribed" }).waitFor();
    await page.getByText("You will no longer receive marketing e-mails from Orbit.").waitFor();
    expect(await marketingOn(userId)).toBe(false);
    if (dialect === shots) await shootAll(page, "unsubscribe-done");
    expect(errors).toEqual([]);
  });

  it("refuses a tampered link and speaks German", { timeout: 120_000 }, async () => {
    const { userId, link } = await userWithMarketingMail("leser@orbit.test");
    const tampered = link.replace(/code=([^&]+)/, (_, code: string) => `code=${code.slice(0, -2)}xx`);

    const { page } = await newPage(browser, { locale: "de-DE" });
    await page.goto(tampered);
    await page.getByRole("heading", { name: "Link ungültig" }).waitFor();
    expect(await page.getByRole("button", { name: "Abmelden" }).count()).toBe(0);
    if (dialect === shots) await shootAll(page, "unsubscribe-invalid-de");

    await page.goto(link);
    await page.getByText("Keine Marketing-E-Mails mehr von Orbit erhalten?").waitFor();
    await page.getByRole("button", { name: "Abmelden" }).click();
    await page.getByRole("heading", { name: "Sie sind abgemeldet" }).waitFor();
    await arrive(page, /\/handler\/unsubscribe\?/);
    expect(await marketingOn(userId)).toBe(false);
  });
});
