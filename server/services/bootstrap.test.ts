/** First-start set-up: the internal project, generated keys once, and the key set mirroring the environment. */
import { describe, expect, it } from "vitest";
import { createTestStore, testDialects } from "../../test/support/databases.js";
import { testDeps } from "../../test/support/instance.js";
import type { InternalKeysFromEnv } from "../config.js";
import type { Store } from "../db/store.js";
import type { KeyKind } from "../db/queries/api-key-sets.js";
import type { AppDeps } from "../deps.js";
import { ENV_KEY_SET_ID, bootstrap } from "./bootstrap.js";
import { manualClock } from "./clock.js";
import { INTERNAL_PROJECT_ID, applyConfigOverride } from "./projects.js";
import { renderProjectConfig } from "./config/project-config.js";
import { hashSecret } from "./secrets.js";

const start = Date.UTC(2026, 0, 1);
const YEAR = 365 * 24 * 3600 * 1000;

/** What main.ts would build for one server start on this store, with these LATCHKEY_INTERNAL_* values. */
function depsFor(store: Store, internalKeys: InternalKeysFromEnv = {}): AppDeps {
  return testDeps(store, manualClock(start), { internalKeys });
}

/** Whether `key` is a live key of kind `kind` of the internal project at `at`. */
async function isLive(deps: AppDeps, kind: KeyKind, key: string, at = deps.clock.now()) {
  return (await deps.queries.apiKeySets.findLiveByKeyHash(INTERNAL_PROJECT_ID, kind, hashSecret(key), at)) !== undefined;
}

const envKeys = (tag: string) => ({
  publishableClientKey: `pck_env_${tag}_publishable`,
  secretServerKey: `ssk_env_${tag}_secret`,
  superSecretAdminKey: `sak_env_${tag}_admin`,
});

const kinds: KeyKind[] = ["publishableClientKey", "secretServerKey", "superSecretAdminKey"];

describe.each(testDialects)("bootstrap on %s", (dialect) => {
  it("generates keys on the first start only, and returns them that once", async () => {
    await using store = await createTestStore(dialect);
    const deps = depsFor(store);
    const first = await bootstrap(deps);
    const keys = first.generatedKeys;
    expect(keys).toEqual({
      publishableClientKey: expect.stringMatching(/^pck_[0-9a-z]{45}[0-9a-f]{8}$/),
      secretServerKey: expect.stringMatching(/^ssk_[0-9a-z]{45}[0-9a-f]{8}$/),
      superSecretAdminKey: expect.stringMatching(/^sak_[0-9a-z]{45}[0-9a-f]{8}$/),
    });
    for (const kind of kinds) expect(await isLive(deps, kind, keys![kind]!)).toBe(true);
    expect(await isLive(deps, "secretServerKey", keys!.publishableClientKey!)).toBe(false);

    const second = await bootstrap(depsFor(store));
    expect(second).toEqual({ generatedKeys: null });
    const sets = await deps.queries.apiKeySets.list(INTERNAL_PROJECT_ID);
    expect(sets).toHaveLength(1);
    expect(sets[0]!.publishableClientKeyHash).toBe(hashSecret(keys!.publishableClientKey!));
    expect(sets[0]!.expiresAt.getTime()).toBeGreaterThan(start + 99 * YEAR);
  });

  it("creates the key set from the environment instead of generating keys", async () => {
    await using store = await createTestStore(dialect);
    const deps = depsFor(store, envKeys("one"));
    expect(await bootstrap(deps)).toEqual({ generatedKeys: null });
    const sets = await deps.queries.apiKeySets.list(INTERNAL_PROJECT_ID);
    expect(sets.map((s) => s.id)).toEqual([ENV_KEY_SET_ID]);
    expect(sets[0]!.superSecretAdminKeyLastFour).toBe("dmin");
    for (const kind of kinds) expect(await isLive(deps, kind, envKeys("one")[kind])).toBe(true);
    expect(await isLive(deps, "superSecretAdminKey", envKeys("one").superSecretAdminKey, new Date(start + 101 * YEAR))).toBe(false);
  });

  it("replaces the environment key set when the environment changes", async () => {
    await using store = await createTestStore(dialect);
    await bootstrap(depsFor(store, envKeys("old")));
    const deps = depsFor(store, envKeys("new"));
    expect(await bootstrap(deps)).toEqual({ generatedKeys: null });
    for (const kind of kinds) {
      expect(await isLive(deps, kind, envKeys("old")[kind])).toBe(false);
      expect(await isLive(deps, kind, envKeys("new")[kind])).toBe(true);
    }
    expect((await deps.queries.apiKeySets.list(INTERNAL_PROJECT_ID)).map((s) => s.id)).toEqual([ENV_KEY_SET_ID]);
  });

  it("drops a key kind that is no longer in the environment", async () => {
    await using store = await createTestStore(dialect);
    await bootstrap(depsFor(store, envKeys("all")));
    const deps = depsFor(store, { superSecretAdminKey: envKeys("all").superSecretAdminKey });
    await bootstrap(deps);
    expect(await isLive(deps, "superSecretAdminKey", envKeys("all").superSecretAdminKey)).toBe(true);
    expect(await isLive(deps, "publishableClientKey", envKeys("all").publishableClientKey)).toBe(false);
    expect(await isLive(deps, "secretServerKey", envKeys("all").secretServerKey)).toBe(false);
  });

  it("creates the internal project with password sign-in and sign-up on, and keeps later changes at restart", async () => {
    await using store = await createTestStore(dialect);
    const deps = depsFor(store);
    await bootstrap(deps);
    const project = await deps.queries.projects.find(INTERNAL_PROJECT_ID);
    expect(project?.displayName).toBe("Latchkey");
    const config = renderProjectConfig(project!);
    expect(config.auth.password.allowSignIn).toBe(true);
    expect(config.auth.allowSignUp).toBe(true);
    expect(config.teams).toEqual({ allowClientTeamCreation: true, createPersonalTeamOnSignUp: true });
    expect(config.domains.allowLocalhost).toBe(true);

    await applyConfigOverride(deps, INTERNAL_PROJECT_ID, { "auth.allowSignUp": false });
    await bootstrap(depsFor(store));
    const restarted = renderProjectConfig((await deps.queries.projects.find(INTERNAL_PROJECT_ID))!);
    expect(restarted.auth.allowSignUp).toBe(false);
    expect(restarted.auth.password.allowSignIn).toBe(true);
  });
});
