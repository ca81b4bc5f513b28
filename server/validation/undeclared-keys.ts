/**
 * Finds the object keys of an answer that its schema does not declare. zod's parse drops such keys
 * silently, so a test that only parses an answer would pass while production (which projects or
 * sends the handler's object as it is) leaks the extra field; with response validation on (tests),
 * the runner refuses any answer that has one, and recordEvent any event payload.
 */
import type { z } from "zod";
import { jsonValue } from "../../contract/fields.js";

/** Schemas whose values are free-form JSON (metadata): any keys inside them are declared. */
export const freeFormSchemas: ReadonlySet<z.ZodType> = new Set<z.ZodType>([jsonValue]);

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: readonly z.ZodType[];
  valueType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Paths (`items[0].refresh_token_hash`) of keys in `value` that `schema` does not declare. */
export function undeclaredKeys(schema: z.ZodType, value: unknown, opaque: ReadonlySet<z.ZodType> = freeFormSchemas, path = "$"): string[] {
  if (opaque.has(schema) || value === null || typeof value !== "object") return [];
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return undeclaredKeys(def.innerType!, value, opaque, path);
    case "pipe":
      return undeclaredKeys(def.in!, value, opaque, path);
    case "lazy":
      return undeclaredKeys(def.getter!(), value, opaque, path);
    case "array":
      return Array.isArray(value) ? value.flatMap((item, i) => undeclaredKeys(def.element!, item, opaque, `${path}[${i}]`)) : [];
    case "record":
      return Object.entries(value).flatMap(([key, item]) => undeclaredKeys(def.valueType!, item, opaque, `${path}.${key}`));
    case "intersection":
      return intersect(undeclaredKeys(def.left!, value, opaque, path), undeclaredKeys(def.right!, value, opaque, path));
    case "union": {
      // The option the value matches decides; when several match, a key any of them declares is declared.
      const matching = def.options!.filter((option) => option.safeParse(value).success);
      const candidates = matching.length > 0 ? matching : def.options!;
      return candidates.map((option) => undeclaredKeys(option, value, opaque, path)).reduce(intersect);
    }
    case "object": {
      if (Array.isArray(value)) return [];
      const catchall = def.catchall && defOf(def.catchall).type !== "never" ? def.catchall : null;
      const found: string[] = [];
      for (const [key, item] of Object.entries(value)) {
        if (item === undefined) continue; // never sent: JSON leaves it out
        const field = def.shape![key] ?? catchall;
        if (!field) found.push(`${path}.${key}`);
        else found.push(...undeclaredKeys(field, item, opaque, `${path}.${key}`));
      }
      return found;
    }
    default:
      return [];
  }
}

function intersect(a: string[], b: string[]): string[] {
  const inB = new Set(b);
  return a.filter((key) => inB.has(key));
}
