/** Shared set-up of the social sign-in tests: a test instance pointed at the provider stand-ins, and a project using them. */
import type { OAuthProviderId } from "../../../../contract/project-config.js";
import type { Dialect } from "../../../../server/db/store.js";
import { createTestInstance, type ProjectCredentials, type TestInstance } from "../../../support/instance.js";
import { APP_CALLBACK, authorizePath, pkcePair, redeem, walkFlow } from "../../../support/oauth-browser.js";
import { startStandIns, type StandIns } from "../../../support/oauth-stand-ins.js";

export const providerCredentials = { clientId: "latchkey-test-client", clientSecret: "latchkey-test-secret" };

export interface OAuthWorld extends AsyncDisposable {
  lk: TestInstance;
  standIns: StandIns;
  project: ProjectCredentials;
}

/** A standard provider config entry for `type` under its own id. */
export function standardProvider(type: string, extra: Record<string, unknown> = {}) {
  return { type, isShared: false, clientId: providerCredentials.clientId, clientSecret: providerCredentials.clientSecret, allowSignIn: true, allowConnectedAccounts: true, ...extra };
}

export async function oauthWorld(dialect: Dialect, providers: OAuthProviderId[], configOverride: Record<string, unknown> = {}): Promise<OAuthWorld> {
  const standIns = await startStandIns(providerCredentials);
  const lk = await createTestInstance(dialect, { oauth: { providerBaseUrls: { "*": standIns.url }, sharedCredentials: {} }, logLevel: (process.env.OAUTH_TEST_LOG as "error" | undefined) ?? "silent" });
  const override = Object.fromEntries(providers.map((p) => [`auth.oauth.providers.${p}`, standardProvider(p)]));
  const project = await lk.createProject({ configOverride: { ...override, ...configOverride } });
  return {
    lk,
    standIns,
    project,
    async [Symbol.asyncDispose]() {
      await lk[Symbol.asyncDispose]();
      await standIns[Symbol.asyncDispose]();
    },
  };
}

/** Runs a whole sign-in (authorize, provider, callback) and redeems the code; answers the token response. */
export async function signInWith(world: OAuthWorld, providerConfigId: string, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkcePair();
  const state = `state-${Math.random()}`;
  const end = await walkFlow(world.lk, authorizePath(providerConfigId, world.project, { challenge, state, extra }));
  if (!end.appUrl) throw new Error(`The flow ended at ${end.status}: ${end.text}`);
  if (end.appUrl.pathname !== new URL(APP_CALLBACK).pathname) return { end, token: null };
  if (end.appUrl.searchParams.get("state") !== state) throw new Error("The flow lost its state");
  return { end, token: await redeem(world.lk, world.project, end.appUrl, verifier) };
}
