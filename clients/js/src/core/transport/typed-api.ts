import type { Session } from "../tokens/session.js";
import type { AccessType, Transport } from "./transport.js";

/** HTTP methods the API uses. */
export type Method = "get" | "post" | "patch" | "put" | "delete";

/** The operation path `P` answers to method `M`. */
export type OperationOf<Paths, P extends keyof Paths, M extends Method> = Paths[P] extends { [K in M]: infer O } ? O : never;
/** The paths of `Paths` that answer method `M`. */
export type PathsWith<Paths, M extends Method> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: { responses: unknown } } ? P : never;
}[keyof Paths];

type ParametersOf<O> = O extends { parameters: infer X } ? X : never;
type PathParamsOf<O> = ParametersOf<O> extends { path: infer X } ? X : undefined;
type QueryOf<O> = ParametersOf<O> extends { query?: infer X } ? X : undefined;
type BodyOf<O> = O extends { requestBody?: { content: { "application/json": infer B } } }
  ? B
  : O extends { requestBody?: { content: { "application/x-www-form-urlencoded": infer B } } } ? B : undefined;
type JsonOf<R> = R extends { content: { "application/json": infer J } } ? J : undefined;
type SuccessOf<O> = O extends { responses: infer R } ? (R extends { 200: infer S } ? JsonOf<S> : R extends { 201: infer S } ? JsonOf<S> : undefined) : never;

type Optional<K extends string, V> = [V] extends [never]
  ? { [P in K]?: undefined }
  : [V] extends [undefined]
    ? { [P in K]?: undefined }
    : undefined extends V
      ? { [P in K]?: V }
      : Partial<V> extends V
        ? { [P in K]?: V }
        : { [P in K]: V };

/** What a call takes: path parameters, query and body, each as the generated types declare them. */
export type RequestParts<O> = Optional<"path", PathParamsOf<O>> & Optional<"query", QueryOf<O>> & Optional<"body", BodyOf<O>>;

/** The JSON a successful call answers. */
export type ResponseOf<Paths, P extends keyof Paths, M extends Method> = SuccessOf<OperationOf<Paths, P, M>>;

/**
 * A request function typed by one access level's generated `paths`: the path must exist for the method,
 * its parameters, query and body are checked, and the answer is typed. A contract change that breaks a
 * call breaks the type check.
 */
export interface TypedApi<Paths> {
  <M extends Method, P extends PathsWith<Paths, M>>(
    method: M,
    path: P,
    parts: RequestParts<OperationOf<Paths, P, M>>,
    session?: Session | null,
  ): Promise<ResponseOf<Paths, P, M>>;
}

/** Fills `{name}` placeholders (percent-encoded) and appends the query string. */
export function buildPath(template: string, path?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = path?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** A typed request function for one access level over `transport`. */
export function typedApi<Paths>(transport: Transport, accessType: AccessType): TypedApi<Paths> {
  return (async (method: Method, path: string, parts: { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown }, session?: Session | null) => {
    const response = await transport.send({ method: method.toUpperCase(), path: buildPath(path, parts.path, parts.query), body: parts.body }, session ?? null, accessType);
    const type = response.headers.get("content-type") ?? "";
    if (type.includes("json")) return (await response.json()) as unknown;
    const text = await response.text();
    return text === "" ? undefined : text;
  }) as TypedApi<Paths>;
}
