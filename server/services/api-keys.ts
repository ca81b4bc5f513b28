/**
 * User and team API keys. Rules kept here: a kind works only while the project enables it; the key is
 * in the reference layout (`pk_`/`sk_`, 224 random bits, the key id, a scanner marker and a checksum:
 * recognisable-secrets.ts), stored as a hash and shown once; a value that cannot be a key is refused
 * before any lookup; revoking keeps
 * the first revocation time; a check answers, in this order, not found, wrong type, revoked, expired.
 */
import { randomUUID } from "node:crypto";
import { knownError } from "../../contract/known-error.js";
import type { ApiKeyKind, ApiKeyOwnerFilter, ApiKeyRow } from "../db/queries/api-keys.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { Db } from "../db/store.js";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { apiKeyToJson } from "../views/api-keys.js";
import { recordEvent, type EventActor } from "./events.js";
import { teamPermissionsOf } from "./permissions/grants.js";
import { renderProjectConfig } from "./config/project-config.js";
import { couldBeApiKey, newApiKeyValue } from "./recognisable-secrets.js";
import { hashSecret, lastFour } from "./secrets.js";

export type { ApiKeyKind };

/** The team permission a client needs to manage its team's keys. */
export const MANAGE_API_KEYS = "$manage_api_keys";

const kindLabel = { user: "User", team: "Team" } as const;

/** Throws the 400 every route of a kind answers while the project has that kind turned off. */
export function requireKindEnabled(project: ProjectRow, kind: ApiKeyKind): void {
  if (!renderProjectConfig(project).apiKeys.enabled[kind]) {
    throw statusError("apiKeysDisabled", { kind: kindLabel[kind] });
  }
}


/** Whether a user may manage a team's keys: a member holding `$manage_api_keys`, directly or contained. */
export async function canManageTeamKeys(deps: AppDeps, project: ProjectRow, teamId: string, userId: string): Promise<boolean> {
  if (!(await deps.queries.teams.isMember(project.id, teamId, userId))) return false;
  return (await teamPermissionsOf(deps, project, teamId, userId)).has(MANAGE_API_KEYS);
}

/** Throws USER_NOT_FOUND / TEAM_NOT_FOUND unless the owner exists in the project. */
export async function requireOwnerExists(deps: AppDeps, projectId: string, kind: ApiKeyKind, ownerId: string): Promise<void> {
  if (kind === "user") {
    if (!(await deps.queries.users.find(projectId, ownerId))) throw knownError("USER_NOT_FOUND");
  } else if (!(await deps.queries.teams.find(projectId, ownerId))) {
    throw knownError("TEAM_NOT_FOUND", { team_id: ownerId });
  }
}

export interface NewApiKey {
  type: ApiKeyKind;
  ownerId: string;
  description: string;
  isPublic: boolean;
  expiresAt: Date | null;
}

/**
 * Stores a new key (its hash and last four characters) and returns the row with the full value;
 * records `api_key.created` (without the value).
 */
export async function createApiKey(deps: AppDeps, projectId: string, input: NewApiKey, actor: EventActor | null = null): Promise<{ row: ApiKeyRow; value: string }> {
  const id = randomUUID();
  const value = newApiKeyValue({ id, kind: input.type, isPublic: input.isPublic });
  return deps.store.transaction(async (tx) => {
    const row = await insertApiKey(deps, tx, projectId, id, input, value);
    await recordEvent(deps, tx, "api_key.created", () => apiKeyToJson(row.type, row), { projectId, actor });
    return { row, value };
  });
}

function insertApiKey(deps: AppDeps, db: Db, projectId: string, id: string, input: NewApiKey, value: string): Promise<ApiKeyRow> {
  return deps.queries.apiKeys.insert({
    id,
    projectId,
    type: input.type,
    userId: input.type === "user" ? input.ownerId : null,
    teamId: input.type === "team" ? input.ownerId : null,
    description: input.description,
    isPublic: input.isPublic,
    valueHash: hashSecret(value),
    lastFour: lastFour(value),
    createdAt: deps.clock.now(),
    expiresAt: input.expiresAt,
    revokedAt: null,
  }, db);
}

export async function listApiKeys(deps: AppDeps, projectId: string, filter: ApiKeyOwnerFilter): Promise<ApiKeyRow[]> {
  return deps.queries.apiKeys.list(projectId, filter);
}

/** The key of this project, kind and (when given) owner, or API_KEY_NOT_FOUND. */
export async function getApiKeyOrThrow(deps: AppDeps, projectId: string, id: string, filter: ApiKeyOwnerFilter): Promise<ApiKeyRow> {
  const row = await deps.queries.apiKeys.get(projectId, id, filter);
  if (!row) throw knownError("API_KEY_NOT_FOUND");
  return row;
}

export interface ApiKeyChange {
  description?: string;
  revoked?: true;
  /** null: never expires; undefined: unchanged. */
  expiresAt?: Date | null;
}

/**
 * Applies a change; revoking an already revoked key keeps the first revocation time. The first
 * revocation records `api_key.revoked`.
 */
export async function updateApiKey(
  deps: AppDeps,
  projectId: string,
  id: string,
  filter: ApiKeyOwnerFilter,
  change: ApiKeyChange,
  actor: EventActor | null = null,
): Promise<ApiKeyRow> {
  return deps.store.transaction(async (tx) => {
    const current = await deps.queries.apiKeys.get(projectId, id, filter, tx);
    if (!current) throw knownError("API_KEY_NOT_FOUND");
    const patch: Partial<Pick<ApiKeyRow, "description" | "expiresAt" | "revokedAt">> = {};
    if (change.description !== undefined) patch.description = change.description;
    if (change.expiresAt !== undefined) patch.expiresAt = change.expiresAt;
    if (change.revoked && !current.revokedAt) patch.revokedAt = deps.clock.now();
    if (Object.keys(patch).length === 0) return current;
    const updated = await deps.queries.apiKeys.update(projectId, id, patch, tx);
    if (!updated) throw knownError("API_KEY_NOT_FOUND");
    if (patch.revokedAt) await recordEvent(deps, tx, "api_key.revoked", () => apiKeyToJson(updated.type, updated), { projectId, actor });
    return updated;
  });
}

/**
 * The key behind a presented value, if it is a live key of this kind in this project. Checked in
 * this order: unknown here (API_KEY_NOT_FOUND), the other kind (WRONG_API_KEY_TYPE), revoked
 * (API_KEY_REVOKED, even when it has also expired), expired (API_KEY_EXPIRED). A value with a bad
 * checksum or no key shape is not found without a lookup.
 */
export async function checkApiKey(deps: AppDeps, projectId: string, kind: ApiKeyKind, value: string): Promise<ApiKeyRow> {
  if (!couldBeApiKey(value)) throw knownError("API_KEY_NOT_FOUND");
  const row = await deps.queries.apiKeys.findByValueHash(projectId, hashSecret(value));
  if (!row) throw knownError("API_KEY_NOT_FOUND");
  if (row.type !== kind) throw knownError("WRONG_API_KEY_TYPE", { expected_type: kind, actual_type: row.type });
  if (row.revokedAt) throw knownError("API_KEY_REVOKED");
  if (row.expiresAt && row.expiresAt.getTime() <= deps.clock.now().getTime()) throw knownError("API_KEY_EXPIRED");
  return row;
}
