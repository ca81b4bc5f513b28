/** User and team API keys as the API and events show them: the full value only in the creation answer. */
import type { z } from "zod";
import type { createdTeamApiKey, createdUserApiKey, teamApiKey, userApiKey } from "../../contract/api-keys.js";
import type { ApiKeyKind, ApiKeyRow } from "../db/queries/api-keys.js";

/** The wire shape of a key of each kind, as read and as created. */
export interface ApiKeyJson {
  user: z.input<typeof userApiKey>;
  team: z.input<typeof teamApiKey>;
}
export interface CreatedApiKeyJson {
  user: z.input<typeof createdUserApiKey>;
  team: z.input<typeof createdTeamApiKey>;
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
