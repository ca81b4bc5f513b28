/**
 * Runs one procedure for any transport (REST or tRPC): authenticate, validate the raw input against
 * the contract, call the handler, and shape the output for the caller's access level.
 */
import { z } from "zod";
import { jsonValue } from "../../contract/fields.js";
import { declaredErrors } from "../../contract/access.js";
import { knownError } from "../../contract/known-error.js";
import { isPerAccess, schemaForAccess, type ErrorName, type ProcedureDefinition } from "../../contract/procedure.js";
import type { AppDeps } from "../deps.js";
import { KnownError, StatusError } from "../errors.js";
import { guardAction } from "../services/abuse.js";
import { requireAccess, resolveAuth, type Auth, type HeaderReader } from "./auth.js";
import { effectiveClientIp } from "./end-user-ip.js";
import { createRequestContext } from "./handler.js";
import { projectionOf, type Projection } from "./output-projection.js";
import { schemaError, type LocatedIssues } from "./schema-error.js";
import { ContractViolationError } from "../validation/contract-violation.js";
import { undeclaredKeys } from "../validation/undeclared-keys.js";

export interface RawInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

export interface ProcedureResult {
  auth: Auth | null;
  /** The output as it goes on the wire (stripped to the caller's level where the contract says so). */
  output: unknown;
}

/** `requestPath`: the path as requested (ids and `me` as sent), named in SCHEMA_ERROR messages as Stack does; else the route template. */
export type ProcedureRunner = (request: { header: HeaderReader; requestId: string; input: RawInput; clientIp: string | null; requestPath?: string }) => Promise<ProcedureResult>;

type AnyHandler = (ctx: never, input: never) => Promise<unknown>;

export function createProcedureRunner(
  name: string,
  definition: ProcedureDefinition,
  handler: AnyHandler,
  deps: AppDeps,
  displayPath: string,
): ProcedureRunner {
  const call = handler as unknown as (ctx: unknown, input: unknown) => Promise<unknown>;
  const run: ProcedureRunner = async ({ header, requestId, input, clientIp: peerIp, requestPath }) => {
    const auth = await authenticate(definition, header, deps);
    const clientIp = await effectiveClientIp(deps, auth, header, peerIp);
    if (definition.rateLimit) await guardAction(deps, definition.rateLimit, auth?.project.id ?? null, clientIp);
    const validated = validateInput(definition, auth, input, requestPath ?? displayPath);
    const output = await call(createRequestContext(deps, auth, requestId, header, clientIp), validated);
    return { auth, output: shapeOutput(name, definition, auth, output, deps.config.validateResponses) };
  };
  if (!deps.config.validateResponses) return run;
  const declared = declaredErrors(definition);
  return (request) => run(request).catch((error: unknown) => {
    throw undeclared(name, declared, error) ?? error;
  });
}

/**
 * With response validation on (tests), an error the procedure does not declare is replaced by an
 * internal error naming it, so that every HTTP test keeps the contract's error lists honest.
 */
function undeclared(procedure: string, declared: ReadonlySet<ErrorName>, error: unknown): Error | null {
  const errorName = error instanceof KnownError ? error.code : error instanceof StatusError ? error.errorName : null;
  if (errorName === null || declared.has(errorName)) return null;
  return new ContractViolationError(`${procedure} threw ${errorName}, which its contract does not declare (add it to the procedure's errors)`, { cause: error });
}

async function authenticate(definition: ProcedureDefinition, header: HeaderReader, deps: AppDeps): Promise<Auth | null> {
  if (definition.access === "public") return null;
  const auth = await resolveAuth(header, deps);
  if (definition.access === "optional") return auth;
  if (!auth) throw knownError("ACCESS_TYPE_REQUIRED");
  requireAccess(auth, definition.access);
  return auth;
}

/** What a procedure that declares no params, query or body accepts there: nothing (an empty body object is fine). */
const nothing = z.strictObject({});
const noBody = nothing.optional();

function validateInput(definition: ProcedureDefinition, auth: Auth | null, raw: RawInput, displayPath: string) {
  // Most reads (`GET /users/me`) take no input and get none: nothing to check.
  if (!definition.params && !definition.query && !definition.body && isEmpty(raw.params) && isEmpty(raw.query) && raw.body === undefined) {
    return { params: {}, query: {}, body: undefined };
  }
  const problems: LocatedIssues[] = [];
  const check = (location: LocatedIssues["location"], schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) problems.push({ location, issues: result.error.issues });
    return result.data;
  };
  const params = check("params", definition.params ?? nothing, raw.params ?? {});
  const query = check("query", definition.query ?? nothing, raw.query ?? {});
  const bodySchema = definition.body ? schemaForAccess(definition.body, auth?.accessType ?? null) : noBody;
  const body = check("body", bodySchema, raw.body);
  if (problems.length > 0) throw schemaError(definition.method, displayPath, problems);
  return { params, query, body };
}

/** Absent, or an object without keys of its own. */
function isEmpty(value: unknown): boolean {
  if (value === undefined) return true;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

const projections = new WeakMap<z.ZodType, Projection>();
const opaqueSchemas = new Set<z.ZodType>([jsonValue]);

function projectionFor(schema: z.ZodType): Projection {
  let projection = projections.get(schema);
  if (!projection) projections.set(schema, (projection = projectionOf(schema, opaqueSchemas)));
  return projection;
}

/**
 * Narrows the handler's answer to the caller's level. In production a compiled projection does it
 * (output-projection.ts); with `validate` (tests) zod checks the answer, and the projection must
 * give exactly zod's result.
 */
function shapeOutput(name: string, definition: ProcedureDefinition, auth: Auth | null, output: unknown, validate: boolean): unknown {
  if (definition.contentType === "text/plain") return String(output);
  const perAccess = isPerAccess(definition.output);
  if (!perAccess && !validate) return output;
  const schema = schemaForAccess(definition.output, auth?.accessType ?? null);
  if (!validate) return projectionFor(schema)(output);
  const parsed = schema.safeParse(output);
  if (!parsed.success) throw new ContractViolationError(`Response of ${name} does not match its contract: ${parsed.error.message}`);
  // zod drops undeclared keys silently; production would send them (or project them away only by luck).
  const extra = undeclaredKeys(schemaForAccess(definition.output, "admin"), output);
  if (extra.length > 0) throw new ContractViolationError(`Response of ${name} has keys its contract does not declare: ${extra.join(", ")}`);
  if (perAccess && JSON.stringify(projectionFor(schema)(output)) !== JSON.stringify(parsed.data)) {
    throw new ContractViolationError(`Response of ${name}: the projection for ${auth?.accessType ?? "public"} access differs from zod's parse`);
  }
  return parsed.data;
}
