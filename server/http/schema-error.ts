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
    issues.map((issue) => `  - ${fieldPath(location, issue.path)} ${issue.message}`),
  );
  return knownError("SCHEMA_ERROR", { message: `Request validation failed on ${method} ${path}:\n${lines.join("\n")}` });
}

/** A field path as Stack writes it: dotted keys, bracketed indices (`body.config.oauth_providers[0].client_secret`). */
function fieldPath(location: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === "number" ? `${acc}[${key}]` : `${acc}.${String(key)}`), location);
}
