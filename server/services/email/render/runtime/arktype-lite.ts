/**
 * `arktype` as Stack Auth's templates use it: `export const variablesSchema = type({ link: "string" })`,
 * called with the variables, answering the validated value or an `ArkErrors` with a `summary`. Only a
 * subset of the definition language is here (keywords, `string.email|url|uuid`, `number.integer`,
 * literals, `|` unions, `[]` arrays, optional `key?`, nested objects); anything else is refused when the
 * template loads. Undeclared keys are dropped, as the reference configures (`onUndeclaredKey: "delete"`).
 */

type Check = (value: unknown, path: string, problems: string[]) => unknown;

export class ArkErrors extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join("\n"));
    this.name = "ArkErrors";
  }

  get summary(): string {
    return this.message;
  }
}

const KEYWORDS: Record<string, (v: unknown) => boolean> = {
  string: (v) => typeof v === "string",
  number: (v) => typeof v === "number" && !Number.isNaN(v),
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
  undefined: (v) => v === undefined,
  object: (v) => typeof v === "object" && v !== null,
  unknown: () => true,
  any: () => true,
  "string.email": (v) => typeof v === "string" && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  "string.url": (v) => typeof v === "string" && /^[a-z][a-z0-9+.-]*:\S+$/i.test(v),
  "string.uuid": (v) => typeof v === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  "number.integer": (v) => Number.isInteger(v),
};

function parseExpression(source: string): Check {
  const text = source.trim();
  const branches = text.split("|").map((part) => part.trim());
  if (branches.length > 1) {
    const checks = branches.map(parseExpression);
    return (value, path, problems) => {
      for (const check of checks) {
        const local: string[] = [];
        const out = check(value, path, local);
        if (local.length === 0) return out;
      }
      problems.push(`${path} must be ${text} (was ${describe(value)})`);
      return value;
    };
  }
  if (text.endsWith("[]")) {
    const item = parseExpression(text.slice(0, -2));
    return (value, path, problems) => {
      if (!Array.isArray(value)) {
        problems.push(`${path} must be an array (was ${describe(value)})`);
        return value;
      }
      return value.map((entry, i) => item(entry, `${path}[${i}]`, problems));
    };
  }
  const literal = /^(?:'([^']*)'|"([^"]*)"|(-?\d+(?:\.\d+)?)|(true|false))$/.exec(text);
  if (literal) {
    const expected = literal[3] !== undefined ? Number(literal[3]) : literal[4] !== undefined ? literal[4] === "true" : (literal[1] ?? literal[2]);
    return (value, path, problems) => {
      if (value !== expected) problems.push(`${path} must be ${text} (was ${describe(value)})`);
      return value;
    };
  }
  const keyword = KEYWORDS[text];
  if (!keyword) throw new Error(`arktype: "${text}" is not supported in the e-mail sandbox`);
  return (value, path, problems) => {
    if (!keyword(value)) problems.push(`${path} must be ${text} (was ${describe(value)})`);
    return value;
  };
}

function parseDefinition(def: unknown): Check {
  if (typeof def === "string") return parseExpression(def);
  if (typeof def !== "object" || def === null || Array.isArray(def)) throw new Error("arktype: a definition must be a string or an object");
  const fields = Object.entries(def).map(([rawKey, inner]) => {
    const optional = rawKey.endsWith("?");
    return { key: optional ? rawKey.slice(0, -1) : rawKey, optional, check: parseDefinition(inner) };
  });
  return (value, path, problems) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      problems.push(`${path || "value"} must be an object (was ${describe(value)})`);
      return value;
    }
    const out: Record<string, unknown> = {};
    for (const { key, optional, check } of fields) {
      const at = path ? `${path}.${key}` : key;
      if (!(key in value)) {
        if (!optional) problems.push(`${at} must be defined`);
        continue;
      }
      out[key] = check((value as Record<string, unknown>)[key], at, problems);
    }
    return out;
  };
}

function describe(value: unknown): string {
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean") return String(value);
  return typeof value === "string" ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : typeof value;
}

export function type(def: unknown): ((input: unknown) => unknown) & { infer: undefined } {
  const check = parseDefinition(def);
  const validate = (input: unknown): unknown => {
    const problems: string[] = [];
    const out = check(input, "", problems);
    return problems.length > 0 ? new ArkErrors(problems) : out;
  };
  return Object.assign(validate, { infer: undefined, t: undefined });
}

type.errors = ArkErrors;
