/**
 * User and team API keys: keys an end user or a team hands to its own API consumers, which the app's
 * backend validates with `check`. The full key appears once, in the creation answer; afterwards only
 * its last four characters. Every route of a kind answers 400 while the project has that kind turned
 * off (`apiKeys.enabled.user` / `apiKeys.enabled.team`).
 */
import { z } from "zod";
import type { KnownErrorCode } from "./known-error.js";
import { listOf, millis, successResponse, userIdOrMe, uuid } from "./fields.js";
import { defineProcedure, type ErrorName } from "./procedure.js";

const keyId = uuid.meta({ description: "An API key id.", example: "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9" });
const description = z.string().max(1000).meta({ description: "What the key is for, shown to its owner.", example: "CI deploys" });
const isPublic = z.boolean().meta({
  description: "A public key (`pk_…`) may be shown to browsers; a secret one (`sk_…`) may not.",
  example: false,
});
const exampleKey = "sk_8c2m0q7r3x9d1v6c5b4a2n8p0s7t3w1y9z6e4f2g8h5jk";
const fullValue = z.string().meta({
  description: "The whole key: `pk_` or `sk_` and 45 lowercase Crockford base-32 characters (224 random bits).",
  example: exampleKey,
});
const lastFour = z.object({ last_four: z.string().meta({ example: "h5jk" }) }).meta({ description: "The key's last four characters." });

const keyFields = {
  id: keyId,
  description: z.string(),
  is_public: isPublic,
  created_at_millis: millis,
  expires_at_millis: millis.optional().meta({ description: "Left out when the key never expires." }),
  manually_revoked_at_millis: millis.optional().meta({ description: "Left out unless the key was revoked." }),
};
const userOwner = { type: z.literal("user"), user_id: uuid };
const teamOwner = { type: z.literal("team"), team_id: uuid };

export const userApiKey = z.object({ ...keyFields, ...userOwner, value: lastFour }).meta({ id: "UserApiKey" });
export const teamApiKey = z.object({ ...keyFields, ...teamOwner, value: lastFour }).meta({ id: "TeamApiKey" });
export const createdUserApiKey = z.object({ ...keyFields, ...userOwner, value: fullValue }).meta({ id: "CreatedUserApiKey" });
export const createdTeamApiKey = z.object({ ...keyFields, ...teamOwner, value: fullValue }).meta({ id: "CreatedTeamApiKey" });

const userIdQuery = userIdOrMe.meta({ description: "The owner: a user id, or `me`. Clients may only name themselves; servers may leave it out." });
const teamIdQuery = uuid.meta({ description: "The owning team. Clients need `$manage_api_keys` in it." });

const createShape = {
  description,
  expires_at_millis: millis.nullable().optional().meta({ description: "When the key stops working; null or left out: never." }),
  is_public: isPublic.optional(),
};

/**
 * The update body. The Stack SDK sends the expiry in two spellings depending on where the key object
 * came from (`expires_at_millis` from server apps, the unconverted `expiresAt` ISO string from client
 * apps); both are accepted.
 */
export const apiKeyUpdate = z
  .strictObject({
    description: description.optional(),
    revoked: z.literal(true).optional().meta({ description: "Revokes the key for good; revoking again keeps the first time." }),
    expires_at_millis: millis.nullable().optional().meta({ description: "A new expiry; null: never." }),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional().meta({ description: "The same as `expires_at_millis`, as an ISO 8601 date." }),
  })
  .refine((b) => b.expires_at_millis === undefined || b.expiresAt === undefined, {
    message: "give either expires_at_millis or expiresAt, not both",
    path: ["expiresAt"],
  })
  .meta({ id: "ApiKeyUpdate" });

const ownerErrors = ["USER_AUTHENTICATION_REQUIRED", "CANNOT_GET_OWN_USER_WITHOUT_USER", "API_KEY_NOT_FOUND", "apiKeysOwnOnly", "apiKeysDisabled"] as const satisfies ErrorName[];
const checkErrors = ["API_KEY_NOT_FOUND", "WRONG_API_KEY_TYPE", "API_KEY_REVOKED", "API_KEY_EXPIRED", "apiKeysDisabled"] as const satisfies ErrorName[];

interface KindSchemas<Q extends z.ZodType, C extends z.ZodType, K extends z.ZodType, N extends z.ZodType> {
  /** The owner named in the query of list, read and update. */
  ownerQuery: Q;
  createBody: C;
  key: K;
  created: N;
  ownerNotFound: KnownErrorCode;
}

