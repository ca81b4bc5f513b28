import type * as c from "../../contract/internal-api-keys.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { createKeySet, generateKeys, getKeySetOrThrow, updateKeySet } from "../services/api-key-sets.js";
import { actorOf } from "./actor.js";
import { createdKeySetToJson, keySetToJson } from "../views/internal-api-keys.js";

const listInternalApiKeys: Handler<typeof c.listInternalApiKeys> = async (ctx) => {
  const rows = await ctx.deps.queries.apiKeySets.list(ctx.auth.project.id);
  return { items: rows.map(keySetToJson), is_paginated: false };
};

const createInternalApiKey: Handler<typeof c.createInternalApiKey> = async (ctx, { body }) => {
  const keys = generateKeys({
    publishable: body.has_publishable_client_key,
    secret: body.has_secret_server_key,
    admin: body.has_super_secret_admin_key,
  });
  const row = await createKeySet(ctx.deps, ctx.auth.project.id, {
    description: body.description,
    expiresAt: new Date(body.expires_at_millis),
    keys,
  }, undefined, actorOf(ctx.auth));
  return createdKeySetToJson(row, keys);
};

const getInternalApiKey: Handler<typeof c.getInternalApiKey> = async (ctx, { params }) =>
  keySetToJson(await getKeySetOrThrow(ctx.deps, ctx.auth.project.id, params.api_key_id));

const updateInternalApiKey: Handler<typeof c.updateInternalApiKey> = async (ctx, { params, body }) =>
  keySetToJson(await updateKeySet(ctx.deps, ctx.auth.project.id, params.api_key_id, body, actorOf(ctx.auth)));

export const internalApiKeyHandlers = {
  listInternalApiKeys,
  createInternalApiKey,
  getInternalApiKey,
  updateInternalApiKey,
} satisfies HandlerMap<typeof c.internalApiKeyProcedures>;
