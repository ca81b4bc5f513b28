/** The HTTP application: the REST API under /api/v1 (and /api/latest), health, tRPC, and later the pages. */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { contract } from "../contract/index.js";
import type { AppDeps } from "./deps.js";
import { handlers } from "./handlers/index.js";
import { healthCheck } from "./services/health.js";
import { STORAGE_PATH } from "./services/profile-images/store.js";
import { createApiResponder } from "./http/api-envelope.js";
import { apiDocsContentSecurityPolicy, renderApiDocs, type OpenApiDocument } from "./http/api-docs.js";
import { clientIpOf } from "./http/client-ip.js";
import { MAX_BODY_BYTES, NO_STORE, documentSecurityHeaders } from "./http/hardening.js";
import { metricsEndpoint } from "./http/metrics-endpoint.js";
import { mountPages } from "./http/pages.js";
import { STRIPE_WEBHOOK_PATHS, stripeWebhookHandler } from "./handlers/payments-stripe-webhook.js";
import { bodyTooLarge } from "./http/request-input.js";
import { apiEnvelopeOf, mountRest } from "./http/rest-adapter.js";
import { StaticMatchRouter } from "./http/static-match-router.js";
import { storedImageHandler } from "./http/storage-route.js";
import { projectLogoHandler } from "./http/project-logo-route.js";
import { PROJECT_LOGO_PATH } from "./services/branding/branding.js";
import { createTrpcRouter, handleTrpcRequest } from "./http/trpc.js";
import { errorReply, JSON_TYPE, routeNotFoundReply } from "./http/wire.js";
import { findProjectFile } from "./project-files.js";
import { mountIdentityProvider } from "./identity-provider/index.js";
import { describeError } from "./services/log.js";
import { connectWorkflowApi } from "./services/workflows/api-calls.js";

