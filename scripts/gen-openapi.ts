// Writes openapi.json and generated/schema.d.ts from the contract. Run with `npm run gen`.
import { mkdirSync, writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "./openapi/document.js";
import { buildOpenApiTypes } from "./openapi/types.js";

const document = buildOpenApiDocument();
writeFileSync("openapi.json", JSON.stringify(document, null, 2) + "\n");
mkdirSync("generated", { recursive: true });
writeFileSync("generated/schema.d.ts", await buildOpenApiTypes(document));
console.log(`openapi.json: ${Object.keys(document.paths as object).length} paths; generated/schema.d.ts written`);
