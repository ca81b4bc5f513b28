/**
 * The SDK's known-error classes and the server's error table (generated/known-errors.ts) must not drift:
 * a code the server may send without a class here would reach apps as a plain KnownError, and a class whose
 * code the server never sends is dead surface. Checked by the compiler (typecheck fails) and at run time.
 */
import { describe, expect, it } from "vitest";
import { knownErrorStatuses, type KnownErrorCode } from "../../generated.js";
import { KnownErrors as StackKnownErrors } from "@stackframe/stack-shared/dist/known-errors";
import { codeOf, knownErrorNames, type CodeOf, type KnownErrorName } from "./names.js";

type SdkCode = CodeOf<KnownErrorName>;
/** Names other entries extend: the abstract parents, which the server never sends itself. */
type ParentName = NonNullable<(typeof knownErrorNames)[KnownErrorName]>;
type ParentCode = CodeOf<ParentName>;

type SentWithoutClass = Exclude<KnownErrorCode, SdkCode>;
type ClassNeverSent = Exclude<SdkCode, KnownErrorCode | ParentCode>;
// A compile error on either line names the codes that drifted.
const everySentCodeHasAClass: [SentWithoutClass] extends [never] ? true : SentWithoutClass = true;
const everyClassIsSentOrAParent: [ClassNeverSent] extends [never] ? true : ClassNeverSent = true;

describe("known-error names against the server's error table", () => {
  const entries = (Object.entries(knownErrorNames) as [KnownErrorName, KnownErrorName | null][]).map(([name, parent]) => [name, [codeOf(name), parent ?? undefined]] as const);
  const parents = new Set(entries.map(([, [, parent]]) => parent).filter((parent) => parent !== undefined));

  it("has a class for every code the server may send", () => {
    expect(everySentCodeHasAClass).toBe(true);
    const classCodes = new Set<string>(entries.map(([, [code]]) => code));
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

  it("gives each name Stack's code (the capitals rule, OAuth and WebAuthn as one word, the exceptions)", () => {
    const stackCodes = StackKnownErrors as unknown as Record<string, { errorCode: string } | undefined>;
    const shared = entries.filter(([name]) => stackCodes[name] !== undefined);
    expect(shared.length).toBeGreaterThan(100);
    expect(shared.filter(([name, [code]]) => code !== stackCodes[name]!.errorCode).map(([name, [code]]) => `${name}: ${code}`)).toEqual([]);
    const typed: [CodeOf<"OAuthProviderAccessDenied">, CodeOf<"PasskeyWebAuthnError">, CodeOf<"VerificationCodeError">] = ["OAUTH_PROVIDER_ACCESS_DENIED", "PASSKEY_WEBAUTHN_ERROR", "VERIFICATION_ERROR"];
    expect([codeOf("OAuthProviderAccessDenied"), codeOf("PasskeyWebAuthnError"), codeOf("VerificationCodeError")]).toEqual(typed);
  });
});
