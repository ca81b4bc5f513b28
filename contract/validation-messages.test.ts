import { describe, expect, it } from "vitest";
import { z } from "zod";
import "./validation-messages.js";
import { email } from "./fields.js";

const messages = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

describe("validation messages", () => {
  it("names a missing field as required and a wrong type by its expected type", () => {
    const schema = z.strictObject({ name: z.string(), age: z.number().int() });
    expect(messages(schema, { age: "x" })).toEqual(["name: is a required field", "age: must be a number"]);
  });

  it("uses the SPEC phrases for lengths, emails, enums, unions and unknown keys", () => {
    expect(messages(z.string().max(3), "abcd")).toEqual([": must be at most 3 characters"]);
    expect(messages(z.string().min(1), "")).toEqual([": must not be empty"]);
    expect(messages(email, "nope")).toEqual([": must be a valid email"]);
    expect(messages(z.enum(["a", "b"]), "c")).toEqual([": must be one of the following values: a, b"]);
    expect(messages(z.union([z.string(), z.number()]), true)).toEqual([": is not matched by any of the provided schemas"]);
    expect(messages(z.strictObject({}), { extra: 1, other: 2 })).toEqual([": contains unknown properties: extra, other"]);
  });

  it("keeps a message set on the schema itself", () => {
    expect(messages(z.string().startsWith("/", "Handler path must start with /"), "x")).toEqual([": Handler path must start with /"]);
  });
});