export function createApp(deps: AppDeps): Hono {
  const app = new Hono({ router: new StaticMatchRouter() });
  const api = createApiResponder(deps.config.publicUrl);
  const apiNotFound: MiddlewareHandler = async (c) => api.respond(routeNotFoundReply(c.req.method, c.req.path), apiEnvelopeOf(c));

  // The API builds each response whole (api-envelope.ts), so the middleware further down, registered
  // after these routes, never runs for it.
  app.options("/api/*", (c) => api.preflight(apiEnvelopeOf(c)));
  // The full document and one per access level (what that level may call, as it sees it).
  for (const file of ["openapi.json", "openapi.client.json", "openapi.server.json", "openapi.admin.json"]) {
    let document: string | undefined;
    app.get(`/api/v1/${file}`, (c) => {
      document ??= readFileSync(findProjectFile(file), "utf8");
      return api.respond({ status: 200, body: document, headers: { "content-type": JSON_TYPE } }, apiEnvelopeOf(c));
    });
  }
  // The reference page, rendered from the same documents once per level (api-docs.ts).
  const docsPages = new Map<string, string>();
  const docsDocuments: Partial<Record<string, OpenApiDocument>> = {};
  app.get("/api/v1/docs", (c) => {
    const asked = c.req.query("level");
    const level = asked === "client" || asked === "server" || asked === "admin" ? asked : null;
    // The index, searched (`q`, at most 100 characters) or not, or one resource's page (`tag`).
    const view = { tag: c.req.query("tag") ?? null, query: c.req.query("q")?.slice(0, 100).trim() || null };
    const key = view.query === null ? `${level ?? "all"} ${view.tag ?? ""}` : null;
    let page = key === null ? undefined : docsPages.get(key);
    if (page === undefined) {
      docsDocuments[level ?? "all"] ??= JSON.parse(readFileSync(findProjectFile(level ? `openapi.${level}.json` : "openapi.json"), "utf8")) as OpenApiDocument;
      page = renderApiDocs(docsDocuments[level ?? "all"]!, level, view);
      // Pages are kept for the known resources only, so unknown tags cannot grow the cache.
      if (key !== null && (view.tag === null || page.includes('<section class="op"'))) docsPages.set(key, page);
    }
    const headers = { "content-type": "text/html; charset=utf-8", "content-security-policy": apiDocsContentSecurityPolicy };
    return api.respond({ status: 200, body: page, headers }, apiEnvelopeOf(c));
  });
  // A person who opens the API root in a browser gets our reference (COMPATIBILITY.md, G6); every
  // programmatic call, the SDKs' diagnostics and Stack's suite included, still gets Stack's text.
  app.get("/api/v1", async (c, next) => {
    const navigation = c.req.header("sec-fetch-mode") === "navigate" && (c.req.header("accept") ?? "").includes("text/html");
    if (!navigation || new URL(c.req.url).search !== "") return next();
    return api.respond({ status: 302, body: "", headers: { location: "/api/v1/docs" } }, apiEnvelopeOf(c));
  });
  // Stripe's events: signed over the raw body, which the contract's adapter does not keep.
  const stripeWebhook = stripeWebhookHandler(deps);
  for (const path of STRIPE_WEBHOOK_PATHS) app.post(path, (c) => stripeWebhook(c.req.raw));
  // The project as an identity provider: the OAuth endpoints in the RFCs' own wire format, and the consent page.
  mountIdentityProvider(app, deps);
  // Workflow runs make their API calls through this app (services/workflows/api-calls.ts).
  connectWorkflowApi(deps, (request) => Promise.resolve(app.fetch(request)));
  for (const base of ["/api/v1", "/api/latest"]) {
    const routes = new Hono();
    mountRest(routes, contract, handlers, deps, base, api);
    routes.all("*", apiNotFound);
    app.route(base, routes);
  }
  app.all("/api/*", apiNotFound);

  // Everything else: the same security headers and a request id, added after the handler (a page may
  // set its own policy or caching, which is kept).
  const otherHeaders = Object.entries({ ...documentSecurityHeaders(deps.config.publicUrl), "cache-control": NO_STORE });
  app.use("*", async function commonHeaders(c, next) {
    const requestId = randomUUID();
    c.set("requestId" as never, requestId as never);
    await next();
    for (const [name, value] of otherHeaders) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    c.res.headers.set("x-stack-request-id", requestId);
    // The path only: query strings may carry codes or tokens.
    if (deps.log.debugEnabled) deps.log.debug("request", { requestId, method: c.req.method, path: c.req.path, status: c.res.status });
  });

  app.get("/health", async (c) => {
    const body = await healthCheck(deps, c.req.query("db") !== undefined);
    return c.json(body, body.status === "ok" ? 200 : 503, {
      "content-type": JSON_TYPE,
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "*",
      "access-control-allow-headers": "*",
      "access-control-expose-headers": "*",
    });
  });

  // Stored profile images, public by URL (http/storage-route.ts).
  app.get(`${STORAGE_PATH}/:folder/:file`, storedImageHandler(deps));
  // Project logos stored as data URLs, for mail clients (http/project-logo-route.ts).
  app.get(`${PROJECT_LOGO_PATH}/:projectId/:variant`, projectLogoHandler(deps));

  // On the public port only behind its token; with a port of its own, only there (main.ts).
  if (deps.config.metrics.token !== null && deps.config.metrics.port === null) app.get("/metrics", metricsEndpoint(deps.metrics, deps.config.metrics.token));

  // The hosted pages at /handler/*, the dashboard at /dashboard/* and `/` (http/pages.ts).
  mountPages(app, deps);

  const trpcRouter = createTrpcRouter(contract, handlers, deps);
  app.use("/trpc/*", bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorResponse(bodyTooLarge(), c.get("requestId" as never) as string) }));
  app.all("/trpc/*", (c) =>
    handleTrpcRequest(trpcRouter, c.req.raw, c.get("requestId" as never) as string, clientIpOf(c, (h) => c.req.header(h), deps.config.trustProxy)),
  );

  function errorResponse(error: unknown, requestId: string): Response {
    const reply = errorReply(error, requestId, (e) => deps.log.error("unhandled error", { requestId, ...describeError(e) }));
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  }
  app.onError((error, c) => errorResponse(error, (c.get("requestId" as never) as string | undefined) ?? "unknown"));
  return app;
}
