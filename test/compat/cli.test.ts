/**
 * CLI login through the SDK: one app runs `promptCliLogin` (the CLI) while a second, signed-in app plays
 * the confirmation page, which is browser-only in the SDK: it posts the login code and its session's
 * refresh token to /auth/cli/complete, as that page does.
 */
import type { StackClientApp } from "@stackframe/js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatTargets } from "./support/sdk.js";
import { blockedRequests } from "./support/offline.js";
import { createWorld, uniqueEmail, type World } from "./support/world.js";

type CliApp = StackClientApp<true, string>;
/**
 * 2.8.39 reads `promptLink`, `waitTimeMillis` and `maxAttempts` at run time, but its typings declare only
 * `appUrl` and `expiresInMillis`; an options value (not a fresh literal) carries them past the check.
 */
type PromptOptions = Parameters<CliApp["promptCliLogin"]>[0] & { promptLink(url: string): void; waitTimeMillis: number };

/** Starts the CLI side; resolves `loginCode` once the SDK shows the confirmation link. */
function promptCliLogin(world: World, app: CliApp, expiresInMillis: number) {
  let shown!: (url: string) => void;
  const link = new Promise<string>((resolve) => (shown = resolve));
  const options: PromptOptions = { appUrl: world.appUrl(""), expiresInMillis, waitTimeMillis: 50, promptLink: (url) => shown(url) };
  const result = app.promptCliLogin(options);
  const loginCode = link.then((url) => {
    expect(url.startsWith(world.appUrl("/handler/cli-auth-confirm?login_code="))).toBe(true);
    return new URL(url).searchParams.get("login_code")!;
  });
  return { result, loginCode };
}

/** What the SDK's confirmation page does for its signed-in user. */
async function confirm(world: World, loginCode: string, tokens: { accessToken: string | null; refreshToken: string | null }) {
  return fetch(`${world.server.url}/api/v1/auth/cli/complete`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-stack-project-id": world.projectId,
      "x-stack-access-type": "client",
      "x-stack-publishable-client-key": world.keys.publishableClientKey,
      "x-stack-access-token": tokens.accessToken ?? "",
    },
    body: JSON.stringify({ login_code: loginCode, refresh_token: tokens.refreshToken }),
  });
}

async function signedInApp(world: World) {
  const app = world.clientApp();
  const signedUp = await app.signUpWithCredential({
    email: uniqueEmail("cli"),
    password: "correct horse 1",
    noRedirect: true,
    verificationCallbackUrl: world.appUrl("/handler/email-verification"),
  });
  expect(signedUp.status).toBe("ok");
  return app.getUser({ or: "throw" });
}

describe.each(compatTargets)("Stack SDK: CLI login through $label", ({ sdk, dialect }) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect, sdk);
  }, 60_000);
  afterAll(async () => {
    await world?.[Symbol.asyncDispose]();
    expect(blockedRequests).toEqual([]);
  });

  it("gives promptCliLogin the confirming user's refresh token, which signs the CLI in as that user", async () => {
    const user = await signedInApp(world);
    const tokens = await user.currentSession.getTokens();
    const cli = promptCliLogin(world, world.clientApp(), 60_000);

    const confirmed = await confirm(world, await cli.loginCode, tokens);
    expect([confirmed.status, await confirmed.json()]).toEqual([200, { success: true }]);
    expect(await cli.result).toEqual({ status: "ok", data: tokens.refreshToken });

    const signedInCli = new world.sdk.StackClientApp({
      baseUrl: world.server.url,
      projectId: world.projectId,
      publishableClientKey: world.keys.publishableClientKey,
      tokenStore: { accessToken: "", refreshToken: tokens.refreshToken! },
      noAutomaticPrefetch: true,
    });
    expect((await signedInCli.getUser({ or: "throw" })).id).toBe(user.id);
  });

  it("ends with CLI_AUTH_EXPIRED_ERROR when nobody confirms in time", async () => {
    const cli = promptCliLogin(world, world.clientApp(), 300);
    const loginCode = await cli.loginCode;
    const result = await cli.result;
    expect(result.status).toBe("error");
    expect(result.status === "error" && (result.error as { errorCode?: string }).errorCode).toBe("CLI_AUTH_EXPIRED_ERROR");

    const user = await signedInApp(world);
    const late = await confirm(world, loginCode, await user.currentSession.getTokens());
    expect([late.status, await late.text()]).toEqual([400, "Invalid login code or the code has expired"]);
  });
});
