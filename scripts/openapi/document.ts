/**
 * Builds the OpenAPI documents from the contract: `openapi.json` with every procedure (admin-level
 * schemas, every way in), and one document per access level with only the procedures that level may
 * call, each with that level's body and answer schemas and that level's security schemes. Errors are
 * shared components (errors.ts).
 */
import { createDocument, type CreateDocumentOptions, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import { contract } from "../../contract/index.js";
import { schemaForAccess, type ProcedureDefinition } from "../../contract/procedure.js";
import { errorHeaders, errorSchemas, ErrorResponses, isErrorName } from "./errors.js";
import { sharedSchemas } from "./shared-schemas.js";
import { shareRepeats } from "./sharing.js";
import { defaultSecurityOf, isCallable, securityOf, securitySchemesOf, type DocumentLevel } from "./security.js";

export type { DocumentLevel } from "./security.js";

/** The documents `npm run gen` writes, with their generated types. */
export const documentFiles: readonly { level: DocumentLevel; document: string; types: string }[] = [
  { level: "full", document: "openapi.json", types: "generated/schema.d.ts" },
  { level: "client", document: "openapi.client.json", types: "generated/schema.client.d.ts" },
  { level: "server", document: "openapi.server.json", types: "generated/schema.server.d.ts" },
  { level: "admin", document: "openapi.admin.json", types: "generated/schema.admin.d.ts" },
];

const description = "Authentication and user management, wire-compatible with Stack Auth's REST API v1. "
  + "With the header x-stack-override-error-status, error statuses are answered as 200 with the real status in x-stack-actual-status.";

const about: Record<DocumentLevel, { title: string; scope: string }> = {
  full: {
    title: "Latchkey API",
    scope: "This document describes every procedure as an admin sees it; openapi.<level>.json describe what one access level may call.",
  },
  client: { title: "Latchkey API (client access)", scope: "This document holds what a client (publishable client key) may call, as a client sees it." },
  server: { title: "Latchkey API (server access)", scope: "This document holds what a server (secret server key) may call, as a server sees it." },
  admin: {
    title: "Latchkey API (admin access)",
    scope: "This document holds what an admin (super secret admin key or admin access token) may call, as an admin sees it.",
  },
};

/** The text of a document file: one-space indentation keeps line diffs readable at two thirds of the size. */
export function serializeDocument(document: Record<string, unknown>): string {
  return JSON.stringify(document, null, 1) + "\n";
}

function operation(name: string, definition: ProcedureDefinition, level: DocumentLevel, errors: ErrorResponses): ZodOpenApiOperationObject {
  const access = level === "full" ? "admin" : level;
  const success = definition.contentType === "text/plain"
    ? { "text/plain": { schema: z.string() } }
    : { "application/json": { schema: schemaForAccess(definition.output, access) } };
  const op: ZodOpenApiOperationObject = {
    operationId: name,
    summary: definition.summary,
    tags: [...definition.tags],
    responses: {
      [String(definition.successStatus)]: definition.successStatus === 302
        ? { description: "A redirect: the browser goes to the Location header.", headers: { location: { description: "Where the browser goes next.", schema: { type: "string" as const } } } }
        : { description: "Success.", content: success },
      ...(definition.alternateSuccess && { [String(definition.alternateSuccess.status)]: { description: definition.alternateSuccess.description, content: success } }),
      ...errors.responsesOf(definition),
    },
  };
  const security = securityOf(definition.access, level);
  if (JSON.stringify(security) !== JSON.stringify(defaultSecurityOf(level))) op.security = security;
  if (definition.description) op.description = definition.description;
  const requestParams: NonNullable<ZodOpenApiOperationObject["requestParams"]> = {};
  if (definition.params) requestParams.path = definition.params as z.ZodObject;
  if (definition.query) requestParams.query = definition.query as z.ZodObject;
  if (definition.params || definition.query) op.requestParams = requestParams;
  if (definition.body) {
    op.requestBody = { content: { "application/json": { schema: schemaForAccess(definition.body, access) } } };
  }
  return op;
}

/** `{type: "string", const: "x"}` says no more than `{const: "x"}`. */
const dropTypeBesideConst: NonNullable<CreateDocumentOptions["override"]> = ({ jsonSchema }) => {
  if ("const" in jsonSchema && typeof jsonSchema.type === "string") delete jsonSchema.type;
};

/** The document of one level (`full`: every procedure, as the admin sees it, with every way in). */
export function buildOpenApiDocument(level: DocumentLevel = "full"): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  const errors = new ErrorResponses();
  const sorted = Object.entries(contract).sort(([, a], [, b]) => (a.path + a.method).localeCompare(b.path + b.method));
  for (const [name, definition] of sorted) {
    if (!isCallable(definition.access, level)) continue;
    const path = definition.path === "" ? "/" : definition.path;
    paths[path] = { ...paths[path], [definition.method.toLowerCase()]: operation(name, definition, level, errors) };
  }
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: about[level].title,
      version: "1.0.0",
      description: `${description} ${about[level].scope}`,
    },
    servers: [{ url: "/api/v1" }],
    security: defaultSecurityOf(level),
    components: {
      schemas: { ...sharedSchemas, ...errorSchemas(), ...errors.groups } as never,
      responses: errors.responses,
      headers: errorHeaders as never,
      securitySchemes: securitySchemesOf(level) as never,
    },
    paths,
  }, { override: dropTypeBesideConst }) as unknown as Record<string, unknown>;
  shareRepeats(document, (kind, name) => kind === "schemas" && isErrorName(name));
  return document;
}
