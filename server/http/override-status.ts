import type { MiddlewareHandler } from "hono";

/**
 * With `x-stack-override-error-status` present (any value), an error status (400–599) is answered as
 * 200 with the real status in `x-stack-actual-status`, so browser clients can read error bodies.
 * Wraps everything under /api/v1, unknown routes and authentication failures included.
 */
export function overrideErrorStatus(): MiddlewareHandler {
  return async function overrideErrorStatusMiddleware(c, next) {
    await next();
    if (c.req.header("x-stack-override-error-status") === undefined) return;
    const status = c.res.status;
    if (status < 400 || status > 599) return;
    const headers = new Headers(c.res.headers);
    headers.set("x-stack-actual-status", String(status));
    c.res = new Response(c.res.body, { status: 200, headers });
  };
}
