/**
 * The tRPC router's type, derived from the contract alone, so that the dashboard's typed hooks
 * (`@trpc/tanstack-react-query`) never import the server. Each procedure takes the REST request's
 * parts `{params?, query?, body?}` and answers the REST answer; GET procedures are queries, the rest
 * mutations; redirects (successStatus 302) are REST only and left out. Bodies and answers that differ by
 * access level are typed per level (`AppRouterFor<level>`).
 */
import type { TRPCBuiltRouter, TRPCDefaultErrorShape, TRPCMutationProcedure, TRPCQueryProcedure } from "@trpc/server";
import type { z } from "zod";
import type { Contract } from "./index.js";
import type { AccessType, DeclaredSchemasOf, PerAccess, ProcedureDefinition } from "./procedure.js";

/** A known error travels in the tRPC error's `data.knownError` as its REST body `{code, details?, error}`. */
export interface TrpcErrorShape extends TRPCDefaultErrorShape {
  data: TRPCDefaultErrorShape["data"] & { knownError?: { code: string; details?: unknown; error: string } };
}

/** What the server's `initTRPC` is created with (the server checks that its own matches). */
export interface TrpcRootTypes {
  ctx: object;
  meta: object;
  errorShape: TrpcErrorShape;
  transformer: false;
}

/** The schema a caller of `level` is held to: a per-level schema's own, else the next lower level's (as `schemaForAccess`). */
type SchemaAt<X, L extends AccessType> =
  X extends PerAccess<z.ZodType>
    ? L extends "admin"
      ? X extends { admin: infer S extends z.ZodType } ? S : X extends { server: infer S extends z.ZodType } ? S : X["client"]
      : L extends "server"
        ? X extends { server: infer S extends z.ZodType } ? S : X["client"]
        : X["client"]
    : X;

type InputAt<X, L extends AccessType> = [X] extends [never] ? never : z.input<SchemaAt<X, L>>;

/** The tRPC input of a procedure for callers of `level`: the REST request's parts. */
export type TrpcInputOf<D, L extends AccessType = "client"> =
  D extends ProcedureDefinition<infer P, infer Q>
    ? { params?: InputAt<P, L>; query?: InputAt<Q, L>; body?: InputAt<DeclaredSchemasOf<D>["body"], L> }
    : never;

/** What a caller of `level` gets back (the admin and server shapes carry fields clients never see). */
export type TrpcOutputOf<D, L extends AccessType = "client"> = z.input<SchemaAt<DeclaredSchemasOf<D>["output"], L>>;

type TrpcProcedureOf<D extends ProcedureDefinition, L extends AccessType> = D["method"] extends "GET"
  ? TRPCQueryProcedure<{ meta: unknown; input: TrpcInputOf<D, L> | undefined; output: TrpcOutputOf<D, L> }>
  : TRPCMutationProcedure<{ meta: unknown; input: TrpcInputOf<D, L> | undefined; output: TrpcOutputOf<D, L> }>;

/** The names of the procedures served over tRPC (every one but the redirects). */
export type TrpcProcedureName = { [K in keyof Contract]: Contract[K]["successStatus"] extends 302 ? never : K }[keyof Contract];

/**
 * The router as a caller of `level` sees it: each procedure's input and output are the schemas of that
 * level (one server serves every level; the caller's headers pick it). Types only: nothing here changes
 * what the server accepts or answers.
 */
export type AppRouterFor<L extends AccessType> = TRPCBuiltRouter<TrpcRootTypes, { [K in TrpcProcedureName]: TrpcProcedureOf<Contract[K], L> }>;

/** The router for client callers (a signed-in user, e.g. the dashboard's owner on the internal project). */
export type AppRouter = AppRouterFor<"client">;
/** The router for admin callers (the dashboard managing a project). */
export type AdminAppRouter = AppRouterFor<"admin">;
