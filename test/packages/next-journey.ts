/**
 * The Next.js journey both Next apps pass (examples/nextjs with @latchkey/next, and the same app on Stack's
 * @stackframe/stack): a signed-out visitor of the protected page is sent to sign-in, signs up from there and
 * comes back; the server component shows the e-mail; the server action changes the display name; signing
 * out returns to the signed-out home page, and the protected page is closed again.
 */
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { newPage, screenshot } from "../support/chromium.js";
import { uniqueEmail, type World } from "../compat/support/world.js";

export interface JourneyOptions {
  /** Screenshot names start with this. */
  name: string;
  /** Fills and sends the sign-up form of the app's sign-up page. */
  signUp(page: Page, email: string, password: string): Promise<void>;
  /** Opens the sign-up page from the sign-in page. */
  openSignUp(page: Page): Promise<void>;
  /**
   * Why the protected page's redirect names no way back, when it does not (then the visitor lands on the
   * after-sign-up page and opens the protected page again).
   */
  noWayBack?: string;
}

const screenshots = "next";

export async function nextJourney(browser: Browser, appUrl: string, world: World, options: JourneyOptions): Promise<{ errors: string[] }> {
  const { context, page, errors } = await newPage(browser, { locale: "en-US" });
  const email = uniqueEmail(`next-${options.name}`);
  const password = "a long example passphrase";
  try {
    // Signed out: the protected page sends the visitor to sign-in, naming the way back.
    await page.goto(`${appUrl}/protected`);
    await page.waitForURL((url) => url.pathname === "/handler/sign-in");
    expect(new URL(page.url()).searchParams.get("after_auth_return_to")).toBe(options.noWayBack === undefined ? "/protected" : null);
    await screenshot(page, screenshots, `${options.name}-sign-in`);

    // Sign up from there: back on the protected page, where the server component shows the e-mail.
    await options.openSignUp(page);
    await page.waitForURL((url) => url.pathname === "/handler/sign-up");
    await options.signUp(page, email, password);
    if (options.noWayBack !== undefined) {
      await page.waitForURL((url) => url.pathname === "/", { timeout: 20_000 });
      await page.goto(`${appUrl}/protected`);
    }
    await page.waitForURL((url) => url.pathname === "/protected", { timeout: 20_000 });
    await expect(page.getByTestId("email").textContent({ timeout: 15_000 })).resolves.toBe(email);
    const user = (await world.serverApp().listUsers()).find((u) => u.primaryEmail === email);
    expect(user).toBeDefined();
    // The client component reads the same session through useUser.
    await expect.poll(() => page.getByTestId("greeting").textContent(), { timeout: 15_000 }).toContain(email);
    await screenshot(page, screenshots, `${options.name}-protected`);

    // The server action changes the display name; the page shows it and the server has it.
    await page.getByLabel("New display name").fill("Grace Hopper");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByTestId("display-name").textContent(), { timeout: 15_000 }).toBe("Grace Hopper");
    expect((await world.serverApp().getUser(user!.id))?.displayName).toBe("Grace Hopper");
    // A fresh load reads the session from the cookies again.
    await page.reload();
    await expect(page.getByTestId("display-name").textContent({ timeout: 15_000 })).resolves.toBe("Grace Hopper");
    await screenshot(page, screenshots, `${options.name}-renamed`);

    // Sign out: home says so, and the protected page is closed again.
    await page.getByRole("link", { name: "Sign out" }).click();
    await page.getByText("You are not signed in.").waitFor({ timeout: 20_000 });
    await screenshot(page, screenshots, `${options.name}-signed-out`);
    await page.goto(`${appUrl}/protected`);
    await page.waitForURL((url) => url.pathname === "/handler/sign-in");
    return { errors };
  } finally {
    await context.close();
  }
}
