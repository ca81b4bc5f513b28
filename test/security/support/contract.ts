/**
 * The contract's own validation of a request, as the procedure runner applies it: path parameters,
 * the query (read from the query string the way the REST adapter reads it) and the body schema of the
 * caller's access level. The suites use it to know whether an input is valid before they send it.
 */
import { z } from "zod";
import { contract } from "../../../contract/index.js";
import { schemaForAccess, type ProcedureDefinition } from "../../../contract/procedure.js";
import { queryReader } from "../../../server/http/request-input.js";
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
