import { readFileSync } from "node:fs";
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { declaredErrors } from "../../contract/access.js";
import { knownErrors } from "../../contract/errors.js";
import { contract } from "../../contract/index.js";
import { schemaForAccess, type ProcedureDefinition } from "../../contract/procedure.js";
import { statusErrors } from "../../contract/status-errors.js";
import { buildOpenApiDocument, documentFiles, serializeDocument, type DocumentLevel } from "./document.js";
import { statusOf } from "./errors.js";
import { isCallable } from "./security.js";
import { buildOpenApiTypes } from "./types.js";

type Json = Record<string, unknown>;
interface Operation { operationId: string; security?: Json[]; responses: Record<string, Json> }
type Components = Record<"schemas" | "responses" | "headers" | "securitySchemes", Record<string, Json>>;
interface Document { paths: Record<string, Record<string, Operation>>; components: Components }

const documents = Object.fromEntries(documentFiles.map((f) => [f.level, buildOpenApiDocument(f.level) as unknown as Document])) as Record<DocumentLevel, Document>;
const procedures = Object.entries(contract) as [string, ProcedureDefinition][];
const pathOf = (definition: ProcedureDefinition) => (definition.path === "" ? "/" : definition.path);
const operationOf = (document: Document, definition: ProcedureDefinition) => document.paths[pathOf(definition)]?.[definition.method.toLowerCase()];

/** Follows local `$ref`s (`#/components/...` in a document, `#/$defs/...` or `#` in a JSON schema). */
function resolve(root: object, node: Json): Json {
  let current = node;
  while (typeof current.$ref === "string") {
    const ref = current.$ref;
    current = ref.split("/").slice(1).reduce<Json>((at, key) => at[key.replaceAll("~1", "/").replaceAll("~0", "~")] as Json, root as Json);
    expect(current, ref).toBeDefined();
  }
  return current;
}

/** The error names a response describes: the known-error codes and plain-status names it refers to. */
function errorNames(document: Document, response: Json): string[] {
  const names: string[] = [];
  const visit = (schema: Json) => {
    if (typeof schema.$ref === "string") {
      const name = schema.$ref.split("/").pop()!;
      if (Object.hasOwn(knownErrors, name) || Object.hasOwn(statusErrors, name)) return void names.push(name);
    }
    const resolved = resolve(document, schema);
    for (const member of [...((resolved.oneOf ?? []) as Json[]), ...((resolved.anyOf ?? []) as Json[])]) visit(member);
  };
  const content = (resolve(document, response).content ?? {}) as Record<string, { schema: Json }>;
  for (const media of Object.values(content)) visit(media.schema);
  return names.sort();
}

/** Every property name in a schema, nested objects, arrays and compositions included. */
function propertyNames(root: object, schema: Json, seen = new Set<Json>()): Set<string> {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (node === null || typeof node !== "object") return;
    const resolved = resolve(root, node as Json);
    if (seen.has(resolved)) return;
    seen.add(resolved);
    for (const [key, value] of Object.entries((resolved.properties ?? {}) as Json)) {
      names.add(key);
      visit(value);
    }
    for (const key of ["items", "additionalProperties"]) visit(resolved[key]);
    for (const member of (resolved.prefixItems ?? []) as Json[]) visit(member);
    for (const key of ["oneOf", "anyOf", "allOf"]) for (const member of (resolved[key] ?? []) as Json[]) visit(member);
  };
  visit(schema);
  return names;
}

function successSchema(document: Document, definition: ProcedureDefinition): Json {
  const response = resolve(document, operationOf(document, definition)!.responses[String(definition.successStatus)]!);
  return (response.content as Record<string, { schema: Json }>)["application/json"]!.schema;
}

