/**
 * Serves a contract's procedures as REST routes: reads input by method, authenticates, validates,
 * calls the handler and writes the wire format. Route order puts fixed segments before parameters.
 */
import type { Context, Hono } from "hono";
import type { z } from "zod";
import { knownError } from "../../contract/known-error.js";
import { isPerAccess, schemaForAccess, type ProcedureDefinition } from "../../contract/procedure.js";
import type { AppDeps } from "../deps.js";
import { describeError } from "../services/log.js";
import { requireAccess, resolveAuth, type Auth } from "./auth.js";
import { createRequestContext, type HandlerMap } from "./handler.js";
import { queryReader, readBody } from "./request-input.js";
import { compareRoutePaths, toHonoPath } from "./route-order.js";
import { schemaError, type LocatedIssues } from "./schema-error.js";
import { errorToResponse, jsonResponse, methodNotAllowed, textResponse } from "./wire.js";

type Contract = Record<string, ProcedureDefinition>;

export function mountRest<C extends Contract>(api: Hono, contract: C, handlers: HandlerMap<C>, deps: AppDeps, basePath: string): void {
  const entries = Object.entries(contract).sort(([, a], [, b]) => compareRoutePaths(a.path, b.path));
  for (const [name, definition] of entries) {
    const handler = handlers[name as keyof C] as (ctx: unknown, input: unknown) => Promise<unknown>;
    const serve = procedureRoute(name, definition, handler, deps, basePath);
    api.on(definition.method, toHonoPath(definition.path), serve);
  }
  const paths = [...new Set(entries.map(([, d]) => d.path))].sort(compareRoutePaths);
  for (const path of paths) api.all(toHonoPath(path), () => methodNotAllowed());
}

function procedureRoute(
  name: string,
  definition: ProcedureDefinition,
  handler: (ctx: unknown, input: unknown) => Promise<unknown>,
  deps: AppDeps,
  basePath: string,
) {
  const readQuery = queryReader(definition.query);
  const fullPath = `${basePath}${definition.path}`;
  return async function handleProcedure(c: Context): Promise<Response> {
    const requestId = c.get("requestId" as never) as string;
    const header = (h: string) => c.req.header(h);
    try {
      const auth = await authenticate(definition, header, deps);
      const input = await readInput(c, definition, auth, readQuery, fullPath);
      const ctx = createRequestContext(deps, auth, requestId, header);
      const output = await handler(ctx, input);
      return respond(definition, auth, output, deps, name);
    } catch (error) {
      return errorToResponse(error, requestId, (e) => deps.log.error("request failed", { procedure: name, requestId, ...describeError(e) }));
    }
  };
}

async function authenticate(definition: ProcedureDefinition, header: (h: string) => string | undefined, deps: AppDeps): Promise<Auth | null> {
  if (definition.access === "public") return null;
  const auth = await resolveAuth(header, deps);
  if (definition.access === "optional") return auth;
  if (!auth) throw knownError("ACCESS_TYPE_REQUIRED");
  requireAccess(auth, definition.access);
  return auth;
}

async function readInput(
  c: Context,
  definition: ProcedureDefinition,
  auth: Auth | null,
  readQuery: ReturnType<typeof queryReader>,
  fullPath: string,
) {
  const rawBody = definition.method === "GET" ? undefined : await readBody(c.req.raw);
  const rawQuery = readQuery(new URL(c.req.url).searchParams);
  const problems: LocatedIssues[] = [];
  const check = <S extends z.ZodType | undefined>(location: LocatedIssues["location"], schema: S, value: unknown) => {
    if (!schema) {
      const empty = value === undefined || (typeof value === "object" && value !== null && Object.keys(value).length === 0);
      if (!empty) problems.push({ location, issues: [{ code: "custom", path: [], message: "must be empty", input: value }] });
      return {};
    }
    const result = schema.safeParse(value);
    if (!result.success) problems.push({ location, issues: result.error.issues });
    return result.data;
  };
  const params = check("params", definition.params, c.req.param());
  const query = check("query", definition.query, rawQuery);
  const bodySchema = definition.body && schemaForAccess(definition.body, auth?.accessType ?? null);
  const body = check("body", bodySchema, rawBody);
  if (problems.length > 0) throw schemaError(c.req.method, fullPath, problems);
  return { params, query, body };
}

function respond(definition: ProcedureDefinition, auth: Auth | null, output: unknown, deps: AppDeps, name: string): Response {
  if (definition.contentType === "text/plain") return textResponse(definition.successStatus, String(output));
  const schema = schemaForAccess(definition.output, auth?.accessType ?? null);
  let body = output;
  if (isPerAccess(definition.output) || deps.config.validateResponses) {
    const parsed = schema.safeParse(output);
    if (!parsed.success) throw new Error(`Response of ${name} does not match its contract: ${parsed.error.message}`);
    body = parsed.data;
  }
  return jsonResponse(definition.successStatus, body);
}
