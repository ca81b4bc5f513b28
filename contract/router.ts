/**
 * The tRPC router's type, derived from the contract alone, so that the dashboard's typed hooks
 * (`@trpc/tanstack-react-query`) never import the server. Each procedure takes the REST request's
 * parts `{params?, query?, body?}` and answers the REST answer; GET procedures are queries, the rest
 * mutations; redirects (successStatus 302) are REST only and left out.
 */
import type { TRPCBuiltRouter, TRPCDefaultErrorShape, TRPCMutationProcedure, TRPCQueryProcedure } from "@trpc/server";
import type { z } from "zod";
import type { Contract } from "./index.js";
import type { PerAccess, ProcedureDefinition, ProcedureOutput } from "./procedure.js";

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

type InputOf<S> = S extends PerAccess<infer I> ? z.input<I> : S extends z.ZodType ? z.input<S> : never;
export type TrpcInputOf<D> =
  D extends ProcedureDefinition<infer P, infer Q, infer B>
    ? { params?: InputOf<P>; query?: InputOf<Q>; body?: InputOf<B> }
    : never;

type TrpcProcedureOf<D extends ProcedureDefinition> = D["method"] extends "GET"
  ? TRPCQueryProcedure<{ meta: unknown; input: TrpcInputOf<D> | undefined; output: ProcedureOutput<D> }>
  : TRPCMutationProcedure<{ meta: unknown; input: TrpcInputOf<D> | undefined; output: ProcedureOutput<D> }>;

/** The names of the procedures served over tRPC (every one but the redirects). */
export type TrpcProcedureName = { [K in keyof Contract]: Contract[K]["successStatus"] extends 302 ? never : K }[keyof Contract];

export type AppRouter = TRPCBuiltRouter<TrpcRootTypes, { [K in TrpcProcedureName]: TrpcProcedureOf<Contract[K]> }>;
