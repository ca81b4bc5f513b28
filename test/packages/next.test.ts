/**
 * @latchkey/next from its packed tarball (with @latchkey/js and @latchkey/react), in a fresh app folder
 * outside the repository holding a copy of examples/nextjs, built with `next build`, started with
 * `next start` and driven in Debian's Chromium against a running server, on the first test dialect
 * (support/next-suite.ts).
 */
import { join } from "node:path";
import { expect, it } from "vitest";
import { nextJourney } from "./next-journey.js";
import { appDependencies, fetchesAtBuildTime, withOutput } from "./next-app.js";
import { describeNextApp } from "./support/next-suite.js";
import { packedPackages, repoRoot } from "./support/packed.js";
import { uniqueEmail } from "../compat/support/world.js";

const example = join(repoRoot, "examples", "nextjs");

describeNextApp(
  "@latchkey/next packed, examples/nextjs",
  // The example's registry dependencies, and our three packages as their tarballs.
  async () => ({ source: example, dependencies: { ...appDependencies(example), ...(await packedPackages()) } }),
  (current) => {
    it("fetches nothing from the internet at build time", () => {
      expect(fetchesAtBuildTime(current().app.dir)).toEqual([]);
    });

    it("protects a page, shows the e-mail in a server component, renames in a server action, signs out", async () => {
      const { browser, running, world } = current();
      const { errors } = await withOutput(running, () => nextJourney(browser, running.url, world, {
        name: "latchkey",
        openSignUp: (page) => page.getByRole("link", { name: "Sign up" }).click(),
        async signUp(page, email, password) {
          await page.getByLabel("E-mail").fill(email);
          await page.getByLabel("Password", { exact: true }).fill(password);
          await page.getByLabel("Repeat the password").fill(password);
          await page.getByRole("button", { name: "Create account" }).click();
        },
      }));
      expect(errors).toEqual([]);
      expect(running.output()).not.toMatch(/\b(Error|TypeError)\b/);
    }, 180_000);

    it("writes refreshed tokens back to the cookies, and names the visitor's address to the server", async () => {
      const { running, world, proxy } = current();
      // A signed-in visitor whose browser holds only the refresh token (the access token cookie expired).
      const client = world.clientApp();
      const email = uniqueEmail("next-refresh");
      const signedUp = await client.signUpWithCredential({ email, password: "a long example passphrase", noRedirect: true });
      expect(signedUp.status).toBe("ok");
      const { refreshToken } = await (await client.getUser({ or: "throw" })).currentSession.getTokens();
      const seen = proxy.requests.length;

      const answer = await withOutput(running, () => fetch(`${running.url}/api/me`, {
        headers: { cookie: `stack-refresh-${world.projectId}=${refreshToken}`, "x-forwarded-for": "203.0.113.7" },
      }));
      expect(answer.status).toBe(200);
      await expect(answer.json()).resolves.toEqual({ email });
      // The route handler refreshed the access token and sent it back as the browser store keeps it.
      const access = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("stack-access="));
      expect(access).toBeDefined();
      const [kept, accessToken] = JSON.parse(decodeURIComponent(access!.split(";")[0]!.slice("stack-access=".length))) as [string, string];
      expect(kept).toBe(refreshToken);
      expect(accessToken.split(".")).toHaveLength(3);

      // Every request the Next.js server made for this visitor named the visitor's address.
      // The refresh is Stack's token request (the publishable key as client secret), the user read a server call.
      const sent = proxy.requests.slice(seen);
      expect(sent.map((request) => request.path)).toEqual(expect.arrayContaining([expect.stringContaining("/auth/oauth/token"), expect.stringContaining("/users/me")]));
      // Every server call names the visitor's address, and so does the token refresh (with the secret key
      // that lets the server believe it), so the token endpoint's per-address limit counts the visitor.
      const serverCalls = sent.filter((request) => request.headers["x-stack-secret-server-key"] !== undefined);
      const refresh = sent.find((request) => request.path.includes("/auth/oauth/token"));
      expect(serverCalls).toContain(refresh);
      for (const request of serverCalls) expect(request.headers["x-latchkey-end-user-ip"], request.path).toBe("203.0.113.7");
    }, 60_000);
  },
);
