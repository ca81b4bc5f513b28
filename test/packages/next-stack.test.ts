/**
 * The same Next.js journey with Stack's own SDK: a fresh app folder holding examples/nextjs with its
 * `@latchkey/next` imports turned into `@stackframe/stack` 2.8.39 imports (from the registry, through npm's
 * cache), built with `next build`, started with `next start`, and driven in Debian's Chromium against
 * our server, on the first test dialect (support/next-suite.ts). Stack's SDK has no middleware helper, so the
 * app goes without examples/nextjs's middleware.ts; its protected page's own `getUser({ or: "redirect" })`
 * sends signed-out visitors to sign-in, without a way back (see `noWayBack` below): the only part of the
 * journey that differs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { nextJourney } from "./next-journey.js";
import { appDependencies, fetchesAtBuildTime, withOutput } from "./next-app.js";
import { describeNextApp } from "./support/next-suite.js";
import { repoRoot } from "./support/packed.js";

const example = join(repoRoot, "examples", "nextjs");
const stackVersion = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { devDependencies: Record<string, string> }).devDependencies["@stackframe/stack"]!;
const { "@latchkey/next": _ours, ...rest } = appDependencies(example);

describeNextApp(
  `@stackframe/stack ${stackVersion} in examples/nextjs, against our server`,
  () => ({
    source: example,
    dependencies: { ...rest, "@stackframe/stack": stackVersion },
    rewrite: (path, text) => (path === "middleware.ts" ? null : text.replaceAll('from "@latchkey/next"', 'from "@stackframe/stack"')),
  }),
  (current) => {
    it("uses Stack's SDK alone and fetches nothing from the internet at build time", () => {
      const { app } = current();
      expect(readFileSync(join(app.dir, "stack.ts"), "utf8")).toContain('from "@stackframe/stack"');
      expect(fetchesAtBuildTime(app.dir)).toEqual([]);
    });

    it("protects a page, shows the e-mail in a server component, renames in a server action, signs out", async () => {
      const { browser, running, world } = current();
      const { errors } = await withOutput(running, () => nextJourney(browser, running.url, world, {
        name: "stack",
        // Stack's SDK adds after_auth_return_to only when it redirects in a browser (it reads window.location);
        // a server component's getUser({ or: "redirect" }) sends the visitor to the plain sign-in page, with
        // any server. Without our middleware helper the visitor lands on the after-sign-up page (home).
        noWayBack: "Stack's server-side redirect to sign-in names no way back",
        openSignUp: (page) => page.getByRole("link", { name: "Sign up" }).click(),
        async signUp(page, email, password) {
          // Stack's sign-up page opens on its e-mail (magic link) tab; the password form is the other tab.
          await page.getByRole("tab", { name: "Email & Password" }).click();
          await page.locator('input[type="email"]:visible').fill(email);
          await page.getByLabel("Password", { exact: true }).fill(password);
          await page.getByLabel("Repeat Password").fill(password);
          await page.getByRole("button", { name: "Sign Up" }).click();
        },
      }));
      expect(errors).toEqual([]);
    }, 180_000);
  },
);
