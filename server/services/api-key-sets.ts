/** Internal API key sets: a project's publishable, secret and admin keys. */
import { randomUUID } from "node:crypto";
import { knownError } from "../../contract/known-error.js";
import type { ApiKeySetRow } from "../db/queries/api-key-sets.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { recordEvent, type EventActor } from "./events.js";
import { newPrefixedSecret } from "./recognisable-secrets.js";
import { hashSecret, lastFour } from "./secrets.js";

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

/** Fresh 224-bit keys for the kinds asked for, each ending in a checksum (recognisable-secrets.ts). */
export function generateKeys(wanted: { publishable: boolean; secret: boolean; admin: boolean }): KeyValues {
  return {
    publishableClientKey: wanted.publishable ? newPrefixedSecret(keyPrefixes.publishableClientKey) : undefined,
    secretServerKey: wanted.secret ? newPrefixedSecret(keyPrefixes.secretServerKey) : undefined,
    superSecretAdminKey: wanted.admin ? newPrefixedSecret(keyPrefixes.superSecretAdminKey) : undefined,
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

export async function createKeySet(deps: AppDeps, projectId: string, set: NewKeySet, db?: Db, actor: EventActor | null = null): Promise<ApiKeySetRow> {
  return deps.store.transaction(async (tx) => {
    const row = await deps.queries.apiKeySets.insert(keySetRow(projectId, set, deps.clock.now()), tx);
    const event = () => ({
      id: row.id,
      description: row.description,
      expires_at_millis: row.expiresAt.getTime(),
      has_publishable_client_key: row.publishableClientKeyHash !== null,
      has_secret_server_key: row.secretServerKeyHash !== null,
      has_super_secret_admin_key: row.superSecretAdminKeyHash !== null,
    });
    await recordEvent(deps, tx, "api_key_set.created", event, { projectId, actor });
    return row;
  }, db);
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
  actor: EventActor | null = null,
): Promise<ApiKeySetRow> {
  const current = await getKeySetOrThrow(deps, projectId, id);
  const patch: Partial<ApiKeySetRow> = {};
  if (change.description !== undefined) patch.description = change.description;
  if (change.revoked && !current.revokedAt) patch.revokedAt = deps.clock.now();
  if (Object.keys(patch).length === 0) return current;
  return deps.store.transaction(async (tx) => {
    const updated = await deps.queries.apiKeySets.update(projectId, id, patch, tx);
    if (!updated) throw knownError("API_KEY_NOT_FOUND");
    if (patch.revokedAt) await recordEvent(deps, tx, "api_key_set.revoked", { id }, { projectId, actor });
    return updated;
  });
}
