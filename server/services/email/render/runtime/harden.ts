/**
 * Locks the sandbox's realm once the runtime has loaded, so that no template can leave anything behind
 * for the next render (which may be another project's): the global object, every built-in and every
 * module object a template can reach are frozen, and the built-ins that could run code later
 * (FinalizationRegistry, WeakRef) are removed. The idea is SES's `lockdown()`, reduced to what QuickJS has.
 *
 * Freezing a prototype breaks code that assigns an inherited name on an instance (`error.name = ...`,
 * `obj.toString = ...`: the "override mistake"). Those properties become accessors whose setter defines
 * the property on the instance instead, as SES does.
 */

const OVERRIDABLE: Record<string, string[]> = {
  Object: ["constructor", "toString", "toLocaleString", "valueOf"],
  Function: ["constructor", "toString"],
  Array: ["constructor", "toString"],
  Error: ["constructor", "name", "message", "toString"],
  Promise: ["constructor"],
};

const ERROR_NAMES = ["TypeError", "RangeError", "SyntaxError", "ReferenceError", "EvalError", "URIError", "AggregateError", "InternalError"];

function enableOverride(proto: object, key: PropertyKey): void {
  const desc = Object.getOwnPropertyDescriptor(proto, key);
  if (!desc || !("value" in desc) || !desc.configurable) return;
  const value: unknown = desc.value;
  Object.defineProperty(proto, key, {
    get() {
      return value;
    },
    set(this: object, next: unknown) {
      if (this === proto) throw new TypeError(`Cannot assign to read only property '${String(key)}' of a frozen built-in`);
      Object.defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
    },
    enumerable: desc.enumerable,
    configurable: false,
  });
}

function enableOverrides(): void {
  const g = globalThis as unknown as Record<string, { prototype?: object } | undefined>;
  for (const [name, keys] of Object.entries(OVERRIDABLE)) {
    const proto = g[name]?.prototype;
    if (proto) for (const key of keys) enableOverride(proto, key);
  }
  for (const name of ERROR_NAMES) {
    const proto = g[name]?.prototype;
    if (proto) for (const key of ["constructor", "name", "message"]) enableOverride(proto, key);
  }
}

/** Freezes everything reachable from `roots` (prototypes, property values and accessors included). */
export function deepFreeze(roots: unknown[], skip: ReadonlySet<unknown> = new Set()): void {
  const seen = new Set<unknown>();
  const pending = [...roots];
  while (pending.length > 0) {
    const value = pending.pop();
    if ((typeof value !== "object" && typeof value !== "function") || value === null) continue;
    if (seen.has(value) || skip.has(value)) continue;
    seen.add(value);
    if (ArrayBuffer.isView(value)) throw new TypeError("A typed array is reachable from the sandbox's shared objects");
    Object.freeze(value);
    pending.push(Object.getPrototypeOf(value));
    for (const key of Reflect.ownKeys(value)) {
      const desc = Object.getOwnPropertyDescriptor(value, key)!;
      if ("value" in desc) pending.push(desc.value);
      else pending.push(desc.get, desc.set);
    }
  }
}

/** Removes what could run code between renders, fixes the override mistake, then freezes the realm. */
export function lockdown(moduleObjects: unknown[]): void {
  const g = globalThis as unknown as Record<string, unknown>;
  delete g.FinalizationRegistry;
  delete g.WeakRef;
  enableOverrides();
  // Objects no template can name but that are reachable from the intrinsics (the iterator prototypes).
  const hidden = [
    Object.getPrototypeOf([][Symbol.iterator]()),
    Object.getPrototypeOf(new Map()[Symbol.iterator]()),
    Object.getPrototypeOf(new Set()[Symbol.iterator]()),
    Object.getPrototypeOf(""[Symbol.iterator]()),
    Object.getPrototypeOf(/x/[Symbol.matchAll]("")),
    Object.getPrototypeOf(function* () {}),
    Object.getPrototypeOf(async function () {}),
    Object.getPrototypeOf(async function* () {}),
    Object.getPrototypeOf(Int8Array),
  ];
  const helpers = ([].values() as unknown as { map?: (f: (x: unknown) => unknown) => object }).map;
  if (typeof helpers === "function") hidden.push(Object.getPrototypeOf(helpers.call([].values(), (x) => x)));
  deepFreeze([globalThis, ...hidden, ...moduleObjects]);
}
