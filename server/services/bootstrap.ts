/** First-start set-up: the internal project and its key set. */
import type { AppDeps } from "../deps.js";
import { createKeySet, generateKeys, keySetRow, type KeyValues } from "./api-key-sets.js";
import { INTERNAL_PROJECT_ID, internalProjectOverride } from "./projects.js";

/** The key set that mirrors the LATCHKEY_INTERNAL_* environment variables (replaced at every start). */
export const ENV_KEY_SET_ID = "00000000-0000-4000-8000-00000000e0e0";
const HUNDRED_YEARS = 100 * 365 * 24 * 3600 * 1000;

export interface BootstrapResult {
  /** Keys generated at this start (first start without keys in the environment): shown once, then only hashes remain. */
  generatedKeys: KeyValues | null;
}

export async function bootstrap(deps: AppDeps): Promise<BootstrapResult> {
  const { projects, apiKeySets } = deps.queries;
  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    if (!(await projects.find(INTERNAL_PROJECT_ID, tx))) {
      await projects.insert(
        { id: INTERNAL_PROJECT_ID, displayName: "Latchkey", configOverride: internalProjectOverride(), createdAt: now, updatedAt: now },
        tx,
      );
    }
    // Its signing keys now, sealed with this server secret: a process started later with another
    // secret finds them and refuses to start (main.ts), instead of failing every sign-in.
    await deps.signingKeys.current(INTERNAL_PROJECT_ID, "regular", tx);
    const fromEnv = deps.config.internalKeys;
    if (fromEnv.publishableClientKey || fromEnv.secretServerKey || fromEnv.superSecretAdminKey) {
      const set = { id: ENV_KEY_SET_ID, description: "Keys from the LATCHKEY_INTERNAL_* environment variables", expiresAt: new Date(now.getTime() + HUNDRED_YEARS), keys: fromEnv };
      await apiKeySets.upsert(keySetRow(INTERNAL_PROJECT_ID, set, now), tx);
      return { generatedKeys: null };
    }
    if (await apiKeySets.anyForProject(INTERNAL_PROJECT_ID, tx)) return { generatedKeys: null };
    const keys = generateKeys({ publishable: true, secret: true, admin: true });
    await createKeySet(deps, INTERNAL_PROJECT_ID, { description: "Generated at first start", expiresAt: new Date(now.getTime() + HUNDRED_YEARS), keys }, tx);
    return { generatedKeys: keys };
  });
}
