/// <reference lib="dom" />
/**
 * Debian's Chromium for browser tests (driven by playwright-core, never downloaded): launching it with
 * the flags every test uses, a page at a viewport, screenshots into test-artifacts/screenshots/<area>/
 * (git-ignored), axe-core's serious and critical violations of a page, and `shootThemes`, which does
 * all of that for a page in light and dark (and at several widths).
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { expect } from "vitest";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
export const SCREENSHOTS = join("test-artifacts", "screenshots");

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;
export type ViewportName = keyof typeof viewports;

/** Launches Chromium; fails with a hint when Debian's package is missing. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}. Install Debian's package (apt-get install -y chromium); the browser tests never download a browser.`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, timeout: 30_000 });
}

export interface PageOptions extends BrowserContextOptions {
  viewport?: { width: number; height: number };
  colorScheme?: "light" | "dark";
}

/** A page in a fresh context (own cookies and storage) at a viewport (desktop by default). */
export async function newPage(browser: Browser, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: viewports.desktop, ...options });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Saves a full-page screenshot as test-artifacts/screenshots/<area>/<name>.png and returns its path. */
export async function screenshot(page: Page, area: string, name: string): Promise<string> {
  const dir = join(SCREENSHOTS, area);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name.replace(/[^\w.-]+/g, "-")}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

let axeSource: string | undefined;

const impactsFrom = { serious: ["serious", "critical"], moderate: ["moderate", "serious", "critical"] } as const;

/** Runs axe-core (from node_modules) on the page; answers the serious and critical violations (and moderate ones from `minImpact: "moderate"`). */
export async function runAxe(page: Page, minImpact: keyof typeof impactsFrom = "serious"): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(join(dirname(createRequire(import.meta.url).resolve("axe-core/package.json")), "axe.min.js"), "utf8");
  // Injected through the debugging protocol, so the page's Content-Security-Policy does not block it.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const answer = await axe.run(document, { resultTypes: ["violations"] });
    return answer.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return result.filter((violation) => (impactsFrom[minImpact] as readonly (string | null)[]).includes(violation.impact));
}

export type Theme = "light" | "dark";

/** How a page is put in a theme, and how to read the theme it shows (restored after the shots). */
export interface ThemeSwitch {
  current(page: Page): Promise<Theme>;
  set(page: Page, theme: Theme): Promise<void>;
}

/** Pages that follow the system's preference (`prefers-color-scheme`), such as the hosted pages. */
export const mediaTheme: ThemeSwitch = {
  current: (page) => page.evaluate(() => (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light")),
  set: (page, theme) => page.emulateMedia({ colorScheme: theme }),
};

/** Pages whose theme is a `dark` class on <html>, such as the dashboard (which sets it from the owner's choice). */
export const classTheme: ThemeSwitch = {
  current: (page) => page.evaluate(() => (document.documentElement.classList.contains("dark") ? "dark" : "light")),
  set: (page, theme) =>
    page.evaluate((t) => {
      document.documentElement.classList.toggle("dark", t === "dark");
      document.documentElement.style.colorScheme = t;
    }, theme),
};

export interface ShootOptions {
  /** Widths to resize to, one after the other; by default the page's own viewport, left as it is. */
  widths?: readonly ViewportName[];
  /** How to switch the theme; `mediaTheme` by default. */
  themes?: ThemeSwitch;
  /** The least axe-core impact that fails the shot: `serious` by default. */
  minImpact?: "serious" | "moderate";
}

/** Time for transitions (colours, layout after a resize) to settle before a picture. */
const SETTLE_MS = 250;

/**
 * The page in light and dark (at each of `widths` when given): a screenshot of each, named
 * `<name>-<width>-<theme>` when walking widths and `<name>-<theme>` at the page's own width; no serious
 * or critical axe-core finding and no horizontal overflow in any of them. Ends in the theme and at the
 * viewport the page had.
 */
export async function shootThemes(page: Page, area: string, name: string, options: ShootOptions = {}): Promise<void> {
  const themes = options.themes ?? mediaTheme;
  const startTheme = await themes.current(page);
  const startViewport = page.viewportSize();
  const sizes = options.widths?.map((width) => ({ label: `-${viewports[width].width}`, viewport: viewports[width] })) ?? [{ label: "", viewport: undefined }];
  for (const { label, viewport } of sizes) {
    if (viewport) await page.setViewportSize(viewport);
    for (const theme of ["light", "dark"] as const) {
      await themes.set(page, theme);
      await page.waitForTimeout(SETTLE_MS);
      const shot = `${name}${label}-${theme}`;
      await screenshot(page, area, shot);
      const violations = await runAxe(page, options.minImpact);
      expect(violations, `${shot}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
      expect(await horizontalOverflow(page), `${shot} overflows horizontally`).toBeLessThanOrEqual(0);
    }
  }
  if (options.widths && startViewport) await page.setViewportSize(startViewport);
  await themes.set(page, startTheme);
}

/**
 * How many pixels the page sticks out sideways: the document's width beyond the width it is laid out in
 * (the viewport less a vertical scroll bar), which is exactly when it scrolls horizontally.
 */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
