/**
 * The same procedures over tRPC at /trpc, for the dashboard's typed hooks. Input is
 * `{params?, query?, body?}` (the REST request's parts); errors carry the known error in `data.knownError`.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { Contract } from "../../contract/index.js";
import { KnownError } from "../../contract/known-error.js";
import type { ProcedureDefinition } from "../../contract/procedure.js";
import type { AppRouter, TrpcRootTypes } from "../../contract/router.js";
import type { AppDeps } from "../deps.js";
import { describeError } from "../services/log.js";
import type { HeaderReader } from "./auth.js";
import type { HandlerMap } from "./handler.js";
import { createProcedureRunner, type RawInput } from "./procedure-runner.js";
import { requestRecorder } from "./request-metrics.js";
import { MAX_JSON_NESTING, nestsDeeperThan } from "./request-input.js";
import { StatusError } from "../errors.js";
import { trpcCodeForStatus } from "./trpc-status.js";

interface TrpcContext {
  header: HeaderReader;
  requestId: string;
  clientIp: string | null;
}

const t = initTRPC.context<TrpcContext>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return cause instanceof KnownError ? { ...shape, data: { ...shape.data, knownError: cause.toJSON() } } : shape;
  },
});

// The contract's router type (contract/router.ts) must describe this server's error shape and transformer.
type ServerRoot = (typeof t)["_config"]["$types"];
const rootTypesMatch: [ServerRoot["errorShape"], ServerRoot["transformer"]] extends [TrpcRootTypes["errorShape"], TrpcRootTypes["transformer"]] ? true : never = true;
void rootTypesMatch;

function toTrpcError(error: unknown, log: (e: unknown) => void): TRPCError {
  if (error instanceof KnownError || error instanceof StatusError) {
    return new TRPCError({ code: trpcCodeForStatus(error.status), message: error.message, cause: error });
  }
  log(error);
  return new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Something went wrong on our side. Please try again later." });
}

function parseRawInput(value: unknown): RawInput {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw new TRPCError({ code: "BAD_REQUEST", message: "input must be an object with params, query and body" });
  if (nestsDeeperThan(value, MAX_JSON_NESTING + 1)) throw new TRPCError({ code: "BAD_REQUEST", message: `input nests more than ${MAX_JSON_NESTING} levels deep` });
  const { params, query, body, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw new TRPCError({ code: "BAD_REQUEST", message: `input contains unknown properties: ${Object.keys(rest).join(", ")}` });
  return { params, query, body };
}

export function createTrpcRouter(contract: Contract, handlers: HandlerMap<Contract>, deps: AppDeps): AppRouter {
  const record: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(contract) as [keyof Contract, ProcedureDefinition][]) {
    if (definition.successStatus === 302) continue; // redirects are for browsers, over REST only
    const run = createProcedureRunner(name, definition, handlers[name], deps, `/trpc/${name}`);
    const procedure = t.procedure.input(parseRawInput);
    // Counted like REST requests, under the method TRPC and the status the REST answer would have had.
    const recordRequest = requestRecorder(deps.metrics, name, "TRPC");
    const resolve = async ({ ctx, input }: { ctx: TrpcContext; input: RawInput }) => {
      const startedAt = performance.now();
      try {
        const { output } = await run({ header: ctx.header, requestId: ctx.requestId, input, clientIp: ctx.clientIp });
        recordRequest(definition.successStatus, null, startedAt);
        return output;
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        recordRequest(typeof status === "number" ? status : 500, error, startedAt);
        throw toTrpcError(error, (e) => deps.log.error("trpc request failed", { procedure: name, requestId: ctx.requestId, ...describeError(e) }));
      }
    };
    record[name] = definition.method === "GET" ? procedure.query(resolve) : procedure.mutation(resolve);
  }
  return t.router(record as never) as unknown as AppRouter;
}

export type { AppRouter };

export function handleTrpcRequest(router: AppRouter, request: Request, requestId: string, clientIp: string | null): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/trpc",
    req: request,
    router,
    createContext: () => ({ header: (name: string) => request.headers.get(name) ?? undefined, requestId, clientIp }),
  });
}