function kindProcedures<Q extends z.ZodType, C extends z.ZodType, K extends z.ZodType, N extends z.ZodType>(
  kind: "user" | "team",
  s: KindSchemas<Q, C, K, N>,
) {
  const path = `/${kind}-api-keys`;
  const tags = ["API keys"];
  const params = z.strictObject({ api_key_id: keyId });
  return {
    list: defineProcedure({
      method: "GET",
      path,
      access: "client",
      summary: `List ${kind} API keys, newest first`,
      tags,
      successStatus: 200,
      errors: [...ownerErrors],
      query: s.ownerQuery,
      output: listOf(s.key),
    }),
    create: defineProcedure({
      method: "POST",
      path,
      access: "client",
      summary: `Create a ${kind} API key; the answer is the only place the full key appears`,
      tags,
      successStatus: 200,
      errors: [...ownerErrors, s.ownerNotFound],
      body: s.createBody,
      output: s.created,
    }),
    get: defineProcedure({
      method: "GET",
      path: `${path}/{api_key_id}`,
      access: "client",
      summary: `Read a ${kind} API key`,
      tags,
      successStatus: 200,
      errors: [...ownerErrors],
      params,
      query: s.ownerQuery,
      output: s.key,
    }),
    update: defineProcedure({
      method: "PATCH",
      path: `${path}/{api_key_id}`,
      access: "client",
      summary: `Change a ${kind} API key's description or expiry, or revoke it`,
      tags,
      successStatus: 200,
      errors: [...ownerErrors],
      params,
      query: s.ownerQuery,
      body: apiKeyUpdate,
      output: s.key,
    }),
    check: defineProcedure({
      rateLimit: "api-key-check",
      method: "POST",
      path: `${path}/check`,
      access: "server",
      summary: `Check a ${kind} API key and return it`,
      description:
        "Checked in this order: unknown in this project (API_KEY_NOT_FOUND), of the other kind (WRONG_API_KEY_TYPE), revoked (API_KEY_REVOKED), expired (API_KEY_EXPIRED).",
      tags,
      successStatus: 200,
      errors: [...checkErrors],
      body: z.strictObject({ api_key: z.string().max(1000).meta({ description: "The full key.", example: exampleKey }) }),
      output: s.key,
    }),
  };
}

const user = kindProcedures("user", {
  ownerQuery: z.strictObject({ user_id: userIdQuery.optional() }),
  createBody: z.strictObject({ ...createShape, user_id: userIdOrMe }).meta({ id: "UserApiKeyCreate" }),
  key: userApiKey,
  created: createdUserApiKey,
  ownerNotFound: "USER_NOT_FOUND",
});

const team = kindProcedures("team", {
  ownerQuery: z.strictObject({ team_id: teamIdQuery }),
  createBody: z.strictObject({ ...createShape, team_id: uuid }).meta({ id: "TeamApiKeyCreate" }),
  key: teamApiKey,
  created: createdTeamApiKey,
  ownerNotFound: "TEAM_NOT_FOUND",
});

/** A secret scanner's leak report (SECURITY.md, "For secret-scanning partners"). */
const revokeLeakedApiKey = defineProcedure({
  rateLimit: "api-key-check",
  method: "POST",
  path: "/integrations/credential-scanning/revoke",
  access: "public",
  summary: "Revoke a secret user or team API key a secret scanner found in public",
  description:
    "For secret-scanning partners: needs no credentials (the key is its own proof). Revokes the key and e-mails its owners (the user; for a team key, the team's members who may manage its keys). A key revoked before answers the same. Public keys are not revoked.",
  tags: ["API keys"],
  successStatus: 200,
  errors: ["API_KEY_NOT_FOUND", "PUBLIC_API_KEY_CANNOT_BE_REVOKED"],
  body: z.strictObject({ api_key: z.string().max(1000).meta({ description: "The full key as found.", example: exampleKey }) }),
  output: successResponse,
});

export const apiKeyProcedures = {
  listUserApiKeys: user.list,
  createUserApiKey: user.create,
  getUserApiKey: user.get,
  updateUserApiKey: user.update,
  checkUserApiKey: user.check,
  listTeamApiKeys: team.list,
  createTeamApiKey: team.create,
  getTeamApiKey: team.get,
  updateTeamApiKey: team.update,
  checkTeamApiKey: team.check,
  revokeLeakedApiKey,
} as const;
