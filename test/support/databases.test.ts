import { describe, expect, it } from "vitest";
import { parseTestDialects } from "./databases.js";

describe("parseTestDialects (LATCHKEY_TEST_DIALECTS)", () => {
  it("runs every dialect when unset", () => {
    expect(parseTestDialects(undefined)).toEqual(["sqlite", "postgres"]);
  });

  it("reads a comma-separated list, ignoring spaces, empty items and repeats", () => {
    expect(parseTestDialects("sqlite")).toEqual(["sqlite"]);
    expect(parseTestDialects(" postgres , sqlite,")).toEqual(["postgres", "sqlite"]);
    expect(parseTestDialects("sqlite,sqlite")).toEqual(["sqlite"]);
  });

  it("throws on an unknown name, naming it and the allowed ones", () => {
    expect(() => parseTestDialects("sqlite,mysql")).toThrow('LATCHKEY_TEST_DIALECTS: unknown dialect "mysql"; allowed: sqlite, postgres');
    expect(() => parseTestDialects("SQLite,pg")).toThrow('LATCHKEY_TEST_DIALECTS: unknown dialect "SQLite", "pg"; allowed: sqlite, postgres');
  });

  it("throws when no dialect is named", () => {
    expect(() => parseTestDialects("")).toThrow("LATCHKEY_TEST_DIALECTS is empty; name one or more of: sqlite, postgres");
    expect(() => parseTestDialects(" , ")).toThrow("LATCHKEY_TEST_DIALECTS is empty");
  });
});
