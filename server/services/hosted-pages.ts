/**
 * The publishable client key of the hosted pages (/handler/*). Client calls need a publishable key, and
 * the server keeps only hashes of keys, so each project gets, on first use of its hosted pages, a key set
 * of its own ("Hosted pages (managed by Latchkey)") holding one publishable key. The key is never stored:
 * it is an HMAC of the set's id under a key derived from the server secret, so any process sharing the
 * secret computes it again, and revoking the set in the dashboard makes the next page load create a new
 * one. Publishable keys are public by design (every app ships its own in its pages).
 */
import { randomUUID } from "node:crypto";
import type { AppDeps } from "../deps.js";
import { createKeySet, keyPrefixes } from "./api-key-sets.js";

export const HOSTED_KEY_DESCRIPTION = "Hosted pages (managed by Latchkey)";
const MAC_PURPOSE = "hosted-pages-publishable-key";
/** Far enough that it never matters; the set is replaced when revoked. */
const KEY_LIFETIME_MS = 100 * 365 * 24 * 3600 * 1000;
/** A found key is reused this long before the set is looked at again (revocation shows within it). */
const CACHE_MS = 60_000;

export interface HostedPagesBootstrap {
  projectId: string;
  publishableClientKey: string;
}

/** The key of a hosted-pages key set. */
export function hostedPagesKey(deps: Pick<AppDeps, "secrets">, projectId: string, setId: string): string {
  return keyPrefixes.publishableClientKey + deps.secrets.mac(`${projectId}:${setId}`, MAC_PURPOSE);
}

const cache = new WeakMap<AppDeps, Map<string, { value: HostedPagesBootstrap; until: number }>>();

/** The project id and publishable key the hosted pages of `projectId` use, or null when there is no such project. */
export async function hostedPagesBootstrap(deps: AppDeps, projectId: string): Promise<HostedPagesBootstrap | null> {
  let byProject = cache.get(deps);
  if (!byProject) cache.set(deps, (byProject = new Map()));
  const nowMs = deps.clock.now().getTime();
  const cached = byProject.get(projectId);
  if (cached && cached.until > nowMs) return cached.value;

  const project = await deps.queries.projects.find(projectId);
  if (!project) return null;
  const now = deps.clock.now();
  const sets = await deps.queries.apiKeySets.list(projectId);
  const live = sets.find((set) => set.description === HOSTED_KEY_DESCRIPTION && set.revokedAt === null && set.expiresAt > now && set.publishableClientKeyHash !== null);
  let setId = live?.id;
  if (setId === undefined) {
    setId = randomUUID();
    const publishableClientKey = hostedPagesKey(deps, projectId, setId);
    await createKeySet(deps, projectId, { id: setId, description: HOSTED_KEY_DESCRIPTION, expiresAt: new Date(now.getTime() + KEY_LIFETIME_MS), keys: { publishableClientKey } });
  }
  const value = { projectId, publishableClientKey: hostedPagesKey(deps, projectId, setId) };
  if (byProject.size > 10_000) byProject.clear();
  byProject.set(projectId, { value, until: nowMs + CACHE_MS });
  return value;
}
