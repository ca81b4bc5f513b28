import { validate } from "@readme/openapi-parser";
import { buildOpenApiDocument } from "./document.js";
import { buildOpenApiTypes } from "./types.js";
for (const l of ["full", "client", "server", "admin"] as const) {
  const d = buildOpenApiDocument(l);
  const r = await validate(structuredClone(d) as never);
  const t = await buildOpenApiTypes(d);
  console.log(l, JSON.stringify(d, null, 2).length + 1, r.valid ? "valid" : JSON.stringify(r.errors).slice(0, 2000), t.length);
}
