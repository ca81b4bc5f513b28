import type { z } from "zod";
import { knownError, type KnownError } from "../../contract/known-error.js";

export interface LocatedIssues {
  location: "params" | "query" | "body";
  issues: readonly z.core.$ZodIssue[];
}

/**
 * One SCHEMA_ERROR for all that is wrong with a request, each problem on its own line:
 * `Request validation failed on POST /api/v1/x:\n  - body.email must be a valid email`.
 */
export function schemaError(method: string, path: string, groups: readonly LocatedIssues[]): KnownError<"SCHEMA_ERROR"> {
  const lines = groups.flatMap(({ location, issues }) =>
    issues.map((issue) => `  - ${[location, ...issue.path.map(String)].join(".")} ${issue.message}`),
  );
  return knownError("SCHEMA_ERROR", { message: `Request validation failed on ${method} ${path}:\n${lines.join("\n")}` });
}
