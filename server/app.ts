/** The HTTP application: the REST API under /api/v1 (and /api/latest), health, and later the pages. */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { contract } from "../contract/index.js";
import type { AppDeps } from "./deps.js";
import { handlers } from "./handlers/index.js";
import { healthCheck } from "./services/health.js";
import { clientIpOf } from "./http/client-ip.js";
import { apiCors } from "./http/cors.js";
import { apiSecurityHeaders, requestBodyLimit } from "./http/hardening.js";
import { overrideErrorStatus } from "./http/override-status.js";
import { mountRest } from "./http/rest-adapter.js";
import { createTrpcRouter, handleTrpcRequest } from "./http/trpc.js";
import { errorToResponse, JSON_TYPE, routeNotFound } from "./http/wire.js";
import { findProjectFile } from "./project-files.js";
import { describeError } from "./services/log.js";

export function createApp(deps: AppDeps): Hono {
  const app = new Hono();

  app.use("*", async function requestMeta(c, next) {
    const requestId = randomUUID();
    const started = performance.now();
    c.set("requestId" as never, requestId as never);
    await next();
    c.res.headers.set("x-stack-request-id", requestId);
    if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store, max-age=0");
    // The path only: query strings may carry codes or tokens.
    deps.log.debug("request", { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) });
  });
  app.use("*", apiSecurityHeaders(deps.config.publicUrl));
  app.use("/api/*", requestBodyLimit());
  app.use("/trpc/*", requestBodyLimit());

  app.get("/health", async (c) => {
    const body = await healthCheck(deps, c.req.query("db") !== undefined);
    return c.json(body, 200, {
      "content-type": JSON_TYPE,
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "*",
      "access-control-allow-headers": "*",
      "access-control-expose-headers": "*",
    });
  });

  app.use("/api/*", apiCors());
  let openApiDocument: string | undefined;
  app.get("/api/v1/openapi.json", () => {
    openApiDocument ??= readFileSync(findProjectFile("openapi.json"), "utf8");
    return new Response(openApiDocument, { headers: { "content-type": JSON_TYPE } });
  });
  for (const base of ["/api/v1", "/api/latest"]) {
    const api = new Hono();
    api.use("*", overrideErrorStatus());
    mountRest(api, contract, handlers, deps, base);
    api.all("*", (c) => routeNotFound(c.req.method, new URL(c.req.url).pathname));
    app.route(base, api);
  }
  app.all("/api/*", (c) => routeNotFound(c.req.method, new URL(c.req.url).pathname));

  const trpcRouter = createTrpcRouter(contract, handlers, deps);
  app.all("/trpc/*", (c) =>
    handleTrpcRequest(trpcRouter, c.req.raw, c.get("requestId" as never) as string, clientIpOf(c, (h) => c.req.header(h), deps.config.trustProxy)),
  );

  app.onError((error, c) => {
    const requestId = (c.get("requestId" as never) as string | undefined) ?? "unknown";
    return errorToResponse(error, requestId, (e) => deps.log.error("unhandled error", { requestId, ...describeError(e) }));
  });
  return app;
}
