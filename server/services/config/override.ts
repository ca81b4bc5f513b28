/**
 * Config overrides (projects-and-config.md §5.2): objects whose keys are dot-paths or nested objects.
 * Merging works on the top-level keys of the stored override; expansion turns an override into one
 * nested object; validation checks the expanded override against the environment tree. A `null` value
 * removes: `"auth.oauth.providers.github": null` drops that provider, a field set to `null` is back to
 * its default (rendering skips nulls, validation does not see them).
 */
import type { z } from "zod";
import { checkPaymentsCatalogue } from "./payments-validation.js";
import { partialTreeSchema } from "./tree-schema.js";

/** A config override as stored: dot-path keys (`"auth.password.allowSignIn"`) or nested objects. */
export type ConfigOverride = Record<string, unknown>;

export type OverrideValidation = { ok: true } | { ok: false; message: string };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets an own property, so that keys such as `__proto__` never touch the prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Applies `patch` on top of `stored`: each key `k` of the patch removes `k` and every key starting
 * with `k.` from the stored override, then the patch's keys are added (after the kept ones).
 */
export function mergeOverride(stored: ConfigOverride, patch: ConfigOverride): ConfigOverride {
  const patchKeys = Object.keys(patch);
  const replaced = (key: string) => patchKeys.some((k) => key === k || key.startsWith(`${k}.`));
  const result: ConfigOverride = {};
  for (const [key, value] of Object.entries(stored)) {
    if (!replaced(key)) setOwn(result, key, value);
  }
  for (const [key, value] of Object.entries(patch)) setOwn(result, key, value);
  return result;
}

/** `value` with every object property whose value is `null` left out, at every depth (arrays kept as they are). */
export function withoutNulls(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (inner !== null) setOwn(result, key, withoutNulls(inner));
  }
  return result;
}

const depth = (key: string) => key.split(".").length;

/**
 * Turns dot-path keys and nested objects into one nested object. Shallower keys are applied first
 * (so `"auth.otp.allowSignIn"` refines `"auth"` whatever their order in the JSON text; PostgreSQL's
 * jsonb does not keep key order anyway); among keys of equal depth, later ones win. A deeper path
 * writes into the objects on its way, replacing any non-object it meets. The input is not modified.
 */
export function expandOverride(override: ConfigOverride): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const entries = Object.entries(override).sort(([a], [b]) => depth(a) - depth(b));
  for (const [key, value] of entries) {
    const path = key.split(".");
    const last = path.pop() as string;
    let target = result;
    for (const segment of path) {
      const next = Object.hasOwn(target, segment) ? target[segment] : undefined;
      if (isPlainObject(next)) {
        target = next;
      } else {
        const created: Record<string, unknown> = {};
        setOwn(target, segment, created);
        target = created;
      }
    }
    setOwn(target, last, isPlainObject(value) ? expandOverride(value) : structuredClone(value));
  }
  return result;
}

/** Values we accept beyond Stack's tree; the lists of allowed values in error texts keep Stack's wording. */
const extensionValues = new Set<unknown>(["oidc"]);

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);
const typeNames: Record<string, string> = { record: "object", tuple: "array", int: "integer" };

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.map(String);
  const keyError = (keyPath: string[]) => `[ERROR] The key "${keyPath.join(".")}" is not valid for the schema.`;
  switch (issue.code) {
    case "unrecognized_keys":
      return keyError([...path, issue.keys[0] ?? ""]);
    case "invalid_key":
      return keyError(path);
    case "invalid_type":
      return `[ERROR] ${path.join(".")} must be ${article(typeNames[issue.expected] ?? issue.expected)}`;
    case "invalid_value":
      return `[ERROR] ${path.join(".")} must be one of the following values: ${issue.values.filter((v) => !extensionValues.has(v)).map(String).join(", ")}`;
    case "invalid_union": {
      // When one alternative got past its type check (its problem lies deeper), that problem is the useful one.
      const deepest = issue.errors.flat().filter((inner) => inner.path.length > 0).sort((a, b) => b.path.length - a.path.length)[0];
      if (deepest) return describeIssue({ ...deepest, path: [...issue.path, ...deepest.path] });
      return `[ERROR] ${path.join(".")} is not matched by any of the provided schemas`;
    }
    default:
      return `[ERROR] ${path.join(".")} ${issue.message}`;
  }
}

/**
 * Checks an override against the environment tree with every field optional. Unknown keys and wrong
 * types are reported as `[ERROR] …` messages (the first problem found).
 */
export function validateOverride(override: ConfigOverride): OverrideValidation {
  if (!isPlainObject(override)) return { ok: false, message: "[ERROR] The config override must be a JSON object." };
  const expanded = withoutNulls(expandOverride(override)) as Record<string, unknown>;
  const parsed = partialTreeSchema.safeParse(expanded);
  if (parsed.success) {
    const paymentsProblem = checkPaymentsCatalogue(expanded);
    return paymentsProblem === null ? { ok: true } : { ok: false, message: paymentsProblem };
  }
  const first = parsed.error.issues[0];
  return { ok: false, message: first ? describeIssue(first) : "[ERROR] The config override is not valid." };
}
