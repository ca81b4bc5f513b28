/// <reference lib="dom" />
/**
 * The hosted pages speak the browser's language (issue 37, locales): Japanese and French sign-in pages with
 * their title, document language and a known error, loaded on demand (the first script carries English
 * only); an unknown project in Japanese; traditional Chinese, which is not shipped, falls back to English.
 * Screenshots under test-artifacts/screenshots/handler/, axe-core at moderate. One database only: the
 * texts do not depend on it.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage, shootThemes } from "../../support/chromium.js";
import { testDialects } from "../../support/databases.js";
import { AREA, PASSWORD, startHandlerServer, type HandlerServer } from "./harness.js";

const shoot = (page: Parameters<typeof shootThemes>[0], name: string) => shootThemes(page, AREA, name, { widths: ["desktop", "phone"], minImpact: "moderate" });

describe("hosted pages in the browser's language", () => {
  let server: HandlerServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startHandlerServer(testDialects[0]!);
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.[Symbol.asyncDispose]();
  });

  const cases = [
    { locale: "ja-JP", lang: "ja", title: "Orbit にログイン", email: "メールアドレス", password: "パスワード", signIn: "ログイン", wrong: "メールアドレスまたはパスワードが正しくありません。" },
    { locale: "fr-CA", lang: "fr", title: "Se connecter à Orbit", email: "E-mail", password: "Mot de passe", signIn: "Se connecter", wrong: "E-mail ou mot de passe incorrect." },
  ];

  it.each(cases)("shows the sign-in page and its known errors in $lang to a $locale browser", { timeout: 120_000 }, async ({ locale, lang, title, email, password, signIn, wrong }) => {
    const { page, errors, context } = await newPage(browser, { locale });
    context.setDefaultTimeout(30_000);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(server.pageUrl("sign-in"));
    await page.getByRole("heading", { name: title }).waitFor();
    expect(await page.title()).toBe(title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    // The language's texts came as a chunk of their own, after the page's script.
    expect(scripts.some((path) => new RegExp(`/assets/${lang}-[\\w-]+\\.js$`).test(path)), scripts.join("\n")).toBe(true);
    await shoot(page, `sign-in-${lang}`);
    await page.getByLabel(email, { exact: true }).fill("nobody@orbit.test");
    await page.getByLabel(password, { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: signIn, exact: true }).click();
    await page.getByText(wrong).waitFor();
    await shoot(page, `sign-in-error-${lang}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("says an unknown project is missing in Japanese", { timeout: 60_000 }, async () => {
    const { page, errors, context } = await newPage(browser, { locale: "ja" });
    context.setDefaultTimeout(30_000);
    await page.goto(`${server.url}/handler/sign-in?project_id=00000000-0000-4000-8000-000000000000`);
    await page.getByText("このアプリは存在しません。").waitFor();
    expect(await page.title()).toBe("アプリが見つかりません");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("falls back to English for traditional Chinese, which is not shipped", { timeout: 60_000 }, async () => {
    const { page, errors, context } = await newPage(browser, { locale: "zh-TW" });
    context.setDefaultTimeout(30_000);
    await page.goto(server.pageUrl("sign-in"));
    await page.getByRole("heading", { name: "Sign in to Orbit" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(errors).toEqual([]);
    await context.close();
  });
});
