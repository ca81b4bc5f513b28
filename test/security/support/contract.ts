/**
 * The contract's own validation of a request, as the procedure runner applies it: path parameters,
 * the query (read from the query string the way the REST adapter reads it) and the body schema of the
 * caller's access level. The suites use it to know whether an input is valid before they send it.
 * And the check of an answer against the output schema of the caller's level, for suites that run
 * with production settings (no response validation in the server).
 */
import { z } from "zod";
import { jsonValue } from "../../../contract/fields.js";
import { contract } from "../../../contract/index.js";
import { schemaForAccess, type ProcedureDefinition } from "../../../contract/procedure.js";
import { queryReader } from "../../../server/http/request-input.js";
import { undeclaredKeys } from "../../../server/validation/undeclared-keys.js";
import type { Level, Operation } from "./openapi.js";

const definitions = Object.values(contract) as ProcedureDefinition[];

/** The contract procedure behind an openapi.json operation. */
export function definitionOf(operation: Operation): ProcedureDefinition {
  const found = definitions.find((d) => d.method === operation.method && (d.path || "/") === operation.path);
  if (!found) throw new Error(`No procedure in contract/ for ${operation.key}`);
  return found;
}

const nothing = z.strictObject({});

export interface DecodedInput {
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body; undefined when none is sent. */
  body: unknown;
}

/** The validation problems of an input for a caller of `level` (null: unauthenticated); empty when valid. */
export function contractProblems(operation: Operation, level: Level | null, input: DecodedInput): string[] {
  const definition = definitionOf(operation);
  const problems: string[] = [];
  const check = (where: string, schema: z.ZodType, value: unknown) => {
    const result = schema.safeParse(value);
    if (!result.success) for (const issue of result.error.issues) problems.push(`${[where, ...issue.path.map(String)].join(".")}: ${issue.message}`);
  };
  check("params", definition.params ?? nothing, input.params);
  check("query", definition.query ?? nothing, queryReader(definition.query)(`?${input.query.toString()}`));
  const body = definition.body ? schemaForAccess(definition.body, level) : nothing.optional();
  check("body", body, input.body);
  return problems;
}

/** Metadata: any keys inside it are declared. */
const freeForm = new Set<z.ZodType>([jsonValue]);

/**
 * What is wrong with a successful JSON answer of `operation` to a caller of `level` (null:
 * unauthenticated), compared with the contract: keys the output schema of that level does not declare
 * (production sends the handler's object, or its projection, without parsing it), and a body the
 * schema does not accept. Empty when the answer is as declared.
 */
export function outputProblems(operation: Operation, level: Level | null, body: unknown): string[] {
  const definition = definitionOf(operation);
  // The runner reads no credentials for a public procedure: it answers at the unauthenticated level.
  const answeredLevel = definition.access === "public" ? null : level;
  const schema = schemaForAccess(definition.output, answeredLevel);
  const caller = answeredLevel === null ? "an unauthenticated caller" : `a caller with ${answeredLevel} access`;
  const problems: string[] = [];
  const undeclared = undeclaredKeys(schema, body, freeForm);
  if (undeclared.length > 0) problems.push(`${operation.key} answered ${caller} with keys its contract does not declare: ${undeclared.join(", ")}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${["$", ...issue.path.map(String)].join(".")}: ${issue.message}`);
    problems.push(`${operation.key} answered ${caller} with a body its contract does not accept: ${issues.join("; ")}`);
  }
  return problems;
}
