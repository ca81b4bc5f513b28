/**
 * Issue 40 acceptance: a relying party built on openid-client, in its own process (relying-party.ts),
 * signs users in with a project through the code flow with PKCE in Chromium: the hosted sign-in page
 * (password, and password with TOTP), the consent page (remembered afterwards), the ID token verified
 * against the discovered JWKS, userinfo, refresh-token rotation with a reused token revoking the grant,
 * revocation, RP-initiated logout (after which prompt=none answers login_required), and prompt=login
 * asking a signed-in user to sign in again instead of sending them round in a loop.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, newPage, shootThemes } from "../../support/chromium.js";
import { browserTestDialects } from "../../support/browser-dialects.js";
import { freePort } from "../../support/server-process.js";
import { arrive, PASSWORD, startHandlerServer, type HandlerServer } from "../handler/harness.js";

/** This file's database (test/support/browser-dialects.ts). */
const dialects = browserTestDialects(import.meta.url);

const AREA = "identity-provider";

interface RelyingParty {
  url: string;
  child: ChildProcess;
  output: () => string;
}

async function startRelyingParty(env: { ISSUER: string; CLIENT_ID: string; CLIENT_SECRET: string; PORT: number }): Promise<RelyingParty> {
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "test/browser/identity-provider/relying-party.ts"], {
    env: { PATH: process.env.PATH ?? "", ...env, PORT: String(env.PORT) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The relying party did not start:\n${output}`)), 30_000);
    child.stdout!.on("data", () => {
      if (output.includes("relying party ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The relying party exited with ${code}:\n${output}`));
    });
  });
  return { url: `http://localhost:${env.PORT}`, child, output: () => output };
}

/** The JSON report the relying party shows on its callback page. */
async function report(page: Page, rp: RelyingParty): Promise<Record<string, any>> {
  await arrive(page, new RegExp(`^${rp.url}/callback`));
  const text = await page.locator("#report").innerText();
  return JSON.parse(text) as Record<string, any>;
}

