import { z } from "zod";
import { listOf, millis, uuid } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const lastFour = z.object({ last_four: z.string() });

const keySetFields = {
  id: uuid,
  description: z.string(),
  created_at_millis: millis,
  expires_at_millis: millis,
  manually_revoked_at_millis: millis.optional(),
};

/** An API key set as listed and read: each key shows only its last four characters. */
export const internalApiKeySet = z
  .object({
    ...keySetFields,
    publishable_client_key: lastFour.optional(),
    secret_server_key: lastFour.optional(),
    super_secret_admin_key: lastFour.optional(),
  })
  .meta({ id: "InternalApiKeySet" });

/** The creation answer: the only time the full key values are shown. */
export const createdInternalApiKeySet = z
  .object({
    ...keySetFields,
    publishable_client_key: z.string().optional(),
    secret_server_key: z.string().optional(),
    super_secret_admin_key: z.string().optional(),
  })
  .meta({ id: "CreatedInternalApiKeySet" });

const keySetIdParams = z.strictObject({ api_key_id: uuid });

export const listInternalApiKeys = defineProcedure({
  method: "GET",
  path: "/internal/api-keys",
  access: "admin",
  summary: "List the project's API key sets, newest first",
  tags: ["Internal API keys"],
  successStatus: 200,
  errors: [],
  output: listOf(internalApiKeySet),
});

export const createInternalApiKey = defineProcedure({
  method: "POST",
  path: "/internal/api-keys",
  access: "admin",
  summary: "Create an API key set; the answer is the only place the full keys appear",
  tags: ["Internal API keys"],
  successStatus: 200,
  errors: [],
  body: z
    .strictObject({
      description: z.string().max(1000),
      expires_at_millis: millis,
      has_publishable_client_key: z.boolean(),
      has_secret_server_key: z.boolean(),
      has_super_secret_admin_key: z.boolean(),
    })
    .refine((b) => b.has_publishable_client_key || b.has_secret_server_key || b.has_super_secret_admin_key, {
      message: "must ask for at least one key",
      path: ["has_publishable_client_key"],
    }),
  output: createdInternalApiKeySet,
});

export const getInternalApiKey = defineProcedure({
  method: "GET",
  path: "/internal/api-keys/{api_key_id}",
  access: "admin",
  summary: "Read one API key set",
  tags: ["Internal API keys"],
  successStatus: 200,
  errors: ["API_KEY_NOT_FOUND"],
  params: keySetIdParams,
  output: internalApiKeySet,
});

export const updateInternalApiKey = defineProcedure({
  method: "PATCH",
  path: "/internal/api-keys/{api_key_id}",
  access: "admin",
  summary: "Change an API key set's description or revoke it (revoking cannot be undone)",
  tags: ["Internal API keys"],
  successStatus: 200,
  errors: ["API_KEY_NOT_FOUND"],
  params: keySetIdParams,
  body: z.strictObject({ description: z.string().max(1000).optional(), revoked: z.literal(true).optional() }),
  output: internalApiKeySet,
});

/** This file's procedures, registered in contract/index.ts. */
export const internalApiKeyProcedures = {
  listInternalApiKeys,
  createInternalApiKey,
  getInternalApiKey,
  updateInternalApiKey,
} as const;
