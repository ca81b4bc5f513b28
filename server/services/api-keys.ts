/**
 * User and team API keys. Rules kept here: a kind works only while the project enables it; the key is
 * `pk_`/`sk_` (public or secret) and 224 random bits, stored as a hash and shown once; revoking keeps
 * the first revocation time; a check answers, in this order, not found, wrong type, revoked, expired.
 */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { createdTeamApiKey, createdUserApiKey, teamApiKey, userApiKey } from "../../contract/api-keys.js";
import { knownError } from "../../contract/known-error.js";
import type { ApiKeyKind, ApiKeyOwnerFilter, ApiKeyRow } from "../db/queries/api-keys.js";
import type { ProjectRow } from "../db/queries/projects.js";
import type { AppDeps } from "../deps.js";
import { StatusError } from "../http/status-error.js";
import { teamPermissionsOf } from "./permissions/grants.js";
import { renderProjectConfig } from "./projects.js";
import { hashSecret, lastFour, randomCode } from "./secrets.js";

export type { ApiKeyKind };
/** The wire shape of a key of each kind, as read and as created. */
export interface ApiKeyJson {
  user: z.input<typeof userApiKey>;
  team: z.input<typeof teamApiKey>;
}
export interface CreatedApiKeyJson {
  user: z.input<typeof createdUserApiKey>;
  team: z.input<typeof createdTeamApiKey>;
}

/** The team permission a client needs to manage its team's keys. */
export const MANAGE_API_KEYS = "$manage_api_keys";

const kindLabel = { user: "User", team: "Team" } as const;

/** Throws the 400 every route of a kind answers while the project has that kind turned off. */
export function requireKindEnabled(project: ProjectRow, kind: ApiKeyKind): void {
  if (!renderProjectConfig(project).apiKeys.enabled[kind]) {
    throw new StatusError(400, `${kindLabel[kind]} API keys are not enabled for this project.`);
  }
}

/** A fresh key: `pk_` for public keys, `sk_` for secret ones, then 45 Crockford base-32 characters. */
export function generateApiKeyValue(isPublic: boolean): string {
  return `${isPublic ? "pk" : "sk"}_${randomCode()}`;
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

/** Stores a new key (its hash and last four characters) and returns the row with the full value. */
export async function createApiKey(deps: AppDeps, projectId: string, input: NewApiKey): Promise<{ row: ApiKeyRow; value: string }> {
  const value = generateApiKeyValue(input.isPublic);
  const row = await deps.queries.apiKeys.insert({
    id: randomUUID(),
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
  });
  return { row, value };
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

/** Applies a change; revoking an already revoked key keeps the first revocation time. */
export async function updateApiKey(deps: AppDeps, projectId: string, id: string, filter: ApiKeyOwnerFilter, change: ApiKeyChange): Promise<ApiKeyRow> {
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
    return updated;
  });
}

/**
 * The key behind a presented value, if it is a live key of this kind in this project. Checked in
 * this order: unknown here (API_KEY_NOT_FOUND), the other kind (WRONG_API_KEY_TYPE), revoked
 * (API_KEY_REVOKED, even when it has also expired), expired (API_KEY_EXPIRED).
 */
export async function checkApiKey(deps: AppDeps, projectId: string, kind: ApiKeyKind, value: string): Promise<ApiKeyRow> {
  const row = await deps.queries.apiKeys.findByValueHash(projectId, hashSecret(value));
  if (!row) throw knownError("API_KEY_NOT_FOUND");
  if (row.type !== kind) throw knownError("WRONG_API_KEY_TYPE", { expected_type: kind, actual_type: row.type });
  if (row.revokedAt) throw knownError("API_KEY_REVOKED");
  if (row.expiresAt && row.expiresAt.getTime() <= deps.clock.now().getTime()) throw knownError("API_KEY_EXPIRED");
  return row;
}

function wireFields(kind: ApiKeyKind, row: ApiKeyRow) {
  if (row.type !== kind) throw new Error(`Expected a ${kind} API key, got a ${row.type} one`);
  return {
    id: row.id,
    description: row.description,
    is_public: row.isPublic,
    created_at_millis: row.createdAt.getTime(),
    ...(row.expiresAt && { expires_at_millis: row.expiresAt.getTime() }),
    ...(row.revokedAt && { manually_revoked_at_millis: row.revokedAt.getTime() }),
    ...(row.type === "user" ? { type: "user" as const, user_id: row.userId! } : { type: "team" as const, team_id: row.teamId! }),
  };
}

/** The key as read, listed, updated and checked: the value shows only its last four characters. */
export function apiKeyToJson<K extends ApiKeyKind>(kind: K, row: ApiKeyRow): ApiKeyJson[K] {
  return { ...wireFields(kind, row), value: { last_four: row.lastFour } } as ApiKeyJson[K];
}

/** The creation answer: the only time the full value is shown. */
export function createdApiKeyToJson<K extends ApiKeyKind>(kind: K, row: ApiKeyRow, value: string): CreatedApiKeyJson[K] {
  return { ...wireFields(kind, row), value } as CreatedApiKeyJson[K];
}
