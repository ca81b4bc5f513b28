/**
 * The API reference page's samples: an example value built from a schema (its own `example`s first), and
 * each operation as a curl command and as a JavaScript `fetch` call, with the headers its first security
 * alternative names and the variables the quickstarts use (`$LATCHKEY_URL`, `$LATCHKEY_PROJECT_ID`, …).
 */
type Json = Record<string, unknown>;
export type Resolve = (node: unknown) => Json;

/** An example value of a schema: its `example`, else one made from its type (nested at most 4 deep). */
export function exampleOf(node: unknown, resolve: Resolve, depth = 0): unknown {
  const schema = resolve(node);
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (depth > 4) return null;
  const union = (schema.oneOf ?? schema.anyOf ?? schema.allOf) as unknown[] | undefined;
  if (union?.length) return exampleOf(union.find((member) => resolve(member).type !== "null") ?? union[0], resolve, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : (schema.type as string | undefined);
  switch (type) {
    case "object": {
      const properties = (schema.properties as Json | undefined) ?? {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      // Required fields, and optional ones while the example stays short.
      const names = Object.keys(properties).filter((name, i) => required.has(name) || i < 6);
      return Object.fromEntries(names.map((name) => [name, exampleOf(properties[name], resolve, depth + 1)]));
    }
    case "array":
      return [exampleOf(schema.items, resolve, depth + 1)];
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return true;
    case "string":
      return schema.format === "uuid" ? "00000000-0000-4000-8000-000000000000" : schema.format === "uri" ? "https://example.com" : schema.format === "email" ? "ada@example.com" : "string";
    default:
      return null;
  }
}

/** Header values by security scheme, as shell variables a project's `.env` provides. */
const headerValues: Record<string, { header: string; value: string }> = {
  projectId: { header: "x-stack-project-id", value: "$LATCHKEY_PROJECT_ID" },
  publishableClientKey: { header: "x-stack-publishable-client-key", value: "$LATCHKEY_PUBLISHABLE_CLIENT_KEY" },
  secretServerKey: { header: "x-stack-secret-server-key", value: "$LATCHKEY_SECRET_SERVER_KEY" },
  superSecretAdminKey: { header: "x-stack-super-secret-admin-key", value: "$LATCHKEY_SUPER_SECRET_ADMIN_KEY" },
  adminAccessToken: { header: "x-stack-admin-access-token", value: "$ADMIN_ACCESS_TOKEN" },
};

/** The request headers of an operation: its first security alternative, or a client's keys when it names none. */
function headersOf(operation: Json): [string, string][] {
  const first = Object.keys(((operation.security as Json[] | undefined) ?? [])[0] ?? { projectId: [], publishableClientKey: [] });
  const level = first.includes("superSecretAdminKey") || first.includes("adminAccessToken") ? "admin" : first.includes("secretServerKey") ? "server" : "client";
  const keys = first.filter((scheme) => scheme in headerValues).map((scheme) => [headerValues[scheme]!.header, headerValues[scheme]!.value] as [string, string]);
  if (!first.includes("publishableClientKey") && level === "client") keys.push([headerValues.publishableClientKey!.header, headerValues.publishableClientKey!.value]);
  return [["x-stack-access-type", level], ...keys];
}

/** `{user_id}` as a shell-friendly placeholder. */
const pathWith = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`);

export function curlSample(method: string, path: string, operation: Json, body: unknown): string {
  const lines = [`curl -X ${method.toUpperCase()} "$LATCHKEY_URL/api/v1${pathWith(path)}"`];
  for (const [header, value] of headersOf(operation)) lines.push(value.startsWith("$") ? `-H "${header}: ${value}"` : `-H '${header}: ${value}'`);
  if (body !== undefined) lines.push(`-H 'content-type: application/json'`, `-d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`);
  return lines.join(" \\\n  ");
}

export function fetchSample(method: string, path: string, operation: Json, body: unknown): string {
  const env = (value: string) => (value.startsWith("$") ? `process.env.${value.slice(1)}` : JSON.stringify(value));
  const headers = headersOf(operation).map(([header, value]) => `    "${header}": ${env(value)},`);
  if (body !== undefined) headers.push(`    "content-type": "application/json",`);
  return [
    `const response = await fetch(\`\${process.env.LATCHKEY_URL}/api/v1${pathWith(path)}\`, {`,
    `  method: "${method.toUpperCase()}",`,
    `  headers: {`,
    ...headers,
    `  },`,
    ...(body !== undefined ? [`  body: JSON.stringify(${JSON.stringify(body)}),`] : []),
    `});`,
    `console.log(response.status, await response.json());`,
  ].join("\n");
}
