/**
 * Serves a contract's procedures as REST routes under a base path: reads the input the way the wire
 * protocol sends it (GET: query and path; other methods: JSON or form body too), runs the procedure
 * and writes the wire format. Fixed path segments are routed before parameters.
 */
import { randomUUID } from "node:crypto";
import type { Context, Hono } from "hono";
import { successStatusOf, type ProcedureDefinition, type RedirectTarget } from "../../contract/procedure.js";
import type { AppDeps } from "../deps.js";
import { describeError } from "../services/log.js";
import type { ApiEnvelope, ApiResponder } from "./api-envelope.js";
import type { HeaderReader } from "./auth.js";
import type { HandlerMap } from "./handler.js";
import { clientIpOf } from "./client-ip.js";
import { createProcedureRunner } from "./procedure-runner.js";
import { requestRecorder } from "./request-metrics.js";
import { headerReaderOf, queryReader, readBody } from "./request-input.js";
import { compareRoutePaths, toHonoPath } from "./route-order.js";
import { errorReply, jsonReply, methodNotAllowedReply, redirectReply, textReply, type WireReply } from "./wire.js";

type Contract = Record<string, ProcedureDefinition>;

/** A new request id (also kept on the context for the app's error handler) and the override flag. */
export function apiEnvelopeOf(c: Context, header: HeaderReader = headerReaderOf(c)): ApiEnvelope {
  const requestId = randomUUID();
  c.set("requestId" as never, requestId as never);
  return { requestId, overrideErrorStatus: header("x-stack-override-error-status") !== undefined };
}

export function mountRest<C extends Contract>(api: Hono, contract: C, handlers: HandlerMap<C>, deps: AppDeps, basePath: string, responder: ApiResponder): void {
  const entries = Object.entries(contract).sort(([, a], [, b]) => compareRoutePaths(a.path, b.path));
  for (const [name, definition] of entries) {
    const run = createProcedureRunner(name, definition, handlers[name as keyof C], deps, basePath + definition.path);
    const readQuery = queryReader(definition.query);
    const successHeaders = { ...definition.responseHeaders };
    const hasParams = definition.path.includes("{");
    const logFailure = (requestId: string) => (e: unknown) => deps.log.error("request failed", { procedure: name, requestId, ...describeError(e) });
    const recordRequest = requestRecorder(deps.metrics, name, definition.method);
    api.on(definition.method, toHonoPath(definition.path), async function handleProcedure(c: Context): Promise<Response> {
      const startedAt = performance.now();
      // Headers are read from Node's parsed ones where there are (request-input.ts), not through a Headers object.
      const header = headerReaderOf(c);
      const envelope = apiEnvelopeOf(c, header);
      let reply: WireReply;
      let failure: unknown = null;
      let cookies: readonly string[] = [];
      try {
        const input = {
          params: hasParams ? c.req.param() : {},
          query: readQuery(c.req.url),
          body: definition.method === "GET" ? undefined : await readBody(c.req.raw),
        };
        const { output } = await run({ header, requestId: envelope.requestId, input, clientIp: clientIpOf(c, header, deps.config.trustProxy), requestPath: c.req.path });
        const target = definition.successStatus === 302 ? (output as RedirectTarget) : null;
        cookies = target?.cookies ?? [];
        reply = target
          ? { ...redirectReply(target.location), status: target.status ?? 302 }
          : definition.contentType === "text/plain"
            ? textReply(definition.successStatus, output as string)
            : jsonReply(successStatusOf(definition, output), output, successHeaders);
      } catch (error) {
        failure = error;
        reply = errorReply(error, envelope.requestId, logFailure(envelope.requestId));
      }
      const response = responder.respond(reply, envelope);
      // Only redirects carry cookies (the OAuth flow's browser binding); appended, as there may be several.
      for (const cookie of cookies) response.headers.append("set-cookie", cookie);
      recordRequest(reply.status, failure, startedAt);
      if (deps.log.debugEnabled) deps.log.debug("request", { requestId: envelope.requestId, procedure: name, status: reply.status, ms: Math.round((performance.now() - startedAt) * 100) / 100 });
      return response;
    });
  }
  const paths = [...new Set(entries.map(([, d]) => d.path))].sort(compareRoutePaths);
  for (const path of paths) api.all(toHonoPath(path), (c) => responder.respond(methodNotAllowedReply(), apiEnvelopeOf(c)));
}
