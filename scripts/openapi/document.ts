/**
 * Builds openapi.json from the contract: every procedure with its parameters, body, success status
 * and schema, the known errors it may answer with (grouped by status), and the x-stack header
 * security schemes its access level accepts.
 */
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { contract } from "../../contract/index.js";
import { knownErrors } from "../../contract/errors.js";
import type { KnownErrorCode } from "../../contract/known-error.js";
import { widestSchema, type ProcedureDefinition } from "../../contract/procedure.js";

const securitySchemes = {
  projectId: { type: "apiKey", in: "header", name: "x-stack-project-id", description: "The project's id (`internal` for the platform's own project)." },
  accessType: { type: "apiKey", in: "header", name: "x-stack-access-type", description: "`client`, `server` or `admin`." },
  publishableClientKey: { type: "apiKey", in: "header", name: "x-stack-publishable-client-key" },
  secretServerKey: { type: "apiKey", in: "header", name: "x-stack-secret-server-key" },
  superSecretAdminKey: { type: "apiKey", in: "header", name: "x-stack-super-secret-admin-key" },
  adminAccessToken: { type: "apiKey", in: "header", name: "x-stack-admin-access-token", description: "Access token of an internal-project user who owns the project; replaces the keys." },
} as const;

const withKey = (key: keyof typeof securitySchemes) => ({ projectId: [], accessType: [], [key]: [] });
const securityFor: Record<ProcedureDefinition["access"], Record<string, string[]>[]> = {
  public: [],
  optional: [{}, withKey("publishableClientKey"), withKey("secretServerKey"), withKey("superSecretAdminKey"), withKey("adminAccessToken")],
  client: [withKey("publishableClientKey"), withKey("secretServerKey"), withKey("superSecretAdminKey"), withKey("adminAccessToken")],
  server: [withKey("secretServerKey"), withKey("superSecretAdminKey"), withKey("adminAccessToken")],
  admin: [withKey("superSecretAdminKey"), withKey("adminAccessToken")],
};

/** Errors any request of an access level may get from authentication and validation. */
const authErrors: KnownErrorCode[] = [
  "PROJECT_KEY_WITHOUT_ACCESS_TYPE", "INVALID_ACCESS_TYPE", "ACCESS_TYPE_WITHOUT_PROJECT_ID", "CURRENT_PROJECT_NOT_FOUND",
  "BRANCH_DOES_NOT_EXIST", "UNPARSABLE_ADMIN_ACCESS_TOKEN", "ADMIN_ACCESS_TOKEN_EXPIRED", "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
];
const commonErrors: Record<ProcedureDefinition["access"], KnownErrorCode[]> = {
  public: [],
  optional: authErrors,
  client: [...authErrors, "ACCESS_TYPE_REQUIRED", "CLIENT_AUTHENTICATION_REQUIRED", "INVALID_PUBLISHABLE_CLIENT_KEY", "SERVER_AUTHENTICATION_REQUIRED", "INVALID_SECRET_SERVER_KEY", "ADMIN_AUTHENTICATION_REQUIRED", "INVALID_SUPER_SECRET_ADMIN_KEY"],
  server: [...authErrors, "ACCESS_TYPE_REQUIRED", "INSUFFICIENT_ACCESS_TYPE", "SERVER_AUTHENTICATION_REQUIRED", "INVALID_SECRET_SERVER_KEY", "ADMIN_AUTHENTICATION_REQUIRED", "INVALID_SUPER_SECRET_ADMIN_KEY"],
  admin: [...authErrors, "ACCESS_TYPE_REQUIRED", "INSUFFICIENT_ACCESS_TYPE", "ADMIN_AUTHENTICATION_REQUIRED", "INVALID_SUPER_SECRET_ADMIN_KEY"],
};

const knownErrorBody = z
  .object({
    code: z.string().meta({ description: "The error code; equal to the x-stack-known-error header." }),
    details: z.record(z.string(), z.unknown()).optional().meta({ description: "Machine-readable details; their keys depend on the code." }),
    error: z.string().meta({ description: "A human-readable message." }),
  })
  .meta({ id: "KnownError", description: "A known error. The response also carries the header x-stack-known-error with the code." });

function errorResponses(definition: ProcedureDefinition): ZodOpenApiOperationObject["responses"] {
  const codes = new Set<KnownErrorCode>([...commonErrors[definition.access], ...definition.errors]);
  // Every route validates its query and path (unknown keys included); every method but GET reads a body.
  codes.add("SCHEMA_ERROR");
  if (definition.method !== "GET") codes.add("BODY_PARSING_ERROR");
  const byStatus = new Map<number, KnownErrorCode[]>();
  for (const code of [...codes].sort()) {
    const status = knownErrors[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `Known errors: ${list.join(", ")}.`,
      headers: { "x-stack-known-error": { description: "The error code.", schema: { type: "string", enum: list } } },
      content: { "application/json": { schema: knownErrorBody } },
    };
  }
  return responses as ZodOpenApiOperationObject["responses"];
}

function operation(name: string, definition: ProcedureDefinition): ZodOpenApiOperationObject {
  const success = definition.contentType === "text/plain"
    ? { "text/plain": { schema: z.string() } }
    : { "application/json": { schema: widestSchema(definition.output) } };
  const op: ZodOpenApiOperationObject = {
    operationId: name,
    summary: definition.summary,
    tags: [...definition.tags],
    security: securityFor[definition.access],
    responses: {
      [String(definition.successStatus)]: { description: "Success.", content: success },
      ...(definition.alternateSuccess && { [String(definition.alternateSuccess.status)]: { description: definition.alternateSuccess.description, content: success } }),
      ...errorResponses(definition),
    },
  };
  if (definition.description) op.description = definition.description;
  const requestParams: NonNullable<ZodOpenApiOperationObject["requestParams"]> = {};
  if (definition.params) requestParams.path = definition.params as z.ZodObject;
  if (definition.query) requestParams.query = definition.query as z.ZodObject;
  if (definition.params || definition.query) op.requestParams = requestParams;
  if (definition.body) {
    op.requestBody = { content: { "application/json": { schema: widestSchema(definition.body) } } };
  }
  return op;
}

export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  const sorted = Object.entries(contract).sort(([, a], [, b]) => (a.path + a.method).localeCompare(b.path + b.method));
  for (const [name, definition] of sorted) {
    const path = definition.path === "" ? "/" : definition.path;
    paths[path] = { ...paths[path], [definition.method.toLowerCase()]: operation(name, definition) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Latchkey API",
      version: "1.0.0",
      description: "Authentication and user management, wire-compatible with Stack Auth's REST API v1. "
        + "With the header x-stack-override-error-status, error statuses are answered as 200 with the real status in x-stack-actual-status.",
    },
    servers: [{ url: "/api/v1" }],
    components: { securitySchemes: securitySchemes as never },
    paths,
  }) as unknown as Record<string, unknown>;
}
