/**
 * Reuse in a finished document, where zod-openapi leaves repeats: parameters that every operation of
 * a path declares move to the path, parameters and success responses declared alike in several places
 * become components, components nothing refers to go, and the component maps are sorted by name (so
 * that the documents read, and diff, predictably).
 */

type Json = Record<string, unknown>;
type Parameter = { in: string; name: string } & Json;
type PathItem = Record<string, { parameters?: (Parameter | { $ref: string })[] } & Json> & { parameters?: (Parameter | { $ref: string })[] };

const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const operationsOf = (item: PathItem) => methods.filter((method) => item[method]).map((method) => item[method]!);

/** A parameter's description is given once: zod-openapi copies it into the parameter's schema too. */
function dropRepeatedDescriptions(paths: Record<string, PathItem>): void {
  for (const item of Object.values(paths)) {
    for (const op of operationsOf(item)) {
      for (const p of op.parameters ?? []) {
        const schema = (p as Parameter).schema as Json | undefined;
        if (schema && schema.description === (p as Parameter).description) delete schema.description;
      }
    }
  }
}

/**
 * Success responses that are only a reference to a named schema, repeated alike by several operations,
 * become `components.responses` named after that schema.
 */
function shareSuccessResponses(paths: Record<string, PathItem>, taken: Record<string, unknown>): Record<string, Json> {
  const responsesOf = (op: Json) => Object.entries(op.responses as Record<string, Json>).filter(([status, r]) => Number(status) < 400 && !r.$ref);
  const all = Object.values(paths).flatMap((item) => operationsOf(item).flatMap(responsesOf).map(([, r]) => r));
  const uses = new Map<string, number>();
  for (const r of all) uses.set(JSON.stringify(r), (uses.get(JSON.stringify(r)) ?? 0) + 1);
  const components: Record<string, Json> = {};
  const names = new Map<string, string>();
  for (const [key, count] of uses) {
    const response = JSON.parse(key) as { content?: Record<string, { schema?: { $ref?: string } }>; headers?: unknown };
    const ref = Object.values(response.content ?? {})[0]?.schema?.$ref;
    const name = ref?.split("/").pop();
    if (count < 2 || !name || response.headers || Object.keys(response.content!).length !== 1 || taken[name] || components[name]) continue;
    components[name] = response as Json;
    names.set(key, name);
  }
  for (const item of Object.values(paths)) {
    for (const op of operationsOf(item)) {
      for (const [status, r] of responsesOf(op)) {
        const name = names.get(JSON.stringify(r));
        if (name) (op.responses as Json)[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  return components;
}

/** Parameters declared identically by every operation of a path are declared once, on the path. */
function hoistPathParameters(paths: Record<string, PathItem>): void {
  for (const item of Object.values(paths)) {
    const operations = operationsOf(item);
    if (operations.length < 2) continue;
    const [first, ...rest] = operations.map((op) => (op.parameters ?? []).map((p) => JSON.stringify(p)));
    const shared = first!.filter((p) => rest.every((params) => params.includes(p)));
    if (shared.length === 0) continue;
    item.parameters = shared.map((p) => JSON.parse(p) as Parameter);
    for (const op of operations) {
      op.parameters = op.parameters!.filter((p) => !shared.includes(JSON.stringify(p)));
      if (op.parameters.length === 0) delete op.parameters;
    }
  }
}

/**
 * Parameters declared alike in two places or more become `components.parameters`, named
 * `<in>.<name>` (with a number after it when the same parameter is declared in different ways).
 */
function shareParameters(paths: Record<string, PathItem>): Record<string, Parameter> {
  const lists = Object.values(paths).flatMap((item) => [item.parameters, ...operationsOf(item).map((op) => op.parameters)]).filter((list) => list !== undefined);
  const uses = new Map<string, number>();
  for (const list of lists) for (const p of list) uses.set(JSON.stringify(p), (uses.get(JSON.stringify(p)) ?? 0) + 1);
  const names = new Map<string, string>();
  const components: Record<string, Parameter> = {};
  for (const [key, count] of uses) {
    if (count < 2) continue;
    const parameter = JSON.parse(key) as Parameter;
    let name = `${parameter.in}.${parameter.name}`;
    for (let n = 2; components[name]; n++) name = `${parameter.in}.${parameter.name}.${n}`;
    components[name] = parameter;
    names.set(key, name);
  }
  for (const list of lists) {
    list.forEach((p, i) => {
      const name = names.get(JSON.stringify(p));
      if (name) list[i] = { $ref: `#/components/parameters/${name}` };
    });
  }
  return components;
}

const refPattern = /^#\/components\/(\w+)\/(.+)$/;

/** Calls `visit` with every `$ref` in a JSON value, and lets it replace the reference. */
function eachRef(value: unknown, visit: (ref: string) => string): void {
  if (value === null || typeof value !== "object") return;
  const node = value as Json;
  if (typeof node.$ref === "string") node.$ref = visit(node.$ref);
  for (const child of Object.values(node)) eachRef(child, visit);
}

/**
 * Drops the components that neither the paths nor the kept ones refer to, directly or not. Schemas
 * registered by hand are rendered for requests and answers alike; when only the answer's form
 * (`<name>Output`) is used, it takes the plain name.
 */
function pruneUnused(document: Json, keep: (kind: string, name: string) => boolean): void {
  const components = document.components as Record<string, Record<string, unknown>>;
  const used = new Set<string>();
  const queue: unknown[] = [document.paths];
  for (const [kind, map] of Object.entries(components)) {
    for (const [name, component] of Object.entries(map)) if (kind === "securitySchemes" || keep(kind, name)) queue.push(component), used.add(`${kind}/${name}`);
  }
  while (queue.length > 0) {
    eachRef(queue.pop(), (ref) => {
      const [, kind, name] = refPattern.exec(ref) ?? [];
      if (kind && name && !used.has(`${kind}/${name}`)) {
        used.add(`${kind}/${name}`);
        queue.push(components[kind]?.[name]);
      }
      return ref;
    });
  }
  for (const [kind, map] of Object.entries(components)) for (const name of Object.keys(map)) if (!used.has(`${kind}/${name}`)) delete map[name];
  const schemas = components.schemas ?? {};
  const renamed = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    const plain = name.replace(/Output$/, "");
    if (plain !== name && !(plain in schemas)) {
      schemas[plain] = schemas[name];
      delete schemas[name];
      renamed.set(`#/components/schemas/${name}`, `#/components/schemas/${plain}`);
    }
  }
  if (renamed.size > 0) eachRef(document, (ref) => renamed.get(ref) ?? ref);
}

/**
 * zod names the recursive schemas it meets without a name `__schema<n>` (a second `z.json()`, say);
 * one that is the same as a named schema is replaced by it.
 */
function mergeAnonymousSchemas(document: Json): void {
  const schemas = ((document.components as Record<string, Json>).schemas ?? {}) as Record<string, unknown>;
  const shapeOf = (name: string) => JSON.stringify(schemas[name]).replaceAll(`"#/components/schemas/${name}"`, '"#self"');
  const named = new Map(Object.keys(schemas).filter((name) => !name.startsWith("__schema")).map((name) => [shapeOf(name), name]));
  const merged = new Map<string, string>();
  for (const name of Object.keys(schemas).filter((n) => n.startsWith("__schema"))) {
    const target = named.get(shapeOf(name));
    if (!target) continue;
    merged.set(`#/components/schemas/${name}`, `#/components/schemas/${target}`);
    delete schemas[name];
  }
  if (merged.size > 0) eachRef(document, (ref) => merged.get(ref) ?? ref);
}

const sorted = <T>(map: Record<string, T>) => Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Applies the sharing above to a document built by zod-openapi, in place; `keep` names components to keep though unused. */
export function shareRepeats(document: Json, keep: (kind: string, name: string) => boolean): void {
  const paths = document.paths as Record<string, PathItem>;
  dropRepeatedDescriptions(paths);
  hoistPathParameters(paths);
  const components = document.components as Record<string, Record<string, unknown>>;
  components.responses = { ...components.responses, ...shareSuccessResponses(paths, components.responses ?? {}) };
  const parameters = shareParameters(paths);
  if (Object.keys(parameters).length > 0) components.parameters = { ...components.parameters, ...parameters };
  mergeAnonymousSchemas(document);
  pruneUnused(document, keep);
  for (const [kind, map] of Object.entries(components)) components[kind] = sorted(map);
}
