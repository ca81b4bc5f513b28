/**
 * The SDK's known-error classes and the server's error table (generated/known-errors.ts) must not drift:
 * a code the server may send without a class here would reach apps as a plain KnownError, and a class whose
 * code the server never sends is dead surface. Checked by the compiler (typecheck fails) and at run time.
 */
import { describe, expect, it } from "vitest";
import { knownErrorStatuses, type KnownErrorCode } from "../../generated.js";
import { knownErrorNames, type KnownErrorName } from "./names.js";

type Entry = (typeof knownErrorNames)[KnownErrorName];
type SdkCode = Entry[0];
/** Names other entries extend: the abstract parents, which the server never sends itself. */
type ParentName = Extract<Entry, readonly [string, string]>[1];
type ParentCode = (typeof knownErrorNames)[ParentName][0];

type SentWithoutClass = Exclude<KnownErrorCode, SdkCode>;
type ClassNeverSent = Exclude<SdkCode, KnownErrorCode | ParentCode>;
// A compile error on either line names the codes that drifted.
const everySentCodeHasAClass: [SentWithoutClass] extends [never] ? true : SentWithoutClass = true;
const everyClassIsSentOrAParent: [ClassNeverSent] extends [never] ? true : ClassNeverSent = true;

describe("known-error names against the server's error table", () => {
  const entries = Object.entries(knownErrorNames) as [string, readonly [string, string?]][];
  const parents = new Set(entries.map(([, [, parent]]) => parent).filter((parent) => parent !== undefined));

  it("has a class for every code the server may send", () => {
    expect(everySentCodeHasAClass).toBe(true);
    const classCodes = new Set(entries.map(([, [code]]) => code));
    expect(Object.keys(knownErrorStatuses).filter((code) => !classCodes.has(code))).toEqual([]);
  });

  it("names no code the server never sends, except the abstract parents", () => {
    expect(everyClassIsSentOrAParent).toBe(true);
    const neverSent = entries.filter(([name, [code]]) => !(code in knownErrorStatuses) && !parents.has(name));
    expect(neverSent.map(([name]) => name)).toEqual([]);
  });

  it("lists every parent before its children", () => {
    const seen = new Set<string>();
    for (const [name, [, parent]] of entries) {
      if (parent !== undefined) expect(seen, `${name} extends ${parent}, listed later`).toContain(parent);
      seen.add(name);
    }
  });
});
