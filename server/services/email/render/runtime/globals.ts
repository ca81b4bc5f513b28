/**
 * The web globals React, React Email and Tailwind expect, installed on the sandbox's global object
 * before any of them loads. QuickJS provides the language only: no timers, encoders or streams.
 */
import { ReadableStream } from "./streams.js";
import { TextDecoder, TextEncoder, atob, btoa } from "./text-encoding.js";
import { MessageChannel, clearInterval, clearTimeout, queueMicrotask, setInterval, setTimeout } from "./timers.js";

/** Plain data, Dates, RegExps, Maps, Sets and typed arrays, cycles included; functions are refused. */
export function structuredClone<T>(value: T): T {
  const seen = new Map<unknown, unknown>();
  const clone = (input: unknown): unknown => {
    if (typeof input === "function" || typeof input === "symbol") throw new TypeError(`${String(input)} could not be cloned.`);
    if (typeof input !== "object" || input === null) return input;
    if (seen.has(input)) return seen.get(input);
    if (input instanceof Date) return new Date(input.getTime());
    if (input instanceof RegExp) return new RegExp(input.source, input.flags);
    if (ArrayBuffer.isView(input)) return (input as unknown as { slice(): unknown }).slice();
    if (input instanceof Map) {
      const out = new Map();
      seen.set(input, out);
      for (const [k, v] of input) out.set(clone(k), clone(v));
      return out;
    }
    if (input instanceof Set) {
      const out = new Set();
      seen.set(input, out);
      for (const v of input) out.add(clone(v));
      return out;
    }
    const out: Record<string, unknown> = Array.isArray(input) ? ([] as unknown as Record<string, unknown>) : {};
    seen.set(input, out);
    for (const key of Object.keys(input)) out[key] = clone((input as Record<string, unknown>)[key]);
    return out;
  };
  return clone(value) as T;
}

const noop = (): void => undefined;
const console = { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop };

export function installGlobals(): void {
  const globals: Record<string, unknown> = {
    TextEncoder,
    TextDecoder,
    atob,
    btoa,
    ReadableStream,
    MessageChannel,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    structuredClone,
    console,
    performance: { now: () => Date.now() },
  };
  if (typeof (globalThis as { queueMicrotask?: unknown }).queueMicrotask !== "function") globals.queueMicrotask = queueMicrotask;
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
  }
}
