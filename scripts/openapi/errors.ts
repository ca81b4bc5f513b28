/**
 * The error part of the documents, shared instead of repeated per operation:
 * - one schema per known error, named by its code: `{code: const, details?: <its details>, error}`;
 * - one schema per plain-status error, named by its (camelCase) name: the exact text (`const`), or for
 *   texts built from values a `pattern` made from the table's template;
 * - per status, the known errors every procedure of a kind answers (its access level's and the input
 *   checks', contract/access.ts) as one group: a `oneOf` discriminated on `code`;
 * - one response per distinct set of errors at one status, shared by the operations that answer that
 *   set: known errors (JSON, with the x-stack-known-error header) as a `oneOf` of the group and the
 *   codes of the procedure's own, plain-status errors as `text/plain`.
 * Each operation answers, per status, exactly the errors of `declaredErrors`, by `$ref`.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import type { ZodOpenApiResponseObject } from "zod-openapi";
import { declaredErrors } from "../../contract/access.js";
import { knownErrors } from "../../contract/errors.js";
import { isKnownErrorCode, type KnownErrorCode } from "../../contract/known-error.js";
import type { ErrorName, ProcedureAccess, ProcedureDefinition } from "../../contract/procedure.js";
import { statusErrors, type StatusErrorName } from "../../contract/status-errors.js";

const KNOWN_ERROR_HEADER = "KnownErrorCode";
const RETRY_AFTER_HEADER = "RetryAfter";

type Ref = { $ref: string };
const schemaRef = (name: string): Ref => ({ $ref: `#/components/schemas/${name}` });

/** Is this a name of either error table (the documents describe them all, used or not)? */
export function isErrorName(name: string): name is ErrorName {
  return Object.hasOwn(knownErrors, name) || Object.hasOwn(statusErrors, name);
}

export function statusOf(name: ErrorName): number {
  return isKnownErrorCode(name) ? knownErrors[name].status : statusErrors[name].status;
}

/** Names grouped by status, each group sorted (known codes before plain-status names). */
function byStatus(names: Iterable<ErrorName>): Map<number, ErrorName[]> {
  const groups = new Map<number, ErrorName[]>();
  for (const name of [...names].sort()) groups.set(statusOf(name), [...(groups.get(statusOf(name)) ?? []), name]);
  return new Map([...groups].sort(([a], [b]) => a - b));
}

