/**
 * Steps the Connect-your-app journeys share: a new owner signs up in the dashboard and creates a project,
 * and a copy button's text read back from the clipboard (what the owner pastes into their app).
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Signs up `owner@example.com` on the dashboard at `url`, creates the project "Acme" and answers its id (the Overview is open). */
export async function newOwnerProject(page: Page, url: string): Promise<string> {
  await page.goto(`${url}/dashboard/`);
  await page.getByRole("button", { name: "No account yet? Create one" }).click();
  await page.getByLabel("E-mail").fill("owner@example.com");
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("heading", { name: "Welcome to Latchkey" }).waitFor();
  await page.getByLabel("Project name").fill("Acme");
  await page.getByRole("button", { name: "Create project" }).click();
  await page.getByRole("heading", { name: "Overview" }).waitFor();
  return new URL(page.url()).pathname.split("/")[3]!;
}

/** Clicks a copy button and answers what it put on the clipboard. */
export async function copied(page: Page, button: string): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe("");
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The `NAME=value` lines of a copied `.env` block, by name, in their order. */
export function envValues(env: string): Record<string, string> {
  return Object.fromEntries(env.trim().split("\n").map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]));
}
