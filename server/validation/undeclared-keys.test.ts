import { z } from "zod";
import { describe, expect, it } from "vitest";
import { undeclaredKeys } from "./undeclared-keys.js";

const session = z.object({ id: z.string(), last_used_at_millis: z.number().nullable() });
const list = z.object({ items: z.array(session), is_paginated: z.boolean() });

describe("undeclaredKeys", () => {
  it("finds a key the schema does not declare, however deep", () => {
    const answer = { items: [{ id: "a", last_used_at_millis: null }, { id: "b", last_used_at_millis: 1, refresh_token_hash: "x" }], is_paginated: false };
    expect(list.safeParse(answer).success).toBe(true); // zod alone would strip it silently
    expect(undeclaredKeys(list, answer)).toEqual(["$.items[1].refresh_token_hash"]);
  });

  it("accepts an answer with declared keys only, through optional, nullable and record wrappers", () => {
    const schema = z.object({ user: session.nullable().optional(), meta: z.record(z.string(), session) });
    expect(undeclaredKeys(schema, { user: null, meta: { k: { id: "a", last_used_at_millis: 2 } } })).toEqual([]);
    expect(undeclaredKeys(schema, { meta: { k: { id: "a", last_used_at_millis: 2, secret: 1 } } })).toEqual(["$.meta.k.secret"]);
  });

  it("lets loose objects, opaque schemas and catch-alls keep their extra keys", () => {
    const json = z.json();
    const schema = z.object({ metadata: json, loose: z.looseObject({ a: z.string() }), free: z.object({}).catchall(z.number()) });
    expect(undeclaredKeys(schema, { metadata: { any: { thing: 1 } }, loose: { a: "x", b: 1 }, free: { n: 1 } }, new Set([json]))).toEqual([]);
  });

  it("judges a union by the option the value matches", () => {
    const schema = z.union([z.object({ type: z.literal("a"), a: z.string() }), z.object({ type: z.literal("b"), b: z.string() })]);
    expect(undeclaredKeys(schema, { type: "a", a: "x" })).toEqual([]);
    expect(undeclaredKeys(schema, { type: "b", b: "x", a: "leak" })).toEqual(["$.a"]);
  });
});
