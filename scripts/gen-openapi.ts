// Writes the OpenAPI documents (openapi.json and openapi.<level>.json) and their types in generated/
// from the contract. Run with `npm run gen`.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { buildOpenApiDocument, documentFiles, serializeDocument } from "./openapi/document.js";
import { buildOpenApiTypes } from "./openapi/types.js";

for (const file of documentFiles) {
  const document = buildOpenApiDocument(file.level);
  const text = serializeDocument(document);
  writeFileSync(file.document, text);
  mkdirSync(dirname(file.types), { recursive: true });
  writeFileSync(file.types, await buildOpenApiTypes(document, file.document));
  console.log(`${file.document}: ${Object.keys(document.paths as object).length} paths, ${text.length} bytes; ${file.types} written`);
}
(await import("./openapi/known-errors-module.js")).writeKnownErrorsModule();