describe("the OpenAPI documents", () => {
  it.each(documentFiles.map((f) => [f.document, f.level] as const))("%s is a valid OpenAPI 3.1 document", async (_, level) => {
    const result = await validate(structuredClone(documents[level]) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect((documents[level] as unknown as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("hold exactly the procedures each level may call, each with its success status", () => {
    for (const { level } of documentFiles) {
      for (const [name, definition] of procedures) {
        const op = operationOf(documents[level], definition);
        if (!isCallable(definition.access, level)) {
          expect(op, `${name} in ${level}`).toBeUndefined();
          continue;
        }
        expect(op?.operationId, `${name} in ${level}`).toBe(name);
        expect(Object.keys(op!.responses), name).toContain(String(definition.successStatus));
      }
    }
    expect(operationOf(documents.client, contract.getUser)).toBeUndefined();
    expect(operationOf(documents.server, contract.getUser)).toBeDefined();
    expect(operationOf(documents.client, contract.health)).toBeDefined();
  });

  it("answer, per status, exactly the errors each procedure declares", () => {
    for (const { level } of documentFiles) {
      const document = documents[level];
      for (const [name, definition] of procedures) {
        const op = operationOf(document, definition);
        if (!op) continue;
        const expected = new Map<string, string[]>();
        for (const error of declaredErrors(definition)) {
          const status = String(statusOf(error));
          expected.set(status, [...(expected.get(status) ?? []), error].sort());
        }
        const actual = new Map(Object.keys(op.responses).filter((s) => Number(s) >= 400).map((s) => [s, errorNames(document, op.responses[s]!)]));
        expect(Object.fromEntries(actual), `${name} in ${level}`).toEqual(Object.fromEntries(expected));
      }
    }
    const getKeySet = operationOf(documents.full, contract.getInternalApiKey)!;
    expect(errorNames(documents.full, getKeySet.responses["404"]!)).toContain("API_KEY_NOT_FOUND");
    expect(errorNames(documents.full, getKeySet.responses["400"]!)).toContain("SCHEMA_ERROR");
  });

  it("describe every known error and plain-status error once, as components", () => {
    const full = readFileSync("openapi.json", "utf8");
    const schemas = (JSON.parse(full) as Document).components.schemas;
    for (const name of [...Object.keys(knownErrors), ...Object.keys(statusErrors)]) expect(schemas[name], name).toBeDefined();
    for (const [code, spec] of Object.entries(knownErrors)) {
      const schema = schemas[code] as { properties: Record<string, Json>; required: string[] };
      expect(schema.properties.code, code).toEqual({ const: code });
      expect(schema.required, code).toEqual(spec.details ? ["code", "details", "error"] : ["code", "error"]);
    }
    expect(schemas.sessionNotFound).toMatchObject({ const: "Session not found." });
    const tooLarge = schemas.bodyTooLarge as { pattern: string };
    expect(new RegExp(tooLarge.pattern).test(statusErrors.bodyTooLarge.message({ maxBytes: 1_000_000 }))).toBe(true);
  });

  it("document the x-stack-known-error header with every known error and Retry-After with tooManyRequests", () => {
    const document = documents.full;
    for (const response of Object.values(document.components.responses)) {
      const content = response.content as Record<string, { schema: Json }>;
      const names = errorNames(document, response);
      if (names.length === 0) continue;
      const headers = (response.headers ?? {}) as Json;
      expect("x-stack-known-error" in headers).toBe("application/json" in content);
      expect("retry-after" in headers).toBe(names.includes("tooManyRequests"));
    }
    expect(document.components.headers.KnownErrorCode).toBeDefined();
  });

  it("give each level only its own keys", () => {
    const keys = { client: ["publishableClientKey"], server: ["secretServerKey"], admin: ["superSecretAdminKey", "adminAccessToken"] };
    for (const level of ["client", "server", "admin"] as const) {
      expect(Object.keys(documents[level].components.securitySchemes).sort()).toEqual(["accessType", "projectId", ...keys[level]].sort());
      const others = Object.entries(keys).filter(([l]) => l !== level).flatMap(([, k]) => k);
      for (const key of others) expect(JSON.stringify(documents[level]), `${key} in ${level}`).not.toContain(`"${key}"`);
    }
    expect(Object.keys(documents.full.components.securitySchemes)).toHaveLength(6);
  });

  it("never show a client a field that only servers and admins see", () => {
    const client = documents.client;
    /** Property names of the contract's own schema for a level, rendered apart from the documents. */
    const contractNames = (definition: ProcedureDefinition, access: "client" | "admin") => {
      const schema = z.toJSONSchema(schemaForAccess(definition.output, access), { io: "output", unrepresentable: "any" });
      return propertyNames(schema, schema as Json);
    };
    let withServerOnlyFields = 0;
    for (const [name, definition] of procedures) {
      if (!isCallable(definition.access, "client") || definition.contentType === "text/plain" || definition.successStatus === 302) continue;
      const clientFields = contractNames(definition, "client");
      const serverOnly = [...contractNames(definition, "admin")].filter((field) => !clientFields.has(field));
      if (serverOnly.length > 0) withServerOnlyFields++;
      const shown = propertyNames(client, successSchema(client, definition));
      expect(serverOnly.filter((field) => shown.has(field)), name).toEqual([]);
      expect([...shown].sort(), name).toEqual([...clientFields].sort());
    }
    expect(withServerOnlyFields).toBeGreaterThan(0);
    expect(propertyNames(client, successSchema(client, contract.getCurrentUser))).not.toContain("server_metadata");
    expect(propertyNames(documents.server, successSchema(documents.server, contract.getCurrentUser))).toContain("server_metadata");
  });

  // Regenerate with `npm run gen` when this fails.
  it.each(documentFiles.map((f) => [f.document, f.types, f.level] as const))("%s and %s are up to date with the contract", async (file, types, level) => {
    expect(readFileSync(file, "utf8")).toBe(serializeDocument(documents[level] as unknown as Json));
    expect(readFileSync(types, "utf8")).toBe(await buildOpenApiTypes(documents[level] as unknown as Json, file));
  });
});
