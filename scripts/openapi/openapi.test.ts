import { readFileSync } from "node:fs";
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { contract } from "../../contract/index.js";
import { buildOpenApiDocument } from "./document.js";
import { buildOpenApiTypes } from "./types.js";

const document = buildOpenApiDocument() as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>> };

describe("openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect((document as unknown as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("describes every procedure with its success status and its known errors", () => {
    for (const [name, definition] of Object.entries(contract)) {
      const path = definition.path === "" ? "/" : definition.path;
      const op = document.paths[path]?.[definition.method.toLowerCase()];
      expect(op?.operationId, name).toBe(name);
      expect(Object.keys(op!.responses), name).toContain(String(definition.successStatus));
    }
    const getKeySet = document.paths["/internal/api-keys/{api_key_id}"]!.get!;
    expect(JSON.stringify(getKeySet.responses["404"])).toContain("API_KEY_NOT_FOUND");
    expect(JSON.stringify(getKeySet.responses["400"])).toContain("SCHEMA_ERROR");
  });

  // Regenerate with `npm run gen` when this fails.
  it("is up to date with the contract (openapi.json and generated/schema.d.ts)", async () => {
    const committed = readFileSync("openapi.json", "utf8");
    expect(committed).toBe(JSON.stringify(document, null, 2) + "\n");
    expect(readFileSync("generated/schema.d.ts", "utf8")).toBe(await buildOpenApiTypes(document as never));
  });
});