/** A known error's body. Errors without details leave `details` out; their fixed message is the description. */
function knownErrorSchema(code: KnownErrorCode): z.ZodType {
  const spec = knownErrors[code] as { status: number; details: z.ZodType | null; message: (details: unknown) => string };
  const shape = { code: z.literal(code), ...(spec.details && { details: spec.details }), error: z.string() };
  const description = `HTTP ${spec.status}.${spec.details ? "" : ` ${spec.message(undefined)}`}`;
  return z.object(shape).meta({ id: code, description });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const placeholders = /\{[A-Za-z_]\w*\}/g;

/** A plain-status error's text: fixed (`const`) or a template whose `{values}` the pattern leaves open. */
function statusErrorSchema(name: StatusErrorName): Record<string, unknown> {
  const { status, template } = statusErrors[name];
  if (!template.match(placeholders)) return { const: template, description: `HTTP ${status}, text/plain.` };
  const pattern = template.split(placeholders).map(escapeRegExp).join(".*");
  return { type: "string", pattern: `^${pattern}$`, description: `HTTP ${status}, text/plain, from the template \`${template}\`` };
}

/** Every error of both tables, each once, whether or not an operation of the document answers it. */
export function errorSchemas(): Record<string, z.ZodType | Record<string, unknown>> {
  const schemas: Record<string, z.ZodType | Record<string, unknown>> = {};
  for (const code of Object.keys(knownErrors) as KnownErrorCode[]) schemas[code] = knownErrorSchema(code);
  for (const name of Object.keys(statusErrors) as StatusErrorName[]) schemas[name] = statusErrorSchema(name);
  return schemas;
}

export const errorHeaders = {
  [KNOWN_ERROR_HEADER]: {
    description: "The code of the known error in the body.",
    schema: { type: "string" },
  },
  [RETRY_AFTER_HEADER]: {
    description: "Seconds to wait before trying again.",
    schema: { type: "integer", minimum: 0 },
  },
} as const;

/** The errors every procedure of this access and method answers, whatever its own errors. */
function baseErrors(access: ProcedureAccess, method: ProcedureDefinition["method"]): ReadonlySet<ErrorName> {
  return declaredErrors({ access, method, errors: [] } as unknown as ProcedureDefinition);
}

const accesses: readonly ProcedureAccess[] = ["public", "optional", "client", "server", "admin"];
const capitalize = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/**
 * The groups of known errors, one per distinct base set (of two codes or more) at a status, named for
 * who answers them: `AuthenticatedWriteErrors400` is what every authenticated procedure but a GET may
 * answer with 400 (`Authenticated` when all levels but `public` share it, `Read`/`Write` when GETs differ).
 */
function knownErrorGroups(): Map<string, string> {
  const sets = new Map<string, { access: ProcedureAccess; read: boolean; status: number }[]>();
  for (const access of accesses) {
    for (const read of [true, false]) {
      for (const [status, names] of byStatus(baseErrors(access, read ? "GET" : "POST"))) {
        const codes = names.filter(isKnownErrorCode);
        if (codes.length < 2) continue;
        const key = `${status}:${codes.join(",")}`;
        sets.set(key, [...(sets.get(key) ?? []), { access, read, status }]);
      }
    }
  }
  const groups = new Map<string, string>();
  for (const [key, users] of sets) {
    const who = new Set(users.map((u) => u.access));
    const kinds = new Set(users.map((u) => u.read));
    const accessPart = who.size === accesses.length - 1 && !who.has("public") ? "Authenticated" : [...who].map(capitalize).join("");
    const methodPart = kinds.size === 2 ? "" : kinds.has(true) ? "Read" : "Write";
    groups.set(key, `${accessPart}${methodPart}Errors${users[0]!.status}`);
  }
  return groups;
}

function groupSchema(codes: readonly KnownErrorCode[], status: number): Record<string, unknown> {
  return {
    description: `The known errors of HTTP ${status} that these procedures share.`,
    oneOf: codes.map((code) => schemaRef(code)),
    discriminator: { propertyName: "code", mapping: Object.fromEntries(codes.map((code) => [code, schemaRef(code).$ref])) },
  };
}

const digest = (names: readonly ErrorName[]) => createHash("sha256").update(names.join(",")).digest("hex").slice(0, 8);

/** Collects a document's shared error responses (and the groups they use) from its operations. */
export class ErrorResponses {
  readonly responses: Record<string, ZodOpenApiResponseObject> = {};
  readonly groups: Record<string, Record<string, unknown>> = {};
  readonly #groupNames = knownErrorGroups();

  /** An operation's error responses by status: `$ref`s to the shared responses, registered on first use. */
  responsesOf(definition: ProcedureDefinition): Record<string, Ref> {
    const base = byStatus(baseErrors(definition.access, definition.method));
    const refs: Record<string, Ref> = {};
    for (const [status, names] of byStatus(declaredErrors(definition))) {
      const baseCodes = (base.get(status) ?? []).filter(isKnownErrorCode);
      const group = this.#groupNames.get(`${status}:${baseCodes.join(",")}`);
      const name = names.length === 1 ? names[0]! : group && names.length === base.get(status)!.length ? group : `Errors${status}_${digest(names)}`;
      this.responses[name] ??= this.#response(status, names, group ? { name: group, codes: baseCodes } : undefined);
      refs[String(status)] = { $ref: `#/components/responses/${name}` };
    }
    return refs;
  }

  #response(status: number, names: readonly ErrorName[], group: { name: string; codes: readonly KnownErrorCode[] } | undefined): ZodOpenApiResponseObject {
    const known = names.filter(isKnownErrorCode);
    const plain = names.filter((name): name is StatusErrorName => !isKnownErrorCode(name));
    const members: Ref[] = known.filter((code) => !group?.codes.includes(code)).map(schemaRef);
    if (group) {
      this.groups[group.name] ??= groupSchema(group.codes, status);
      members.unshift(schemaRef(group.name));
    }
    const content: NonNullable<ZodOpenApiResponseObject["content"]> = {};
    const headers: Record<string, Ref> = {};
    if (members.length > 0) {
      content["application/json"] = { schema: members.length === 1 ? members[0]! : { oneOf: members } };
      headers["x-stack-known-error"] = { $ref: `#/components/headers/${KNOWN_ERROR_HEADER}` };
    }
    if (plain.length > 0) {
      content["text/plain"] = { schema: plain.length === 1 ? schemaRef(plain[0]!) : { anyOf: plain.map(schemaRef) } };
      if (plain.includes("tooManyRequests")) headers["retry-after"] = { $ref: `#/components/headers/${RETRY_AFTER_HEADER}` };
    }
    const description = known.length === 0 ? "Plain-text error." : plain.length === 0 ? "Known error." : "Known error, or plain-text error.";
    return { description, headers, content };
  }
}
