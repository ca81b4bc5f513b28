import { z } from "zod";
import type { KnownErrorCode } from "./known-error.js";
import type { StatusErrorName } from "./status-errors.js";
import type { AccessType } from "./access-types.js";

/** A known-error code (SCREAMING_CASE) or a plain-status error name (camelCase). */
export type ErrorName = KnownErrorCode | StatusErrorName;

export { accessTypes, type AccessType } from "./access-types.js";

/**
 * Who may call a procedure:
 * - `public`: no x-stack-* authentication is read (health, JWKS, the OAuth token endpoint);
 * - `optional`: authentication is resolved when the headers are present, never required;
 * - an access type: that level or a higher one is required.
 */
export type ProcedureAccess = "public" | "optional" | AccessType;

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Abuse-limit categories: requests of a category are counted per client address and per project. */
/** `send-invitation` has budgets of its own, so invitations cannot use up the ones sign-in mail needs. */
export type RateLimitCategory = "sign-in" | "sign-up" | "send-code" | "send-invitation" | "check-code" | "refresh" | "api-key-check" | "ai-chat" | "email-render";

/** A schema that may differ by the caller's access level (missing levels fall back to the next lower one). */
export type PerAccess<S extends z.ZodType> = { readonly client: S; readonly server?: S; readonly admin?: S };

export interface ProcedureDefinition<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  O extends z.ZodType = z.ZodType,
  M extends HttpMethod = HttpMethod,
  A extends ProcedureAccess = ProcedureAccess,
  S extends SuccessStatus = SuccessStatus,
> {
  readonly method: M;
  /** Path under /api/v1, with `{name}` parameters. */
  readonly path: string;
  readonly access: A;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /**
   * 200 for reads, updates, deletes and actions; 201 for creations; 302 for redirects (OAuth authorize
   * and callback, e-mail links), whose output is `redirectTarget` and goes out as the Location header
   * (the output may pick 303 or 307 instead, and add Set-Cookie headers).
   * Redirects are REST only: the tRPC router leaves them out.
   */
  readonly successStatus: S;
  /** A second success status for the answers `when` picks out (the CLI poll's 201 when it hands out the token). */
  readonly alternateSuccess?: AlternateSuccess<z.output<O>>;
  /**
   * Errors this procedure may answer with, known and plain-status, besides the ones common to its
   * access level (contract/access.ts). Tests fail when a handler throws one that is not declared.
   */
  readonly errors: readonly ErrorName[];
  readonly contentType?: "application/json" | "text/plain";
  /** Counted against the abuse limits of this category (429 with Retry-After past them). */
  readonly rateLimit?: RateLimitCategory;
  /** Headers of a successful answer, e.g. a Cache-Control other than the default no-store. */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B | PerAccess<B>;
  readonly output: O | PerAccess<O>;
}

export type SuccessStatus = 200 | 201 | 302;

/** The output of a redirect procedure (successStatus 302): where the browser goes next. */
export const redirectTarget = z.object({
  location: z.string().meta({ description: "The absolute or relative URL sent as the Location header." }),
  status: z.union([z.literal(302), z.literal(303), z.literal(307)]).optional().meta({ description: "The redirect's status; 302 when left out." }),
  cookies: z.array(z.string()).optional().meta({ description: "Set-Cookie header values sent with the redirect (headers, never a body)." }),
});
export type RedirectTarget = z.output<typeof redirectTarget>;

/** A success status other than `successStatus`, for the answers `when` accepts; OpenAPI lists both. */
export interface AlternateSuccess<T> {
  readonly status: 200 | 201;
  readonly description: string;
  /** A method, so that a definition's narrow answer type still fits `ProcedureDefinition`. */
  when(answer: T): boolean;
}

/** The status a successful answer goes out with. */
export function successStatusOf(definition: ProcedureDefinition, answer: unknown): number {
  return definition.alternateSuccess?.when(answer) ? definition.alternateSuccess.status : definition.successStatus;
}

/**
 * The body and output schemas exactly as a procedure declares them, per access level where they differ.
 * Types only (the key is never set at run time): `ProcedureDefinition` keeps one schema type for all
 * levels, so the per-level router types (contract/router.ts) read the levels from here.
 */
declare const declaredSchemas: unique symbol;
export interface DeclaredSchemas<BS, OS> {
  readonly body: BS;
  readonly output: OS;
}
/** A procedure's definition with its declared per-level schemas (what `defineProcedure` answers). */
export type DeclaredProcedure<D, BS, OS> = D & { readonly [declaredSchemas]?: DeclaredSchemas<BS, OS> };
/** The declared schemas of a procedure made with `defineProcedure`. */
export type DeclaredSchemasOf<D> = D extends { readonly [declaredSchemas]?: DeclaredSchemas<infer BS, infer OS> } ? DeclaredSchemas<BS, OS> : DeclaredSchemas<never, never>;

/** Declares a procedure; the identity function exists for type inference. */
export function defineProcedure<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  O extends z.ZodType = z.ZodNever,
  const M extends HttpMethod = HttpMethod,
  const A extends ProcedureAccess = ProcedureAccess,
  const S extends SuccessStatus = SuccessStatus,
  BS extends B | PerAccess<B> = never,
  OS extends O | PerAccess<O> = O,
>(
  definition: ProcedureDefinition<P, Q, B, O, M, A, S> & { readonly body?: BS; readonly output: OS },
): DeclaredProcedure<ProcedureDefinition<P, Q, B, O, M, A, S>, BS, OS> {
  return definition;
}

export function isPerAccess<S extends z.ZodType>(value: S | PerAccess<S>): value is PerAccess<S> {
  return typeof value === "object" && value !== null && "client" in value && !("_zod" in value);
}

/** Picks the schema for a caller's level, falling back to the next lower level. */
export function schemaForAccess<S extends z.ZodType>(value: S | PerAccess<S>, access: AccessType | null): S {
  if (!isPerAccess(value)) return value;
  if (access === "admin") return value.admin ?? value.server ?? value.client;
  if (access === "server") return value.server ?? value.client;
  return value.client;
}

type InferOr<S, Fallback> = S extends z.ZodNever ? Fallback : S extends z.ZodType ? z.output<S> : Fallback;
type SchemaOf<X> = X extends PerAccess<infer S> ? S : X;

/** The validated input a handler receives. */
export type ProcedureInput<D> =
  D extends ProcedureDefinition<infer P, infer Q, infer B, z.ZodType, HttpMethod, ProcedureAccess>
    ? {
        params: InferOr<P, Record<string, never>>;
        query: InferOr<Q, Record<string, never>>;
        body: InferOr<SchemaOf<B>, undefined>;
      }
    : never;

/** What a handler returns (the admin-level shape; lower levels are a subset). */
export type ProcedureOutput<D> =
  D extends ProcedureDefinition<z.ZodType, z.ZodType, z.ZodType, infer O, HttpMethod, ProcedureAccess> ? z.input<SchemaOf<O>> : never;
