import { cors } from "hono/cors";

/** Request headers browsers may send to the API. */
export const allowedRequestHeaders = [
  "content-type",
  "authorization",
  "x-stack-project-id",
  "x-stack-branch-id",
  "x-stack-override-error-status",
  "x-stack-random-nonce",
  "x-stack-client-version",
  "x-stack-disable-artificial-development-delay",
  "x-stack-access-type",
  "x-stack-publishable-client-key",
  "x-stack-secret-server-key",
  "x-stack-super-secret-admin-key",
  "x-stack-admin-access-token",
  "x-stack-workflow-token",
  "x-stack-refresh-token",
  "x-stack-access-token",
  "x-stack-allow-anonymous-user",
  "baggage",
  "sentry-trace",
  "x-vercel-protection-bypass",
  "ngrok-skip-browser-warning",
];

/** Response headers browsers must be able to read: without them every error looks like a success. */
export const exposedResponseHeaders = [
  "content-type",
  "x-stack-actual-status",
  "x-stack-known-error",
  "x-stack-request-id",
  "retry-after",
];

/**
 * CORS for the API. Any origin may call it: clients never send credentials (cookies), and every
 * request carries its own keys or tokens in headers.
 */
export function apiCors() {
  return cors({
    origin: "*",
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    allowHeaders: allowedRequestHeaders,
    exposeHeaders: exposedResponseHeaders,
    maxAge: 86400,
  });
}
