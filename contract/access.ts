/**
 * What every procedure of an access level may answer besides its own declared errors: the failures
 * of authentication and of reading the request. The documents list them, and the runner's check of
 * declared errors (tests) accepts them without each procedure repeating them.
 */
import type { KnownErrorCode } from "./known-error.js";
import type { ErrorName, ProcedureDefinition } from "./procedure.js";
import type { StatusErrorName } from "./status-errors.js";

/** Errors any authenticated request may get from reading its x-stack-* headers. */
const headerErrors = [
  "PROJECT_KEY_WITHOUT_ACCESS_TYPE", "INVALID_ACCESS_TYPE", "ACCESS_TYPE_WITHOUT_PROJECT_ID", "CURRENT_PROJECT_NOT_FOUND",
  "BRANCH_DOES_NOT_EXIST", "UNPARSABLE_ADMIN_ACCESS_TOKEN", "ADMIN_ACCESS_TOKEN_EXPIRED", "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
  "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN", "PROJECT_NOT_FOUND", "ACCESS_TYPE_REQUIRED",
  "CLIENT_AUTHENTICATION_REQUIRED", "INVALID_PUBLISHABLE_CLIENT_KEY", "SERVER_AUTHENTICATION_REQUIRED", "INVALID_SECRET_SERVER_KEY",
  "ADMIN_AUTHENTICATION_REQUIRED", "INVALID_SUPER_SECRET_ADMIN_KEY", "INSUFFICIENT_ACCESS_TYPE",
  "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED", "UNPARSABLE_ACCESS_TOKEN", "ACCESS_TOKEN_EXPIRED", "INVALID_PROJECT_FOR_ACCESS_TOKEN",
  "WORKFLOW_TOKEN_DOES_NOT_EXIST", "WORKFLOW_TOKEN_EXPIRED",
] as const satisfies KnownErrorCode[];

const headerStatusErrors = ["adminTokenOwnerGone", "endUserIpInvalid"] as const satisfies StatusErrorName[];

/** The errors common to every procedure of an access level (who may call it: contract/procedure.ts). */
export const commonErrors: Record<ProcedureDefinition["access"], readonly ErrorName[]> = {
  public: [],
  optional: [...headerErrors, ...headerStatusErrors],
  client: [...headerErrors, ...headerStatusErrors],
  server: [...headerErrors, ...headerStatusErrors],
  admin: [...headerErrors, ...headerStatusErrors],
};

/**
 * Every error a procedure may answer with: its own, its level's, the input checks (every route checks
 * its path and query; every method but GET reads a body, which may be malformed or too large) and the
 * abuse limits of its rate-limit category.
 */
export function declaredErrors(definition: ProcedureDefinition): ReadonlySet<ErrorName> {
  const names = new Set<ErrorName>([...commonErrors[definition.access], ...definition.errors, "SCHEMA_ERROR"]);
  if (definition.method !== "GET") {
    names.add("BODY_PARSING_ERROR");
    names.add("bodyTooLarge");
  }
  if (definition.rateLimit) names.add("tooManyRequests");
  return names;
}
