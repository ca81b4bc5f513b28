/**
 * The fields each procedure's answer may carry, per access level, read from the contract's output schemas:
 * the reviewed list in test/security/response-fields.json is compared against this (a new field in any
 * answer, even one declared in the contract, is then a decision someone made), and scripts write the list
 * from it after a review (`npx tsx scripts/gen-response-fields.ts`).
 *
 * Paths: `a.b` for a nested key, `a[]` for an array's elements, `a{}` for a record's values. A value whose
 * schema does not say its keys (any JSON, a transform) ends its path.
 */
import type { z } from "zod";
import { contract } from "../../../contract/index.js";
import { accessTypes, schemaForAccess, type AccessType, type ProcedureAccess } from "../../../contract/procedure.js";

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The field paths of a schema's output, sorted; `prefix` names where the schema sits. */
export function fieldPaths(schema: z.ZodType): string[] {
  const paths = new Set<string>();
  walk(schema, "", paths, new Set());
  return [...paths].sort();
}

function walk(schema: z.ZodType, prefix: string, paths: Set<string>, seen: Set<z.ZodType>): void {
  // A schema that refers to itself (JSON values) says nothing more the second time.
  if (seen.has(schema)) return;
  const def = defOf(schema);
  const inner = (next: z.ZodType, path = prefix) => walk(next, path, paths, new Set([...seen, schema]));
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return inner(def.innerType!);
    case "pipe":
      return inner(def.out!);
    case "lazy":
      return inner(def.getter!());
    case "array":
      return inner(def.element!, `${prefix}[]`);
    case "tuple":
      for (const item of [...def.items!, ...(def.rest ? [def.rest] : [])]) inner(item, `${prefix}[]`);
      return;
    case "record":
      return inner(def.valueType!, `${prefix}{}`);
    case "union":
      for (const option of def.options!) inner(option);
      return;
    case "intersection":
      inner(def.left!);
      inner(def.right!);
      return;
    case "object":
      for (const [key, field] of Object.entries(def.shape!)) {
        const path = prefix === "" ? key : `${prefix}.${key}`;
        paths.add(path);
        inner(field, path);
      }
      return;
    default:
      // Scalars, enums, literals, any JSON, transforms: the path ends here.
      return;
  }
}

/** The access levels that may call a procedure: `public` for callers that send no credentials. */
export function levelsOf(access: ProcedureAccess): ("public" | AccessType)[] {
  if (access === "public") return ["public"];
  if (access === "optional") return [...accessTypes];
  return accessTypes.slice(accessTypes.indexOf(access));
}

/** level key (levels with the same fields joined by ", ") → field paths */
export type FieldsByLevel = Record<string, string[]>;

/** Every procedure's answer fields, per access level; levels with the same fields share one entry. */
export function responseFields(): Record<string, FieldsByLevel> {
  const all: Record<string, FieldsByLevel> = {};
  for (const name of Object.keys(contract).sort()) {
    const definition = contract[name as keyof typeof contract] as { access: ProcedureAccess; output: z.ZodType };
    const byLevel: [string, string[]][] = [];
    for (const level of levelsOf(definition.access)) {
      const fields = fieldPaths(schemaForAccess(definition.output, level === "public" ? null : level));
      const last = byLevel.at(-1);
      if (last && JSON.stringify(last[1]) === JSON.stringify(fields)) last[0] = `${last[0]}, ${level}`;
      else byLevel.push([level, fields]);
    }
    all[name] = Object.fromEntries(byLevel);
  }
  return all;
}

// The last alternative: a JSON Web Key's private members.
const SECRET_LOOKING = /(^|_)(hash|secret|password|private_key|refresh_token|totp|recovery_code|code_verifier|salt|mac)($|_)|_key$|^key$|^(d|p|q|dp|dq|qi|k)$/i;
/** Flags about a secret (`has_password`, `requires_totp_mfa`) say only that it exists. */
const FLAG = /^(has|requires)_/;

/** Whether a field's name looks like a secret; an answer carries one only where response-fields.test.ts expects it. */
export function looksSecret(path: string): boolean {
  const name = fieldName(path);
  return SECRET_LOOKING.test(name) && !FLAG.test(name);
}

/** The last segment of a field path, without its array and record marks. */
export function fieldName(path: string): string {
  return path.split(".").at(-1)!.replace(/(\[\]|\{\})+$/, "");
}
