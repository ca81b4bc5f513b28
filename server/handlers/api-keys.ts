import type { z } from "zod";
import type { apiKeyProcedures, apiKeyUpdate } from "../../contract/api-keys.js";
import { knownError } from "../../contract/known-error.js";
import { requireUser, resolveUserId } from "../http/auth.js";
import type { HandlerMap, RequestContext } from "../http/handler.js";
import { statusError } from "../errors.js";
import {
  canManageTeamKeys,
  checkApiKey,
  createApiKey,
  getApiKeyOrThrow,
  listApiKeys,
  requireKindEnabled,
  requireOwnerExists,
  updateApiKey,
  type ApiKeyChange,
  type ApiKeyKind,
} from "../services/api-keys.js";
import { apiKeyToJson, createdApiKeyToJson } from "../views/api-keys.js";
import { revokeLeakedApiKey } from "../services/leaked-api-keys.js";
import { actorOf } from "./actor.js";


/**
 * The owner a request names, after the access rules: clients need a signed-in user and may name only
 * themselves (user keys; else 403) or a team where they hold `$manage_api_keys` (team keys; else
 * API_KEY_NOT_FOUND, so the team stays hidden). Servers and admins may name any owner.
 */
async function ownerOf(ctx: RequestContext, kind: ApiKeyKind, named: string): Promise<string> {
  const { auth, deps } = ctx;
  if (auth.accessType !== "client") return kind === "user" ? resolveUserId(auth, named, "apiKeysOwnOnly") : named;
  const caller = requireUser(auth).user.id;
  if (kind === "user") {
    if (named !== "me" && named !== caller) throw statusError("apiKeysOwnOnly");
    return caller;
  }
  if (!(await canManageTeamKeys(deps, auth.project, named, caller))) throw knownError("API_KEY_NOT_FOUND");
  return named;
}

/** Like `ownerOf`, for an optional `user_id`: clients default to themselves, servers to every owner. */
async function optionalOwnerOf(ctx: RequestContext, kind: ApiKeyKind, named: string | undefined): Promise<string | undefined> {
  if (named === undefined && ctx.auth.accessType !== "client") return undefined;
  return ownerOf(ctx, kind, named ?? "me");
}

/** The expiry change in an update body, from either spelling the SDK sends. */
function expiryChange(body: z.output<typeof apiKeyUpdate>): Date | null | undefined {
  if (body.expires_at_millis !== undefined) return body.expires_at_millis === null ? null : new Date(body.expires_at_millis);
  if (body.expiresAt !== undefined) return body.expiresAt === null ? null : new Date(body.expiresAt);
  return undefined;
}

interface CreateBody {
  description: string;
  expires_at_millis?: number | null;
  is_public?: boolean;
}

/** The five operations for one kind; the handlers below only pick their owner out of the input. */
function operations<K extends ApiKeyKind>(kind: K) {
  const begin = async (ctx: RequestContext, named: string | undefined) => {
    requireKindEnabled(ctx.auth.project, kind);
    return { projectId: ctx.auth.project.id, owner: { type: kind, ownerId: await optionalOwnerOf(ctx, kind, named) } };
  };
  return {
    async list(ctx: RequestContext, named: string | undefined) {
      const { projectId, owner } = await begin(ctx, named);
      const rows = await listApiKeys(ctx.deps, projectId, owner);
      return { items: rows.map((row) => apiKeyToJson(kind, row)), is_paginated: false as const };
    },
    async create(ctx: RequestContext, named: string, body: CreateBody) {
      requireKindEnabled(ctx.auth.project, kind);
      const projectId = ctx.auth.project.id;
      const ownerId = await ownerOf(ctx, kind, named);
      await requireOwnerExists(ctx.deps, projectId, kind, ownerId);
      const expiresAt = body.expires_at_millis == null ? null : new Date(body.expires_at_millis);
      const created = await createApiKey(ctx.deps, projectId, {
        type: kind,
        ownerId,
        description: body.description,
        isPublic: body.is_public ?? false,
        expiresAt,
      }, actorOf(ctx.auth));
      return createdApiKeyToJson(kind, created.row, created.value);
    },
    async get(ctx: RequestContext, named: string | undefined, id: string) {
      const { projectId, owner } = await begin(ctx, named);
      return apiKeyToJson(kind, await getApiKeyOrThrow(ctx.deps, projectId, id, owner));
    },
    async update(ctx: RequestContext, named: string | undefined, id: string, body: z.output<typeof apiKeyUpdate>) {
      const { projectId, owner } = await begin(ctx, named);
      const change: ApiKeyChange = { description: body.description, revoked: body.revoked, expiresAt: expiryChange(body) };
      return apiKeyToJson(kind, await updateApiKey(ctx.deps, projectId, id, owner, change, actorOf(ctx.auth)));
    },
    async check(ctx: RequestContext, value: string) {
      requireKindEnabled(ctx.auth.project, kind);
      return apiKeyToJson(kind, await checkApiKey(ctx.deps, ctx.auth.project.id, kind, value));
    },
  };
}

const user = operations("user");
const team = operations("team");

export const apiKeyHandlers = {
  listUserApiKeys: (ctx, { query }) => {
    // Stack's backend refuses a server's listing of every user's keys; its message has no request header.
    if (query.user_id === undefined && ctx.auth.accessType !== "client") {
      requireKindEnabled(ctx.auth.project, "user");
      throw knownError("SCHEMA_ERROR", { message: "user_id is required for user API keys" });
    }
    return user.list(ctx, query.user_id);
  },
  createUserApiKey: (ctx, { body }) => user.create(ctx, body.user_id, body),
  getUserApiKey: (ctx, { params, query }) => user.get(ctx, query.user_id, params.api_key_id),
  updateUserApiKey: (ctx, { params, query, body }) => user.update(ctx, query.user_id, params.api_key_id, body),
  checkUserApiKey: (ctx, { body }) => user.check(ctx, body.api_key),
  listTeamApiKeys: (ctx, { query }) => team.list(ctx, query.team_id),
  createTeamApiKey: (ctx, { body }) => team.create(ctx, body.team_id, body),
  getTeamApiKey: (ctx, { params, query }) => team.get(ctx, query.team_id, params.api_key_id),
  updateTeamApiKey: (ctx, { params, query, body }) => team.update(ctx, query.team_id, params.api_key_id, body),
  checkTeamApiKey: (ctx, { body }) => team.check(ctx, body.api_key),
  async revokeLeakedApiKey(ctx, { body }) {
    await revokeLeakedApiKey(ctx.deps, body.api_key);
    return { success: true as const };
  },
} satisfies HandlerMap<typeof apiKeyProcedures>;
