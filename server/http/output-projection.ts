/**
 * Narrows an answer to a lower access level's schema (a client's view of a user drops what only
 * servers may see) without validating it again. Handlers build the widest shape, which the contract
 * tests check; re-parsing it with zod for every client answer cost more than the rest of a cached
 * `/users/me`, and a user's metadata (any JSON) cost ~2 µs per key on top.
 *
 * A projection copies the keys an object schema names, in the schema's order (as zod's output
 * has them), through optional, nullable and array wrappers. Values whose schema strips nothing
 * (strings, numbers, enums, and the schemas passed as `opaque`, e.g. any-JSON metadata) are passed
 * on as they are. Anything else (unions, transforms, defaults, loose objects) is handed to zod for
 * that part alone, so the result equals zod's parse whenever the answer matches the wider schema.
 */
import type { z } from "zod";

export type Projection = (value: unknown) => unknown;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
}

/** Schema types whose valid values come out of zod's parse unchanged. */
const UNCHANGED = new Set(["string", "number", "int", "boolean", "bigint", "null", "literal", "enum", "unknown", "any", "date", "template_literal"]);

const identity: Projection = (value) => value;

export function projectionOf(schema: z.ZodType, opaque: ReadonlySet<z.ZodType> = new Set()): Projection {
  const compiled = compile(schema, opaque);
  return compiled ?? identity;
}

/** The projection, or null when the schema changes nothing (so callers can skip the copy). */
function compile(schema: z.ZodType, opaque: ReadonlySet<z.ZodType>): Projection | null {
  if (opaque.has(schema)) return null;
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (UNCHANGED.has(def.type)) return null;
  switch (def.type) {
    case "optional":
    case "nullable": {
      const inner = compile(def.innerType!, opaque);
      return inner && ((value) => (value === undefined || value === null ? value : inner(value)));
    }
    case "array": {
      const element = compile(def.element!, opaque);
      return element && ((value) => (Array.isArray(value) ? value.map(element) : zodParse(schema, value)));
    }
    case "object": {
      // A loose object keeps unknown keys: only zod knows what it does with them.
      if (def.catchall && (def.catchall as unknown as { _zod: { def: Def } })._zod.def.type !== "never") return (value) => zodParse(schema, value);
      const fields = Object.entries(def.shape!).map(([key, field]) => [key, compile(field, opaque) ?? identity] as const);
      return (value) => {
        if (typeof value !== "object" || value === null || Array.isArray(value)) return zodParse(schema, value);
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, project] of fields) {
          const field = source[key];
          if (field !== undefined) out[key] = project(field);
        }
        return out;
      };
    }
    default:
      return (value) => zodParse(schema, value);
  }
}

function zodParse(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`An answer does not match its contract: ${parsed.error.message}`);
  return parsed.data;
}
