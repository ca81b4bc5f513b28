/** Internal API key sets: a project's publishable, secret and admin keys. */
import { randomUUID } from "node:crypto";
import { knownError } from "../../contract/known-error.js";
import type { ApiKeySetRow } from "../db/queries/api-key-sets.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { hashSecret, lastFour, randomCode } from "./secrets.js";

export const keyPrefixes = { publishableClientKey: "pck_", secretServerKey: "ssk_", superSecretAdminKey: "sak_" } as const;

export interface KeyValues {
  publishableClientKey?: string;
  secretServerKey?: string;
  superSecretAdminKey?: string;
}

export interface NewKeySet {
  id?: string;
  description: string;
  expiresAt: Date;
  keys: KeyValues;
}

/** Fresh 224-bit keys for the kinds asked for. */
export function generateKeys(wanted: { publishable: boolean; secret: boolean; admin: boolean }): KeyValues {
  return {
    publishableClientKey: wanted.publishable ? keyPrefixes.publishableClientKey + randomCode() : undefined,
    secretServerKey: wanted.secret ? keyPrefixes.secretServerKey + randomCode() : undefined,
    superSecretAdminKey: wanted.admin ? keyPrefixes.superSecretAdminKey + randomCode() : undefined,
  };
}

/** The row to store: hashes and last four characters, never the keys themselves. */
export function keySetRow(projectId: string, set: NewKeySet, now: Date) {
  const stored = (value: string | undefined) => (value === undefined ? [null, null] : [hashSecret(value), lastFour(value)]);
  const [publishableHash, publishableLast] = stored(set.keys.publishableClientKey);
  const [secretHash, secretLast] = stored(set.keys.secretServerKey);
  const [adminHash, adminLast] = stored(set.keys.superSecretAdminKey);
  return {
    id: set.id ?? randomUUID(),
    projectId,
    description: set.description,
    createdAt: now,
    expiresAt: set.expiresAt,
    revokedAt: null,
    publishableClientKeyHash: publishableHash,
    publishableClientKeyLastFour: publishableLast,
    secretServerKeyHash: secretHash,
    secretServerKeyLastFour: secretLast,
    superSecretAdminKeyHash: adminHash,
    superSecretAdminKeyLastFour: adminLast,
  };
}

export async function createKeySet(deps: AppDeps, projectId: string, set: NewKeySet, db?: Db): Promise<ApiKeySetRow> {
  return deps.queries.apiKeySets.insert(keySetRow(projectId, set, deps.clock.now()), db);
}

export async function getKeySetOrThrow(deps: AppDeps, projectId: string, id: string): Promise<ApiKeySetRow> {
  const row = await deps.queries.apiKeySets.get(projectId, id);
  if (!row) throw knownError("API_KEY_NOT_FOUND");
  return row;
}

/** Revoking keeps the first revocation time; a description change applies either way. */
export async function updateKeySet(
  deps: AppDeps,
  projectId: string,
  id: string,
  change: { description?: string; revoked?: true },
): Promise<ApiKeySetRow> {
  const current = await getKeySetOrThrow(deps, projectId, id);
  const patch: Partial<ApiKeySetRow> = {};
  if (change.description !== undefined) patch.description = change.description;
  if (change.revoked && !current.revokedAt) patch.revokedAt = deps.clock.now();
  if (Object.keys(patch).length === 0) return current;
  const updated = await deps.queries.apiKeySets.update(projectId, id, patch);
  if (!updated) throw knownError("API_KEY_NOT_FOUND");
  return updated;
}
