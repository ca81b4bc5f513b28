/**
 * GET /metrics: the Prometheus text format. Served on a port of its own (LATCHKEY_METRICS_PORT, by
 * default on 127.0.0.1) or on the public port, and behind a bearer token whenever LATCHKEY_METRICS_TOKEN
 * is set; with neither, not at all (server/app.ts, server/main.ts).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import type { Metrics } from "../services/metrics.js";
import { describeError } from "../services/log.js";
import { errorReply, routeNotFoundReply } from "./wire.js";

const digest = (text: string) => createHash("sha256").update(text).digest();

export function metricsEndpoint(metrics: Metrics, token: string | null) {
  // Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first wrong byte.
  const expected = token === null ? null : digest(`Bearer ${token}`);
  return async function serveMetrics(c: Context): Promise<Response> {
    if (expected !== null && !timingSafeEqual(digest(c.req.header("authorization") ?? ""), expected)) throw statusError("metricsTokenRequired");
    return new Response(await metrics.render(), { headers: { "content-type": metrics.contentType, "cache-control": "no-store" } });
  };
}

/** The app of the metrics port: /metrics and nothing else. */
export function createMetricsApp(deps: AppDeps): Hono {
  const app = new Hono();
  app.get("/metrics", metricsEndpoint(deps.metrics, deps.config.metrics.token));
  const reply = (r: { status: number; body: string | null; headers: Record<string, string> }) => new Response(r.body, { status: r.status, headers: r.headers });
  app.notFound((c) => reply(routeNotFoundReply(c.req.method, c.req.path)));
  app.onError((error) => reply(errorReply(error, "metrics", (e) => deps.log.error("metrics failed", describeError(e)))));
  return app;
}
