/**
 * The API reference at /api/v1/docs: self-contained HTML pages rendered on the server from the served
 * OpenAPI documents (`?level=client|server|admin` for one access level's), so they need no script, no CDN
 * and no build step, and say exactly what the contract says. The first page is an index of every route,
 * grouped by resource, with a search (`?q=`, answered by the server); each resource's page (`?tag=`) holds
 * its routes in full: parameters, body fields with an example, answer fields with an example, the errors
 * they may return, a curl and a JavaScript `fetch` sample, and an SDK sample where `@latchkey/js` has a
 * method for the route (api-docs-sdk-samples.ts).
 */
import { createHash } from "node:crypto";
import { curlSample, exampleOf, fetchSample } from "./api-docs-samples.js";
import { sdkSamples, sdkSetup } from "./api-docs-sdk-samples.js";

type Json = Record<string, unknown>;
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Json>>;
  components?: Json;
}

const methods = ["get", "post", "put", "patch", "delete"];

const style = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fff}
header{padding:1.5rem 2rem;background:#111827;color:#f9fafb}header a{color:#93c5fd}
nav{position:fixed;top:0;bottom:0;left:0;width:17rem;overflow:auto;padding:1rem;border-right:1px solid #e5e7eb;background:#f9fafb;font-size:13px}
nav a{display:block;color:#374151;text-decoration:none;padding:1px 0}nav h2{font-size:13px;margin:1rem 0 .25rem;text-transform:uppercase;color:#6b7280}
main{margin-left:19rem;padding:0 2rem 4rem;max-width:60rem}section.op{border-top:1px solid #e5e7eb;padding:1rem 0}
.m{display:inline-block;min-width:4rem;font:600 12px monospace;padding:2px 6px;border-radius:4px;color:#fff;text-align:center}
.get{background:#2563eb}.post{background:#16a34a}.patch{background:#d97706}.put{background:#9333ea}.delete{background:#dc2626}
code,.path{font-family:ui-monospace,monospace;font-size:13px}table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:13px}
th,td{text-align:left;vertical-align:top;border-bottom:1px solid #f3f4f6;padding:4px 8px}th{color:#6b7280;font-weight:600}
.req{color:#dc2626}.muted{color:#6b7280}h3{font-size:14px;margin:.75rem 0 .25rem}
pre{background:#f3f4f6;padding:.5rem .75rem;overflow-x:auto;font-size:12px;border-radius:4px}details{margin:.5rem 0}summary{cursor:pointer;font-weight:600;font-size:13px}
ul.ops{list-style:none;padding:0;margin:.25rem 0 1rem}ul.ops li{padding:2px 0}ul.ops a{text-decoration:none;color:inherit}
form{margin:.75rem 0}input[type=search]{font:inherit;padding:4px 8px;width:20rem;max-width:100%}header input[type=search]{border:1px solid #6b7280;border-radius:4px}
@media (max-width:50rem){nav{position:static;width:auto;border-right:0}main{margin-left:0;padding:0 1rem 2rem}}
`;
const styleHash = createHash("sha256").update(style).digest("base64");

/** The page's own policy: its one inline style block, nothing else. */
export const apiDocsContentSecurityPolicy = `default-src 'none'; style-src 'sha256-${styleHash}'; frame-ancestors 'none'`;

const escape = (text: unknown) =>
  String(text ?? "").replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
/** Inline `code` spans of the contract's descriptions, escaped. */
const prose = (text: unknown) => escape(text).replace(/`([^`]+)`/g, "<code>$1</code>");

/** Which page of the reference: the index (optionally searched) or one resource in full. */
export interface ApiDocsView {
  tag: string | null;
  query: string | null;
}

export function renderApiDocs(document: OpenApiDocument, level: string | null, view: ApiDocsView = { tag: null, query: null }): string {
  const resolve = (node: unknown): Json => {
    let current = node as Json;
    for (let depth = 0; current && typeof current.$ref === "string" && depth < 20; depth++) {
      const path = (current.$ref as string).replace(/^#\//, "").split("/");
      current = path.reduce<unknown>((at, key) => (at as Json | undefined)?.[key], document) as Json;
    }
    return current ?? {};
  };
  const refName = (node: unknown) => (typeof (node as Json)?.$ref === "string" ? ((node as Json).$ref as string).split("/").pop()! : null);

  /** A schema's type in one line; named schemas by their name (and their type when it is a plain one). */
  const typeOf = (node: unknown, depth = 0): string => {
    const name = refName(node);
    const schema = resolve(node);
    const plain = typeof schema.type === "string" && schema.type !== "object" && schema.type !== "array" ? schema.type : null;
    if (name) return plain ? `${name} (${plain})` : name;
    if (depth > 3) return "…";
    if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    const union = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
    if (union) return union.map((member) => typeOf(member, depth + 1)).join(" | ");
    if (schema.type === "array") return `${typeOf(schema.items, depth + 1)}[]`;
    const type = Array.isArray(schema.type) ? schema.type.join(" | ") : ((schema.type as string | undefined) ?? "any");
    return type + (schema.format ? ` (${schema.format as string})` : "");
  };

  const fields = (node: unknown): string => {
    const schema = resolve(node);
    const properties = schema.properties as Json | undefined;
    const variants = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
    if (!properties && variants?.every((v) => resolve(v).properties)) {
      return variants.map((variant, i) => `<p class="muted">${i === 0 ? "One of:" : "or:"}</p>${fields(variant)}`).join("");
    }
    if (!properties) return `<p class="muted">${escape(typeOf(node))}</p>`;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const rows = Object.entries(properties).map(([name, property]) => {
      const resolved = resolve(property);
      const description = (property as Json).description ?? resolved.description ?? "";
      return `<tr><td><code>${escape(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ""}</td><td><code>${escape(typeOf(property))}</code></td><td>${prose(description)}</td></tr>`;
    });
    return `<table><tr><th>Field</th><th>Type</th><th>Description</th></tr>${rows.join("")}</table>`;
  };

  /** The error names a response may carry: the leaves of its oneOf schemas, with their descriptions. */
  const errorsOf = (node: unknown, seen = new Set<string>()): [string, string][] => {
    const name = refName(node);
    const schema = resolve(node);
    const union = schema.oneOf as unknown[] | undefined;
    if (union) return union.flatMap((member) => errorsOf(member, seen));
    if (!name || seen.has(name)) return [];
    seen.add(name);
    return [[name, (schema.description as string | undefined) ?? ""]];
  };

  interface Operation {
    tag: string;
    id: string;
    method: string;
    path: string;
    summary: string;
    render: () => string;
  }
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const id = (operation.operationId as string | undefined) ?? `${method}-${path}`;
      const tag = ((operation.tags as string[] | undefined) ?? ["Other"])[0]!;
      const render = () => {
        const parameters = ((operation.parameters as unknown[] | undefined) ?? []).map(resolve);
        const parameterRows = parameters.map(
          (p) => `<tr><td><code>${escape(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ""}</td><td>${escape(p.in)}</td><td><code>${escape(typeOf(p.schema))}</code></td><td>${prose(p.description)}</td></tr>`,
        );
        const body = resolve(operation.requestBody);
        const bodyContent = Object.entries((body.content as Json | undefined) ?? {})[0];
        const bodySchema = (bodyContent?.[1] as Json | undefined)?.schema;
        const bodyExample = bodySchema && bodyContent?.[0] === "application/json" ? exampleOf(bodySchema, resolve) : undefined;
        const responses = Object.entries((operation.responses as Json | undefined) ?? {}).map(([status, response]) => {
          const resolved = resolve(response);
          const contents = Object.entries((resolved.content as Json | undefined) ?? {});
          if (Number(status) < 400) {
            const schema = (contents[0]?.[1] as Json | undefined)?.schema;
            const example = schema && contents[0]?.[0] === "application/json" ? sample("Example answer", JSON.stringify(exampleOf(schema, resolve), null, 2)) : "";
            return `<h3>${escape(status)} ${prose(resolved.description)}</h3>${schema ? fields(schema) : ""}${example}`;
          }
          const errors = contents.flatMap(([, content]) => errorsOf((content as Json).schema));
          return `<h3>${escape(status)}</h3><table>${errors.map(([name, text]) => `<tr><td><code>${escape(name)}</code></td><td>${prose(text)}</td></tr>`).join("")}</table>`;
        });
        return [
          `<section class="op" id="${escape(id)}"><h2><span class="m ${method}">${method.toUpperCase()}</span> <span class="path">${escape(path)}</span></h2>`,
          `<p><strong>${prose(operation.summary)}</strong> <span class="muted">(${escape(id)})</span></p>`,
          operation.description ? `<p>${prose(operation.description)}</p>` : "",
          sample("curl", curlSample(method, path, operation, bodyExample), true),
          ...sdkOrFetch(id, fetchSample(method, path, operation, bodyExample)),
          parameterRows.length ? `<h3>Parameters</h3><table><tr><th>Name</th><th>In</th><th>Type</th><th>Description</th></tr>${parameterRows.join("")}</table>` : "",
          bodyContent ? `<h3>Body (${escape(bodyContent[0])})</h3>${fields(bodySchema)}${bodyExample !== undefined ? sample("Example body", JSON.stringify(bodyExample, null, 2)) : ""}` : "",
          responses.join(""),
          "</section>",
        ].join("");
      };
      operations.push({ tag, id, method, path, summary: String(operation.summary ?? ""), render });
    }
  }

  const tags = [...new Set(operations.map((o) => o.tag))].sort();
  const levelParam = level ? `level=${escape(level)}&amp;` : "";
  const tagLink = (tag: string) => `?${levelParam}tag=${encodeURIComponent(tag)}`;
  const nav = `<h2>Resources</h2>${tags.map((tag) => `<a href="${tagLink(tag)}">${escape(tag)}</a>`).join("")}`;
  const levels = ["all", "client", "server", "admin"]
    .map((l) => (l === (level ?? "all") ? `<strong>${l}</strong>` : `<a href="?level=${l}">${l}</a>`))
    .join(" · ");
  const search = `<form method="get" role="search">${level ? `<input type="hidden" name="level" value="${escape(level)}">` : ""}<label>Search routes <input type="search" name="q" value="${escape(view.query ?? "")}" placeholder="users, sign-in, /teams…"></label> <button type="submit">Search</button></form>`;

  let body: string;
  if (view.tag !== null && tags.includes(view.tag)) {
    const onPage = operations.filter((o) => o.tag === view.tag);
    const setup = onPage.some((o) => o.id in sdkSamples) ? sample("How the SDK samples make clientApp, serverApp and adminApp", sdkSetup) : "";
    body = `<h2>${escape(view.tag)}</h2><p><a href="?${levelParam.replace(/&amp;$/, "")}">All resources</a></p>${setup}${onPage.map((o) => o.render()).join("")}`;
  } else {
    const words = (view.query ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    const matches = operations.filter((o) => words.every((word) => `${o.tag} ${o.id} ${o.method} ${o.path} ${o.summary}`.toLowerCase().includes(word)));
    const heading = words.length ? `<p>${matches.length} of ${operations.length} routes match “${escape(view.query)}”.</p>` : `<p>${operations.length} routes in ${tags.length} resources. Open a resource for its fields, examples, errors and samples.</p>`;
    body =
      heading +
      tags
        .map((tag) => {
          const list = matches.filter((o) => o.tag === tag);
          if (list.length === 0) return "";
          const items = list.map((o) => `<li><a href="${tagLink(tag)}#${escape(o.id)}"><span class="m ${o.method}">${o.method.toUpperCase()}</span> <span class="path">${escape(o.path)}</span></a> ${prose(o.summary)}</li>`);
          return `<h2><a href="${tagLink(tag)}">${escape(tag)}</a></h2><ul class="ops">${items.join("")}</ul>`;
        })
        .join("");
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(document.info.title)} reference</title><style>${style}</style></head><body>
<nav aria-label="Resources">${nav}</nav><main><header><h1>${escape(document.info.title)} ${escape(document.info.version)}</h1><p>${prose(document.info.description)}</p>
<p>Access level: ${levels} · <a href="${level ? `openapi.${escape(level)}.json` : "openapi.json"}">OpenAPI document</a></p>${search}</header>
${body}</main></body></html>`;
}

/** The SDK sample of a route (open), with the fetch one folded; or only the fetch one, saying the SDK has no method for it. */
function sdkOrFetch(id: string, fetchCode: string): string[] {
  const sdk = sdkSamples[id as keyof typeof sdkSamples];
  if (!sdk) return [sample("JavaScript (fetch; the SDK has no method for this route)", fetchCode)];
  return [sample("JavaScript SDK (@latchkey/js, @stackframe/js)", sdk.code, true), sample("JavaScript (fetch)", fetchCode)];
}

/** A sample in a collapsible block (open when `open`). */
function sample(title: string, code: string, open = false): string {
  return `<details${open ? " open" : ""}><summary>${escape(title)}</summary><pre><code>${escape(code)}</code></pre></details>`;
}
