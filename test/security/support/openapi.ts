/**
 * The operations of openapi.json as the security suites iterate them: method and path, the access
 * levels the `security` list allows (the operation's, else the document's), path and query parameters
 * (the path item's and the operation's, shared ones referenced from `components.parameters`), the
 * request body schema, and the known error codes documented per status (read from the error schemas
 * of the response, shared ones referenced from `components.responses`). Schema `$ref`s are resolved on
 * demand with `resolve`.
 */
import { readFileSync } from "node:fs";

/** The subset of JSON Schema that openapi.json uses. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export type Level = "client" | "server" | "admin";
export const levels: readonly Level[] = ["client", "server", "admin"];

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `METHOD /path`, the path as openapi.json writes it (under /api/v1). */
  key: string;
  method: string;
  path: string;
  operationId: string;
  /**
   * `public`: no x-stack-* authentication is read; `optional`: read when sent, never required;
   * `required`: one of `levels` (or an owner's admin access token) is needed.
   */
  auth: "public" | "optional" | "required";
  /** Key-based access levels the route accepts, lowest first. */
  levels: Level[];
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
  /** Documented statuses, each with the known-error codes it may carry (empty for successes). */
  responses: Map<number, string[]>;
}

interface Reference {
  $ref: string;
}

interface RawParameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface RawResponse {
  content?: Record<string, { schema: JsonSchema }>;
}

interface RawOperation {
  operationId: string;
  security?: Record<string, unknown>[];
  parameters?: (RawParameter | Reference)[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, RawResponse | Reference>;
}

const httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

type RawPathItem = { parameters?: (RawParameter | Reference)[] } & Partial<Record<(typeof httpMethods)[number], RawOperation>>;

interface OpenApiDocument {
  security?: Record<string, unknown>[];
  paths: Record<string, RawPathItem>;
  components: { schemas: Record<string, JsonSchema>; parameters?: Record<string, RawParameter>; responses?: Record<string, RawResponse> };
}

const documentUrl = new URL("../../../openapi.json", import.meta.url);
export const openApi = JSON.parse(readFileSync(documentUrl, "utf8")) as OpenApiDocument;

const levelOfScheme: Record<string, Level | undefined> = {
  publishableClientKey: "client",
  secretServerKey: "server",
  superSecretAdminKey: "admin",
};

/** The schema a `$ref` points at (followed until it is not a reference). */
export function resolve(schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let depth = 0; current.$ref !== undefined; depth++) {
    if (depth > 20) throw new Error(`$ref loop at ${schema.$ref}`);
    const name = current.$ref.replace("#/components/schemas/", "");
    const target = openApi.components.schemas[name];
    if (!target) throw new Error(`Unknown $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

/** A parameter or response object, or the shared one of `components` that it references. */
function component<T extends object>(value: T | Reference, kind: "parameters" | "responses"): T {
  if (!("$ref" in value)) return value;
  const prefix = `#/components/${kind}/`;
  const target = value.$ref.startsWith(prefix) ? openApi.components[kind]?.[value.$ref.slice(prefix.length)] : undefined;
  if (!target) throw new Error(`Unknown $ref ${value.$ref}`);
  return target as T;
}

/** The known-error codes an error schema admits: the `code` constants of its variants. */
function errorCodes(schema: JsonSchema, seen = new Set<JsonSchema>()): string[] {
  const resolved = resolve(schema);
  if (seen.has(resolved)) return [];
  seen.add(resolved);
  const code = resolved.properties?.code === undefined ? undefined : resolve(resolved.properties.code);
  const own = code?.const !== undefined ? [String(code.const)] : (code?.enum ?? []).map(String);
  return [...own, ...[...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])].flatMap((variant) => errorCodes(variant, seen))];
}

function toOperation(method: string, path: string, raw: RawOperation, pathParameters: (RawParameter | Reference)[]): Operation {
  const security = raw.security ?? openApi.security ?? [];
  const schemes = security.map((requirement) => Object.keys(requirement));
  const auth = security.length === 0 ? "public" : schemes.some((s) => s.length === 0) ? "optional" : "required";
  const allowed = new Set(schemes.flat().map((scheme) => levelOfScheme[scheme]));
  // The operation's parameters override the path item's of the same name and location.
  const byKey = new Map<string, RawParameter>();
  for (const parameter of [...pathParameters, ...(raw.parameters ?? [])].map((p) => component(p, "parameters"))) {
    byKey.set(`${parameter.in} ${parameter.name}`, parameter);
  }
  const params = (where: string) =>
    [...byKey.values()].filter((p) => p.in === where).map((p) => ({ name: p.name, required: p.required === true, schema: p.schema }));
  const responses = new Map<number, string[]>();
  for (const [status, entry] of Object.entries(raw.responses)) {
    const schema = Number(status) >= 400 ? component(entry, "responses").content?.["application/json"]?.schema : undefined;
    responses.set(Number(status), schema === undefined ? [] : [...new Set(errorCodes(schema))].sort());
  }
  return {
    key: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    operationId: raw.operationId,
    auth,
    levels: levels.filter((level) => allowed.has(level)),
    pathParams: params("path"),
    queryParams: params("query"),
    body: raw.requestBody?.content["application/json"]?.schema,
    responses,
  };
}

/** Every operation of openapi.json, in document order. */
export const operations: Operation[] = Object.entries(openApi.paths).flatMap(([path, item]) =>
  Object.keys(item).flatMap((key) => {
    const method = httpMethods.find((m) => m === key);
    const raw = method && item[method];
    return raw ? [toOperation(key, path, raw, item.parameters ?? [])] : [];
  }),
);

/** The URL of an operation under the API base, with path parameters already encoded by the caller. */
export function apiUrl(path: string, query?: URLSearchParams | string): string {
  const search = query === undefined ? "" : String(query);
  const base = path === "/" ? "/api/v1" : `/api/v1${path}`;
  return search === "" ? base : `${base}?${search}`;
}

/** The path with `{name}` parameters replaced by the given (already encoded) segments. */
export function fillPath(path: string, segments: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const segment = segments[name];
    if (segment === undefined) throw new Error(`No value for path parameter ${name} of ${path}`);
    return segment;
  });
}
