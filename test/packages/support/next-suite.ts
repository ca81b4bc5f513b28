/**
 * The set-up both Next.js app tests share (next.test.ts with @latchkey/next, next-stack.test.ts with
 * Stack's @stackframe/stack): one fresh app folder per test file (installed once), then on the first test dialect a
 * server on a fresh database (dropped after), the app built against it (`next build` bakes the
 * NEXT_PUBLIC_* settings in) and started with `next start`. The app reaches the server through a
 * recording proxy, so tests can check what the SDK inside the Next.js server sent.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import type { Dialect } from "../../../server/db/store.js";
import { launchChromium } from "../../support/chromium.js";
import { testDialects } from "../../support/databases.js";
import { parseCompatSdks } from "../../compat/support/sdk.js";
import { createWorld, type World } from "../../compat/support/world.js";
import { buildNextApp, createNextApp, startNextApp, type NextAppOptions, type RunningNextApp } from "../next-app.js";
import type { FreshProject } from "./packed.js";
import { startRecordingProxy, type RecordingProxy } from "./recording-proxy.js";

export interface NextSuite {
  app: FreshProject;
  browser: Browser;
  world: World;
  running: RunningNextApp;
  /** Between the app and the server: what the app's SDK sent. */
  proxy: RecordingProxy;
}

/**
 * Describes `title` (the app made from `options()`, read when the tests start), with a nested block
 * for the first test dialect whose tests (`tests`) read the running suite through `current()` (filled in once the
 * hooks ran).
 */
export function describeNextApp(title: string, options: () => Promise<NextAppOptions> | NextAppOptions, tests: (current: () => NextSuite, dialect: Dialect) => void): void {
  describe(title, () => {
    let app: FreshProject | undefined;
    let browser: Browser | undefined;
    beforeAll(async () => {
      app = await createNextApp(await options());
      browser = await launchChromium();
    }, 600_000);
    afterAll(async () => {
      await browser?.close();
      await app?.[Symbol.asyncDispose]();
    }, 120_000);

    // One dialect: the app reaches the server over HTTP, so its behaviour does not depend on the server's
    // database (the server's own suites run on both), and each dialect would cost a `next build`.
    for (const dialect of testDialects.slice(0, 1)) {
      describe(`on ${dialect}`, () => {
        let world: World | undefined;
        let proxy: RecordingProxy | undefined;
        let running: RunningNextApp | undefined;
        beforeAll(async () => {
          // The server starts once the install is done (both at once can keep the server from answering
          // within its start deadline on a loaded machine).
          world = await createWorld(dialect, parseCompatSdks("latchkey")[0]);
          await world.owned.update({ config: { signUpEnabled: true, credentialEnabled: true, allowLocalhost: true } });
          proxy = await startRecordingProxy(world.server.url);
          const env = {
            NEXT_PUBLIC_STACK_API_URL: proxy.url,
            NEXT_PUBLIC_STACK_PROJECT_ID: world.projectId,
            NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY: world.keys.publishableClientKey,
            STACK_SECRET_SERVER_KEY: world.keys.secretServerKey,
          };
          await buildNextApp(app!.dir, env);
          running = await startNextApp(app!.dir, env);
        }, 600_000);
        afterAll(async () => {
          await running?.[Symbol.asyncDispose]();
          await proxy?.[Symbol.asyncDispose]();
          await world?.[Symbol.asyncDispose]();
        }, 120_000);
        tests(() => ({ app: app!, browser: browser!, world: world!, running: running!, proxy: proxy! }), dialect);
      });
    }
  });
}
