/** Reads a request's query and body the way the wire protocol sends them. */
import type { IncomingMessage } from "node:http";
import type { Context } from "hono";
import type { z } from "zod";
import type { HeaderReader } from "./auth.js";
import { MAX_BODY_BYTES } from "./hardening.js";
import { statusError, type StatusError } from "../errors.js";
import { bodyParsingError } from "./wire.js";

/**
 * Reads request headers by lower-case name. Served by Node, it reads Node's parsed header object
 * (repeated headers joined with ", ", as the Fetch API does): every request reads a dozen headers, and
 * the web Headers path validates and normalises each name again. In-process requests use Hono's.
 */
export function headerReaderOf(c: Context): HeaderReader {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return (name) => c.req.header(name);
  const headers = incoming.headers;
  return (name) => {
    const value = headers[name];
    return typeof value === "string" || value === undefined ? value : value.join(", ");
  };
}

type Kind = "boolean" | "number" | "array" | "other";

/** The scalar kind behind optional/nullable/default/pipe wrappers. */
function kindOf(schema: z.ZodType): Kind {
  let def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  for (let depth = 0; depth < 10; depth++) {
    if (def.type === "boolean") return "boolean";
    if (def.type === "number" || def.type === "int") return "number";
    if (def.type === "array") return "array";
    const next = (def.innerType ?? def.in) as { _zod: { def: typeof def } } | undefined;
    if (!next) return "other";
    def = next._zod.def;
  }
  return "other";
}

export type QueryReader = (url: string) => Record<string, unknown>;

/**
 * Builds a reader that turns a URL's query string into typed values using the schema: `"true"`/`"false"`
 * become booleans (and nothing else does), numeric strings become numbers, repeated keys become arrays
 * for array fields. Values that do not convert stay strings so validation reports them.
 */
export function queryReader(schema: z.ZodType | undefined): QueryReader {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
  const kinds = new Map(Object.entries(shape).map(([key, field]) => [key, kindOf(field)]));
  return (url) => {
    const out: Record<string, unknown> = {};
    const start = url.indexOf("?");
    if (start < 0) return out;
    const params = new URLSearchParams(url.slice(start + 1));
    for (const key of new Set(params.keys())) {
      const kind = kinds.get(key) ?? "other";
      if (kind === "array") {
        out[key] = params.getAll(key);
        continue;
      }
      const value = params.get(key) ?? "";
      if (kind === "boolean") out[key] = value === "true" ? true : value === "false" ? false : value;
      else if (kind === "number") out[key] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      else out[key] = value;
    }
    return out;
  };
}

/** How deeply arrays and objects may nest in a request body (deeper ones are refused before validation). */
export const MAX_JSON_NESTING = 128;

/** Whether a parsed JSON value nests arrays and objects deeper than `max` (checked without recursion). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (typeof current !== "object" || current === null) continue;
    if (depth > max) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}

/** The answer to a body over MAX_BODY_BYTES (read no further than the limit). */
export function bodyTooLarge(): StatusError {
  return statusError("bodyTooLarge", { maxBytes: MAX_BODY_BYTES });
}

/**
 * A request body as text, refusing more than MAX_BODY_BYTES. A declared length is checked before
 * reading (Node's parser delivers no more than it declares); a chunked body is counted as it arrives.
 */
async function readLimitedText(request: Request): Promise<string> {
  const declared = request.headers.get("content-length");
  if (declared !== null) {
    if (Number(declared) > MAX_BODY_BYTES) throw bodyTooLarge();
    return request.text();
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw bodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Parses a body by its content type: none → undefined; JSON → the value; form-urlencoded → a flat
 * object of strings; anything else is a BODY_PARSING_ERROR. Bodies over MAX_BODY_BYTES get a 413.
 */
export async function readBody(request: Request): Promise<unknown> {
  const text = await readLimitedText(request);
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (text.length === 0) return undefined;
  if (contentType === "application/json" || contentType === "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw bodyParsingError("The request body is not valid JSON.");
    }
    if (nestsDeeperThan(parsed, MAX_JSON_NESTING)) {
      throw bodyParsingError(`The request body nests arrays and objects more than ${MAX_JSON_NESTING} levels deep.`);
    }
    return parsed;
  }
  if (contentType === "application/x-www-form-urlencoded") {
    return Object.fromEntries(new URLSearchParams(text));
  }
  throw bodyParsingError(`Unsupported content type for a request body: ${contentType}. Send application/json.`);
}
