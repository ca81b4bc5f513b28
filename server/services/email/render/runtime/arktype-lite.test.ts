import { describe, expect, it } from "vitest";
import type { ArkErrors } from "./arktype-lite.js";
import { type } from "./arktype-lite.js";

describe("arktype-lite", () => {
  const schema = type({ link: "string.url", "count?": "number.integer", kind: "'a' | 'b'", tags: "string[]", nested: { ok: "boolean" } });

  it("answers the declared keys of a valid value, dropping the others", () => {
    const value = { link: "https://x.test/a", kind: "b", tags: ["t"], nested: { ok: true, extra: 1 }, undeclared: "gone" };
    expect(schema(value)).toEqual({ link: "https://x.test/a", kind: "b", tags: ["t"], nested: { ok: true } });
  });

  it("answers ArkErrors with a summary naming each problem", () => {
    const result = schema({ link: "nope", count: 1.5, kind: "c", tags: [1], nested: {} });
    expect(result).toBeInstanceOf(type.errors);
    expect((result as ArkErrors).summary.split("\n")).toEqual([
      'link must be string.url (was "nope")',
      "count must be number.integer (was 1.5)",
      "kind must be 'a' | 'b' (was \"c\")",
      "tags[0] must be string (was 1)",
      "nested.ok must be defined",
    ]);
  });

  it("refuses definitions outside its subset when the template loads", () => {
    expect(() => type({ name: "string > 3" })).toThrow('arktype: "string > 3" is not supported in the e-mail sandbox');
  });
});
