/**
 * The phrases our validation errors use (SPEC section 5), installed as Zod's global error map. A
 * message set on a schema itself still wins. Messages are relative to the field: the REST adapter
 * prefixes them with where the field is (`body.email must be a valid email`).
 */
import { z } from "zod";

type RawIssue = Parameters<NonNullable<z.core.$ZodConfig["customError"]>>[0];

function describe(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is a required field";
      return `must be ${article(String(issue.expected))}`;
    case "too_big":
      if (issue.origin === "string") return `must be at most ${issue.maximum} characters`;
      if (issue.origin === "array") return `must have at most ${issue.maximum} items`;
      return `must be less than or equal to ${issue.maximum}`;
    case "too_small":
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "must not be empty" : `must be at least ${issue.minimum} characters`;
      if (issue.origin === "array") return Number(issue.minimum) <= 1 ? "must not be empty" : `must have at least ${issue.minimum} items`;
      return `must be greater than or equal to ${issue.minimum}`;
    case "invalid_format":
      if (issue.format === "email") return "must be a valid email";
      if (issue.format === "url") return "is not a valid URL";
      if (issue.format === "uuid" || issue.format === "guid") return "must be a valid UUID";
      if (issue.format === "base64" || issue.format === "base64url") return "is not valid base64";
      return `is not in the expected format (${issue.format})`;
    case "invalid_value":
      return `must be one of the following values: ${issue.values.map(String).join(", ")}`;
    case "invalid_union":
      return "is not matched by any of the provided schemas";
    case "unrecognized_keys":
      return `contains unknown properties: ${issue.keys.join(", ")}`;
    case "not_multiple_of":
      return `must be a multiple of ${issue.divisor}`;
    default:
      return undefined;
  }
}

function article(expected: string): string {
  if (expected === "int") return "an integer";
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

z.config({ customError: describe });
