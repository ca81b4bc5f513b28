/**
 * Serves a contract's procedures as REST routes under a base path: reads the input the way the wire
 * protocol sends it (GET: query and path; other methods: JSON or form body too), runs the procedure
 * and writes the wire format. Fixed path segments are routed before parameters.
 */
import type { Context, Hono } from "hono";
import { successStatusOf, type ProcedureDefinition } from "../../contract/procedure.js";
import type { AppDeps } from "../deps.js";
import { describeError } from "../services/log.js";
import type { HandlerMap } from "./handler.js";
import { clientIpOf } from "./client-ip.js";
import { createProcedureRunner } from "./procedure-runner.js";
import { queryReader, readBody } from "./request-input.js";
import { compareRoutePaths, toHonoPath } from "./route-order.js";
import { errorToResponse, jsonResponse, methodNotAllowed, textResponse } from "./wire.js";

type Contract = Record<string, ProcedureDefinition>;

export function mountRest<C extends Contract>(api: Hono, contract: C, handlers: HandlerMap<C>, deps: AppDeps, basePath: string): void {
  const entries = Object.entries(contract).sort(([, a], [, b]) => compareRoutePaths(a.path, b.path));
  for (const [name, definition] of entries) {
    const run = createProcedureRunner(name, definition, handlers[name as keyof C], deps, basePath + definition.path);
    const readQuery = queryReader(definition.query);
    const successHeaders = { ...definition.responseHeaders };
    api.on(definition.method, toHonoPath(definition.path), async function handleProcedure(c: Context): Promise<Response> {
      const requestId = c.get("requestId" as never) as string;
      try {
        const input = {
          params: c.req.param(),
          query: readQuery(new URL(c.req.url).searchParams),
          body: definition.method === "GET" ? undefined : await readBody(c.req.raw),
        };
        const header = (h: string) => c.req.header(h);
        const { output } = await run({ header, requestId, input, clientIp: clientIpOf(c, header, deps.config.trustProxy) });
        return definition.contentType === "text/plain"
          ? textResponse(definition.successStatus, output as string)
          : jsonResponse(successStatusOf(definition, output), output, successHeaders);
      } catch (error) {
        return errorToResponse(error, requestId, (e) => deps.log.error("request failed", { procedure: name, requestId, ...describeError(e) }));
      }
    });
  }
  const paths = [...new Set(entries.map(([, d]) => d.path))].sort(compareRoutePaths);
  for (const path of paths) api.all(toHonoPath(path), () => methodNotAllowed());
}