describe.each(dialects)("a relying party on openid-client signs users in with a project (%s)", (dialect) => {
  let server: HandlerServer;
  let browser: Browser;
  let rp: RelyingParty;
  let clientId: string;
  const ada = { email: `ada-${Date.now().toString(36)}@orbit.test`, id: "" };
  const alan = { email: `alan-${Date.now().toString(36)}@orbit.test`, id: "", totp: null as TOTP | null };

  beforeAll(async () => {
    server = await startHandlerServer(dialect);
    const port = await freePort();
    const created = await server.asAdmin("POST", "/internal/oauth-clients", {
      name: "Partner Notes",
      type: "confidential",
      redirect_uris: [`http://localhost:${port}/callback`, `http://localhost:${port}/logged-out`],
      allowed_scopes: ["openid", "profile", "email", "offline_access"],
    });
    expect(created.status, created.text).toBe(201);
    clientId = created.body.client_id as string;
    for (const person of [ada, alan]) {
      const signUp = await server.asClient("POST", "/auth/password/sign-up", { email: person.email, password: PASSWORD });
      expect(signUp.status, signUp.text).toBe(200);
      person.id = signUp.body.user_id as string;
      if (person === alan) {
        const secret = randomBytes(20);
        const enabled = await server.asClient("PATCH", "/users/me", { totp_secret_base64: secret.toString("base64") }, signUp.body.access_token as string);
        expect(enabled.status, enabled.text).toBe(200);
        alan.totp = new TOTP({ secret: new Secret({ buffer: Uint8Array.from(secret).buffer }), digits: 6, period: 30 });
      }
    }
    rp = await startRelyingParty({ ISSUER: `${server.url}/api/v1/projects/${server.project.id}`, CLIENT_ID: clientId, CLIENT_SECRET: created.body.client_secret as string, PORT: port });
    browser = await launchChromium();
  }, 240_000);
  afterAll(async () => {
    rp?.child.kill("SIGTERM");
    await browser?.close();
    await server?.[Symbol.asyncDispose]();
  });

  async function signIn(page: Page, email: string, totp: TOTP | null): Promise<void> {
    await arrive(page, /\/handler\/sign-in/);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    if (totp) {
      await arrive(page, /\/handler\/mfa/);
      await page.getByLabel("One-time code").fill(totp.generate({ timestamp: server.lk.clock.now().getTime() }));
      await page.getByRole("button", { name: "Verify" }).click();
    }
  }

  it("signs in with a password, consents, verifies the ID token, reads userinfo, rotates and detects reuse, revokes, logs out", { timeout: 240_000 }, async () => {
    const { page, context, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await page.goto(`${rp.url}/login?scenario=rotate`);
    await signIn(page, ada.email, null);
    await arrive(page, /\/handler\/oauth2\/consent/);
    await page.getByRole("heading", { name: "Allow Partner Notes to use your account?" }).waitFor();
    await shootThemes(page, AREA, "consent", { widths: ["desktop", "phone"], minImpact: "moderate" });
    await page.getByRole("button", { name: "Allow" }).click();
    const first = await report(page, rp);
    expect(first.error, rp.output()).toBeUndefined();
    expect(first.claims).toMatchObject({ sub: ada.id, email: ada.email, email_verified: false, iss: `${server.url}/api/v1/projects/${server.project.id}`, aud: clientId });
    expect(typeof first.claims.auth_time).toBe("number");
    expect(typeof first.claims.at_hash).toBe("string");
    expect(first.userinfo).toMatchObject({ sub: ada.id, email: ada.email });
    expect(first.hasRefreshToken).toBe(true);
    expect(first.rotatedToNewToken).toBe(true);
    expect(first.rotatedIdTokenSub).toBe(ada.id);
    expect(first.reuse).toMatchObject({ ok: false, error: "invalid_grant" });
    // The reuse revoked the grant: the token the rotation gave is refused too.
    expect(first.newestAfterReuse).toMatchObject({ ok: false, error: "invalid_grant" });

    // The consent is remembered: the next sign-in goes straight back to the relying party.
    await page.goto(`${rp.url}/login?scenario=revoke`);
    const second = await report(page, rp);
    expect(second.claims.sub).toBe(ada.id);
    expect(second.introspection).toMatchObject({ active: true, sub: ada.id, client_id: clientId });
    expect(second.refreshAfterRevocation).toMatchObject({ ok: false, error: "invalid_grant" });
    expect(second.introspectionAfterRevocation).toEqual({ active: false });

    // RP-initiated logout ends the hosted session: prompt=none then answers login_required.
    await page.goto(`${rp.url}/logout`);
    await arrive(page, `${rp.url}/logged-out?state=bye`);
    await page.goto(`${rp.url}/login?prompt=none`);
    expect(await report(page, rp)).toMatchObject({ error: "login_required" });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("signs in with a password and TOTP; prompt=login asks a signed-in user to sign in again, once", { timeout: 240_000 }, async () => {
    const { page, context, errors } = await newPage(browser);
    context.setDefaultTimeout(30_000);
    await page.goto(`${rp.url}/login`);
    await signIn(page, alan.email, alan.totp);
    await arrive(page, /\/handler\/oauth2\/consent/);
    await page.getByRole("button", { name: "Allow" }).click();
    const first = await report(page, rp);
    expect(first.error, rp.output()).toBeUndefined();
    expect(first.claims).toMatchObject({ sub: alan.id, email: alan.email });
    expect(first.userinfo.sub).toBe(alan.id);

    // Later, prompt=login: the sign-in form again (not "signed in as"), then back with a newer auth_time.
    // Past the TOTP period too, so the next code is a new one.
    server.lk.clock.advance(31_000);
    await page.goto(`${rp.url}/login?prompt=login`);
    await signIn(page, alan.email, alan.totp);
    const again = await report(page, rp);
    expect(again.error, rp.output()).toBeUndefined();
    expect(again.claims.sub).toBe(alan.id);
    expect(again.claims.auth_time).toBeGreaterThan(first.claims.auth_time as number);
    expect(errors).toEqual([]);
    await context.close();
  });
});
